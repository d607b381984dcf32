import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

// The API server (Fastify, port 8080) serves the built SPA in production; in development Vite
// serves it on 5173 and hands the server's paths over (API_URL points elsewhere than :8080).
const api = process.env.API_URL ?? 'http://localhost:8080';
// The SPA's calls: /api, the sign-in, the downloads, and the spec's POST /search (the header
// search). The older unprefixed paths (/contrats, ...) are for other clients: not proxied.
const proxied = ['/api', '/oidc', '/.well-known', '/export', '/downloads', '/search'];
// The Host header is kept (no changeOrigin): `npm run dev` starts the server with
// PUBLIC_URL=http://localhost:5173, so the identity provider's issuer, its pages, form posts and
// cookies all live on the address the browser uses.

export default defineConfig({
  // Assets also written brotli- and gzip-compressed, served as such (scripts/precompress.ts).
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        // Each group takes only modules of the first screen ('$initial': imported statically
        // from the entry), so a library only lazy pages use (charts, drag and drop, ...) stays in
        // their chunks instead of being loaded before the first screen (docs/benchmarks.md,
        // "JavaScript before the first screen").
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 3,
              tags: ['$initial'],
            },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion)[\\/]/,
              priority: 2,
              tags: ['$initial'],
            },
            {
              name: 'react-admin',
              test: /node_modules[\\/](react-admin|ra-[a-z-]+|@tanstack)[\\/]/,
              priority: 2,
              tags: ['$initial'],
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1, tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: api, changeOrigin: false }])),
  },
  preview: { port: 5173 },
});

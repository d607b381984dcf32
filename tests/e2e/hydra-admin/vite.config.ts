import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Serves ./index.html (HydraAdmin) on its own port, another origin than the API under test.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
  server: { host: '127.0.0.1', strictPort: true },
  cacheDir: '../../../node_modules/.vite-hydra-admin',
  // Bundled before the first page, so that the page does not reload halfway through a test.
  optimizeDeps: {
    include: ['@api-platform/admin', '@api-platform/api-doc-parser', 'react', 'react-dom/client'],
  },
});

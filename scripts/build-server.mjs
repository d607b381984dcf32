// `npm run build` (after the SPA): the server compiled into one ES module, server/dist/main.js,
// with esbuild (already installed for tsx). npm packages stay imports of node_modules; only
// our own TypeScript (server/src and the shared src/domain rules) is bundled.
//
// Why not run the TypeScript through tsx in production: its loader keeps every transformed
// module and source map in memory, about 100 MiB of the idle server's resident memory
// (docs/benchmarks.md, "Exports"), and the exports must run within 300 MB.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';

export const SERVER_ENTRY = 'server/src/main.ts';
export const SERVER_BUNDLE = 'server/dist/main.js';
/**
 * How the bundle is run (`npm run serve` writes the same): Node's defaults. No flag is tuned for
 * the exports, whose heap settings last only while one runs (server/src/exports/heap.ts): the
 * 4 MiB semi-spaces once set here cost the API 12 % of its throughput (issue 19).
 */
export const SERVER_NODE_FLAGS = [];

export async function buildServer() {
  // No chunk of an earlier build left beside the new ones.
  rmSync(dirname(SERVER_BUNDLE), { recursive: true, force: true });
  await build({
    entryPoints: [SERVER_ENTRY],
    outdir: dirname(SERVER_BUNDLE),
    // Modules imported on demand (the seed) become chunks of their own, loaded only then.
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();

// The first-screen JavaScript benchmark (issue 19), part of `npm run bench` (bench/run.ts), or
// alone: `node --import tsx bench/bundle/run.ts`. In one run, with the same Vite and the same
// minifier defaults, it builds:
// - our SPA, with vite.config.ts as `npm run build` uses it, into a temporary directory (not
//   ./dist);
// - a minimal react-admin app in a temporary directory outside the repository, resolving its
//   packages from this repository's node_modules (a symlink): <Admin> with an in-memory
//   dataProvider, polyglotI18nProvider with ra-language-french, one <Resource> whose list is a
//   <List> with a <Datagrid> of three fields; Vite's default chunking, @vitejs/plugin-react.
// For each it counts the JavaScript the browser loads before the first screen: the entry
// script of index.html and every chunk it imports statically, transitively (read from the
// build manifest and checked against index.html's <script type=module> and
// <link rel=modulepreload> tags). Dynamic imports (the lazy pages) are not counted. Sizes:
// raw, gzip (zlib level 9), brotli (quality 11); target: gzip(ours) / gzip(minimal) <= 1.15.
//
// Environment: BENCH_QUICK=1 (no docs unless BENCH_WRITE=1), BENCH_WRITE=0 (print only).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type pg from 'pg';
import { build, version as viteVersion } from 'vite';
import { writeDocsSection } from '../api/docsSection.ts';
import { quick } from '../api/env.ts';
import { describeMachine } from '../api/machine.ts';

const env = process.env;
const TARGET = 1.15;
const repo = fileURLToPath(new URL('../../', import.meta.url));
const log = (line: string) => process.stdout.write(`${line}\n`);

/** The minimal app: what any react-admin app needs to show its first list, in French. */
const MINIMAL_HTML = `<!doctype html>
<html lang="fr">
  <head><meta charset="UTF-8" /><title>Minimal react-admin</title></head>
  <body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body>
</html>
`;
const MINIMAL_MAIN = `import polyglotI18nProvider from 'ra-i18n-polyglot';
import french from 'ra-language-french';
import { createRoot } from 'react-dom/client';
import { Admin, Datagrid, DateField, List, Resource, TextField } from 'react-admin';

const rows = [
  { id: 1, title: 'Contrat santé', date: '2026-01-01' },
  { id: 2, title: 'Contrat prévoyance', date: '2026-02-01' },
];
const one = async (params) => ({ data: rows.find((r) => String(r.id) === String(params.id)) });
const dataProvider = {
  getList: async () => ({ data: rows, total: rows.length }),
  getOne: one,
  getMany: async (_, { ids }) => ({ data: rows.filter((r) => ids.includes(r.id)) }),
  getManyReference: async () => ({ data: rows, total: rows.length }),
  create: async (_, { data }) => ({ data: { ...data, id: rows.length + 1 } }),
  update: async (_, { data }) => ({ data }),
  updateMany: async (_, { ids }) => ({ data: ids }),
  delete: one,
  deleteMany: async (_, { ids }) => ({ data: ids }),
};
const i18nProvider = polyglotI18nProvider(() => french, 'fr');

const ContractList = () => (
  <List>
    <Datagrid>
      <TextField source="id" />
      <TextField source="title" />
      <DateField source="date" />
    </Datagrid>
  </List>
);

createRoot(document.getElementById('root')).render(
  <Admin dataProvider={dataProvider} i18nProvider={i18nProvider}>
    <Resource name="contracts" list={ContractList} />
  </Admin>,
);
`;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Sizes {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

interface FirstScreen {
  name: string;
  js: Sizes;
  css: Sizes;
  /** The largest files loaded before the first screen: file name and gzip bytes. */
  largest: { file: string; gzip: number }[];
  /** Ours: what the sign-in's return (/callback) and the contract list load on demand. */
  callback?: Sizes;
  firstList?: Sizes;
}

const gzip = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const brotli = (bytes: Buffer) =>
  brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;

function sizesOf(outDir: string, files: Iterable<string>): Sizes {
  const sizes: Sizes = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const bytes = readFileSync(join(outDir, file));
    sizes.files++;
    sizes.raw += bytes.length;
    sizes.gzip += gzip(bytes);
    sizes.brotli += brotli(bytes);
  }
  return sizes;
}

/** The chunk behind `key` and every chunk it imports statically, transitively. */
function staticClosure(manifest: Manifest, keys: string[]): { js: Set<string>; css: Set<string> } {
  const seen = new Set<string>();
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js, css };
}

/** What index.html itself makes the browser fetch: module scripts, module preloads, styles. */
function htmlTags(outDir: string): { js: Set<string>; css: Set<string> } {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\b${name}="/?([^"]+)"`).exec(tag)?.[1];
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    if (/^<script\b/.test(tag) && /type="module"/.test(tag)) {
      const src = attribute(tag, 'src');
      if (src) js.add(src);
    } else if (/rel="modulepreload"/.test(tag)) {
      const href = attribute(tag, 'href');
      if (href) js.add(href);
    } else if (/rel="stylesheet"/.test(tag)) {
      const href = attribute(tag, 'href');
      if (href?.startsWith('assets/')) css.add(href);
    }
  }
  return { js, css };
}

async function viteBuild(root: string, outDir: string, cacheDir: string, minimal: boolean) {
  await build({
    root,
    mode: 'production',
    logLevel: 'warn',
    cacheDir,
    // Ours: vite.config.ts as `npm run build` reads it; the minimal app: no file, Vite's defaults.
    configFile: minimal ? false : join(root, 'vite.config.ts'),
    plugins: minimal ? [react()] : [],
    build: { outDir, emptyOutDir: true, manifest: true, reportCompressedSize: false },
  });
  return JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

function firstScreen(name: string, outDir: string, manifest: Manifest): FirstScreen {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const closure = staticClosure(manifest, entries);
  const tags = htmlTags(outDir);
  const missing = [...closure.js].filter((file) => !tags.js.has(file));
  const extra = [...tags.js].filter((file) => !closure.js.has(file));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      `${name}: index.html and the manifest disagree (not in index.html: ${missing.join(', ') || 'none'}; not in the manifest's closure: ${extra.join(', ') || 'none'})`,
    );
  }
  const largest = [...closure.js]
    .map((file) => ({ file, gzip: gzip(readFileSync(join(outDir, file))) }))
    .sort((a, b) => b.gzip - a.gzip);
  return {
    name,
    js: sizesOf(outDir, closure.js),
    css: sizesOf(outDir, new Set([...closure.css, ...tags.css])),
    largest,
  };
}

/** Ours: the chunks a lazy page adds on demand, beyond those loaded before the first screen. */
function onDemand(
  outDir: string,
  manifest: Manifest,
  loaded: Set<string>,
  source: string,
): Sizes | undefined {
  const key = Object.keys(manifest).find((k) => k.endsWith(source));
  if (!key) return undefined;
  const { js } = staticClosure(manifest, [key]);
  return sizesOf(
    outDir,
    [...js].filter((file) => !loaded.has(file)),
  );
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const chunkName = (file: string) => file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '.js');

function render(
  machine: Awaited<ReturnType<typeof describeMachine>>,
  ours: FirstScreen,
  minimal: FirstScreen,
): string {
  const ratio = ours.js.gzip / minimal.js.gzip;
  const row = (what: string, s: Sizes) =>
    `| ${what} | ${s.files} | ${kib(s.raw)} | ${kib(s.gzip)} | ${kib(s.brotli)} |`;
  const lazy = (what: string, sizes: Sizes | undefined) => (sizes ? [row(what, sizes)] : []);
  return [
    `Run on ${machine.date}: ${machine.cpus} CPUs (${machine.cpuModel}), load average ${machine.loadAverage} at the start, Node ${machine.node}, Vite ${viteVersion}; both apps built in this run, minified with Vite's defaults; gzip is zlib level 9, brotli quality 11.`,
    '',
    '| JavaScript before the first screen | Files | Raw KiB | gzip KiB | brotli KiB |',
    '|---|---:|---:|---:|---:|',
    row('Espace partenaire', ours.js),
    row('Minimal react-admin app (French)', minimal.js),
    '',
    `Ratio gzip(ours) / gzip(minimal): **${ratio.toFixed(2)}** (target at most ${TARGET}: ${ratio <= TARGET ? 'met' : 'not met'}); brotli ${(ours.js.brotli / minimal.js.brotli).toFixed(2)}.`,
    '',
    `Files before the first screen, gzip KiB: ours ${ours.largest.map((f) => `${chunkName(f.file)} ${kib(f.gzip)}`).join(', ')}; minimal ${minimal.largest.map((f) => `${chunkName(f.file)} ${kib(f.gzip)}`).join(', ')}.`,
    '',
    '| For information | Files | Raw KiB | gzip KiB | brotli KiB |',
    '|---|---:|---:|---:|---:|',
    row('CSS before the first screen, ours', ours.css),
    row('CSS before the first screen, minimal', minimal.css),
    ...lazy('Ours: what the return from sign-in (/callback) adds, lazy', ours.callback),
    ...lazy('Ours: what the contract list adds once signed in, lazy', ours.firstList),
  ].join('\n');
}

const BEGIN = '<!-- bench-bundle:begin (written by npm run bench) -->';
const END = '<!-- bench-bundle:end -->';

// describeMachine asks PostgreSQL its version; this part uses no database.
const noDatabase = {
  query: async () => ({ rows: [{ server_version: 'none' }] }),
} as unknown as pg.Pool;
const machine = await describeMachine(noDatabase);
const work = mkdtempSync(join(tmpdir(), 'ep-bench-bundle-'));
try {
  log('Building the SPA…');
  const oursOut = join(work, 'ours');
  const oursManifest = await viteBuild(repo, oursOut, join(work, 'cache-ours'), false);
  const ours = firstScreen('Espace partenaire', oursOut, oursManifest);
  const loaded = new Set(ours.largest.map((f) => f.file));
  ours.callback = onDemand(oursOut, oursManifest, loaded, 'src/pages/session/CallbackPage.tsx');
  ours.firstList = onDemand(
    oursOut,
    oursManifest,
    loaded,
    'src/resources/contracts/ContractList.tsx',
  );

  log('Building the minimal react-admin app…');
  const app = join(work, 'minimal');
  mkdirSync(join(app, 'src'), { recursive: true });
  writeFileSync(join(app, 'index.html'), MINIMAL_HTML);
  writeFileSync(join(app, 'src', 'main.jsx'), MINIMAL_MAIN);
  symlinkSync(join(repo, 'node_modules'), join(app, 'node_modules'), 'dir');
  const minimalOut = join(app, 'dist');
  const minimalManifest = await viteBuild(app, minimalOut, join(work, 'cache-minimal'), true);
  const minimal = firstScreen('Minimal react-admin app', minimalOut, minimalManifest);

  const section = render(machine, ours, minimal);
  log(`\n${section}\n`);
  if (env.BENCH_WRITE === '1' || (!quick && env.BENCH_WRITE !== '0')) {
    const docs = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));
    writeDocsSection(
      docs,
      { begin: BEGIN, end: END, heading: '## JavaScript before the first screen (issue 19)' },
      section,
    );
    log(`Written to ${docs}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

// Each part of `npm run bench` writes its figures into docs/benchmarks.md between its own two
// markers: the section is replaced where it stands, or appended under its heading the first
// time; then Biome formats the page (aligned tables), so `npm run lint` stays clean.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface DocsSection {
  begin: string;
  end: string;
  /** The heading it is appended under the first time ('## Search (issue 16)'). */
  heading: string;
}

export function writeDocsSection(file: string, where: DocsSection, section: string): void {
  const block = `${where.begin}\n${section}\n${where.end}`;
  const page = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const from = page.indexOf(where.begin);
  const to = page.indexOf(where.end);
  const next =
    from !== -1 && to > from
      ? `${page.slice(0, from)}${block}${page.slice(to + where.end.length)}`
      : `${page.trimEnd()}\n\n${where.heading}\n\n${block}\n`;
  writeFileSync(file, next);
  const biome = fileURLToPath(
    new URL('../../node_modules/@biomejs/biome/bin/biome', import.meta.url),
  );
  spawnSync(process.execPath, [biome, 'format', '--write', file], { stdio: 'ignore' });
}

// @vitest-environment node
// `npm run dev` serves the SPA from Vite, which hands the server's paths to it (vite.config.ts):
// every path the SPA's HTTP client calls must be one of them, or that screen fails in
// development only (the header search's POST /search did).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import config from '../../vite.config.ts';

/** The first segment of each path the SPA passes to its HTTP client: http('/search', ...). */
function calledSegments(): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync('src', { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(/\bhttp(?:<[^>]*>)?\(\s*['`](\/[\w.-]+)/g)) {
      found.add(match[1]);
    }
  }
  return found;
}

it('npm run dev proxies every path the SPA calls to the server', () => {
  const proxied = Object.keys(config.server?.proxy ?? {});
  const called = [...calledSegments()];
  expect(called).toContain('/search');
  expect(called).toContain('/api');
  expect(called.filter((segment) => !proxied.includes(segment))).toEqual([]);
});

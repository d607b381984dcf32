// README: "Node.js 20.19 or newer". Every installed package accepts it (no EBADENGINE warning
// from `npm install` on Node 20), and npm 11's allowScripts approves the install scripts the
// project needs (esbuild's binary, msw's worker), so the install prints no advisory either.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const require = createRequire(import.meta.url);
const semver = require('semver') as { satisfies(version: string, range: string): boolean };
const read = (name: string) => JSON.parse(readFileSync(join(ROOT, name), 'utf8'));

describe('Node 20.19 and npm install', () => {
  it('every locked package accepts Node 20.19', () => {
    const lock = read('package-lock.json') as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const refused = Object.entries(lock.packages).flatMap(([path, p]) => {
      const node = !Array.isArray(p.engines) ? p.engines?.node : undefined;
      return node && !semver.satisfies('20.19.0', node) ? [`${path} wants node ${node}`] : [];
    });
    expect(refused).toEqual([]);
    expect(read('package.json').engines.node).toBe('>=20.19');
  });

  it('approves the install scripts the project relies on', () => {
    expect(read('package.json').allowScripts).toMatchObject({ esbuild: true, msw: true });
  });
});

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECLARATIONS } from '../../../src/resources/index.ts';

// docs/security.md "Which guard covers which route" must say what the declarations do.
describe('docs/security.md route table', () => {
  it('lists every declared route with its area and right', () => {
    const doc = readFileSync(resolve(process.cwd(), 'docs/security.md'), 'utf8');
    // Cells may be padded to align the columns (the formatter does so).
    const rows = [...doc.matchAll(/^\| `([^`]+)` +\| (\S+) +\| (\S+) +\|$/gm)].map(
      ([, path, area, right]) => [path, area, right],
    );
    const declared = DECLARATIONS.flatMap((d) =>
      d.routes.map((r) => [r.path, r.guard.area ?? '—', r.guard.right ?? '—']),
    );
    const byPath = (a: string[], b: string[]) => a[0].localeCompare(b[0]);
    expect(rows.sort(byPath)).toEqual(declared.sort(byPath));
  });
});

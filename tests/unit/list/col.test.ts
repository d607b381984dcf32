// The SPA offers to sort a column only when its class declares the order (src/domain/schema),
// and the API seam (tests/api/schema-seams.test.ts) checks every declared order against
// hydra:search: together, a sortable column is one the API accepts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSortable } from '../../../src/domain/schema/index.ts';
import { API_ROUTES } from '../../../src/resources/api.ts';
import { DECLARATIONS } from '../../../src/resources/index.ts';

describe('isSortable', () => {
  it('follows the declaration: properties declared sortable and the class’s own orders', () => {
    expect(isSortable('brokers', 'username')).toBe(true);
    expect(isSortable('brokers', 'employee.lastname')).toBe(true); // an order of the class
    expect(isSortable('brokers', 'email')).toBe(false);
    expect(isSortable('subscriptions', 'contract')).toBe(true); // sorted by its number
    expect(isSortable('cotisations', 'total')).toBe(false); // a column computed for display
    expect(isSortable('cotisations', 'unknown')).toBe(false);
  });

  it('accepts every default order a screen declares, and the id', () => {
    const defaults = DECLARATIONS.flatMap((d) =>
      d.defaultSort ? [[d.name, d.defaultSort.field] as const] : [],
    );
    expect(defaults.length).toBeGreaterThan(10);
    for (const [resource, field] of defaults) {
      const aliased = API_ROUTES[resource]?.sortAliases?.[field] !== undefined;
      expect(aliased || isSortable(resource, field), `${resource} by ${field}`).toBe(true);
    }
    expect(isSortable('brokers', 'id')).toBe(true);
    expect(isSortable('insureds', 'start')).toBe(true); // spec §7: start maps to startAt
  });

  it('leaves a resource no class declares to react-admin', () => {
    expect(isSortable('nothing-declared', 'anything')).toBe(true);
  });
});

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.tsx') ? [path] : [];
  });
}

it('every list column of the screens is a Col, whose sorting follows the declaration', () => {
  const raw = sources(join(import.meta.dirname, '../../../src/resources')).filter((file) =>
    readFileSync(file, 'utf8').includes('<DataTable.Col'),
  );
  expect(raw).toEqual([]);
});

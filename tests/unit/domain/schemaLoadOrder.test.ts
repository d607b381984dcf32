// Whichever declaration module a bundle loads first, every class is defined when the list of
// classes is built: the production bundle of 1d34d61 loaded schema/rights.ts before
// schema/index.ts through an import loop (rights.ts → productRights.ts → index.ts → rights.ts),
// and the application stopped on « Chargement... » with seven classes undefined.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const SCHEMA = resolve(__dirname, '../../../src/domain/schema/');
const modules = readdirSync(SCHEMA).filter((file) => file.endsWith('.ts'));

describe('the class declarations, loaded in any order', () => {
  it.each(modules)('are all defined when %s is loaded first', async (first) => {
    vi.resetModules();
    await import(/* @vite-ignore */ resolve(SCHEMA, first));
    const { CLASSES } = await import('../../../src/domain/schema/index.ts');
    const { isProductRight } = await import('../../../src/domain/schema/productRights.ts');
    expect(CLASSES.filter((decl) => decl === undefined)).toEqual([]);
    expect(CLASSES.length).toBeGreaterThan(30);
    // A right only a declaration names is read through the whole list.
    expect(isProductRight('VIEW_SELLER')).toBe(true);
    expect(isProductRight('A_RIGHT_NOBODY_READS')).toBe(false);
  });
});

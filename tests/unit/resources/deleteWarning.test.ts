// What the generic detail says before a delete (spec administration §4, "deleting a role in use
// first shows its warning"): the record's own warning when its flag is set, and how many
// records still use it; nothing for a record with neither, or a class that declares no warning.
import { describe, expect, it } from 'vitest';
import { deleteWarningOf } from '../../../src/components/generic/GenericShow.tsx';
import { Role } from '../../../src/domain/schema/rights.ts';
import { Supplier } from '../../../src/domain/schema/supplier.ts';

describe('the warning before a delete', () => {
  it('says the role’s own warning and the profiles that lose it', () => {
    expect(
      deleteWarningOf(Role, {
        deleteWarning: true,
        warningMsg: 'Droit sensible.',
        profiles: [1, 2],
      }),
    ).toBe('Droit sensible. Utilisé par 2 profils : il leur sera retiré.');
    expect(deleteWarningOf(Role, { deleteWarning: false, warningMsg: 'x', profiles: [3] })).toBe(
      'Utilisé par 1 profil : il lui sera retiré.',
    );
  });

  it('says nothing when there is nothing to say', () => {
    expect(deleteWarningOf(Role, { deleteWarning: false, warningMsg: 'x', profiles: [] })).toBe(
      undefined,
    );
    expect(deleteWarningOf(Supplier, { name: 'April' })).toBe(undefined);
  });
});

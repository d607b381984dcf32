// A field's label is its declaration's, once: the screens read them through allLabels
// (react-admin's resources.<name>.fields), whatever parameter name a filter is sent under.
import { describe, expect, it } from 'vitest';
import { CLASSES } from '../../../src/domain/schema/index.ts';
import { Insured } from '../../../src/domain/schema/insured.ts';
import { Broker } from '../../../src/domain/schema/seller.ts';
import { allLabels, entries, filterOf } from '../../../src/domain/schema/types.ts';
import { UserImportLog } from '../../../src/domain/schema/userImport.ts';

describe('allLabels', () => {
  it("labels a property's filter aliases with the property's label", () => {
    const labels = allLabels(Insured);
    expect(labels['assure.lastname']).toBe(Insured.properties.lastname.label);
    expect(labels['assure.firstname']).toBe(Insured.properties.firstname.label);
  });

  it('lets no alias change the label of a property, a shown column, a filter or an order', () => {
    for (const decl of CLASSES) {
      const labels = allLabels(decl);
      for (const [name, p] of entries(decl)) expect(labels[name], name).toBe(p.label);
      for (const [name, label] of Object.entries(decl.shown ?? {})) {
        if (!decl.properties[name]) expect(labels[name], name).toBe(label);
      }
      for (const [, p] of entries(decl)) {
        for (const alias of filterOf(p)?.aliases ?? []) expect(labels[alias]).toBeTruthy();
      }
    }
  });

  it('gives the columns the screens compute, and the identity block of a member', () => {
    expect(allLabels(UserImportLog).duration).toBe('Durée');
    const broker = allLabels(Broker);
    expect(
      [
        'username',
        'email',
        'employee.jobFunction',
        'employee.organization',
        'employee.managedBy',
      ].map((k) => broker[k]),
    ).toEqual(["Nom d'utilisateur", 'Adresse e-mail', 'Fonction', 'Organisation', 'Manager']);
  });
});

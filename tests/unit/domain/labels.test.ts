// A field's label is its declaration's, once: the screens read them through allLabels
// (react-admin's resources.<name>.fields), whatever parameter name a filter is sent under.
import { describe, expect, it } from 'vitest';
import { Commission } from '../../../src/domain/schema/commission.ts';
import { Contract } from '../../../src/domain/schema/contract.ts';
import { CLASSES } from '../../../src/domain/schema/index.ts';
import { Insured } from '../../../src/domain/schema/insured.ts';
import { Broker } from '../../../src/domain/schema/seller.ts';
import { allLabels, entries, filterLabel, filterOf } from '../../../src/domain/schema/types.ts';
import { User } from '../../../src/domain/schema/user.ts';
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

describe('filterLabel', () => {
  it("reads a property filter's own wording, else the property's label, through its aliases", () => {
    expect(filterLabel(Insured, 'noss')).toBe('N° de sécurité sociale (début)');
    expect(filterLabel(Insured, 'postalCode')).toBe('Code postal (début)');
    expect(filterLabel(Insured, 'assure.lastname')).toBe(Insured.properties.lastname.label);
    expect(filterLabel(Contract, 'nbrInsured')).toBe('Avec assuré actif');
    expect(filterLabel(Contract, 'customer.idCc1')).toBe('Code client');
    expect(filterLabel(User, 'profile')).toBe('Profil');
  });

  it('names a date bound after its field', () => {
    expect(filterLabel(Contract, 'dtDebVal', 'after')).toBe('Date de début (à partir du)');
    expect(filterLabel(Contract, 'dtFinVal', 'before')).toBe("Date de fin (jusqu'au)");
    expect(filterLabel(Commission, 'datePayment', 'after')).toBe(
      `${Commission.properties.datePaymentCom.label} (à partir du)`,
    );
  });

  it('refuses a name the class does not filter on', () => {
    expect(() => filterLabel(Contract, 'nothing')).toThrow(/Contract has no filter nothing/);
  });
});

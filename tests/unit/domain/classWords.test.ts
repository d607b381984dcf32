// What the screens say of one record, in French (src/domain/schema/words.ts): the article and
// the adjective agree with the class's gender and elide before a vowel; every class of the
// schema gets its words, and the toasts and deletion question reach react-admin's keys.
import { describe, expect, it } from 'vitest';
import { CLASSES } from '../../../src/domain/schema/index.ts';
import { classWords } from '../../../src/domain/schema/words.ts';
import { messages } from '../../../src/providers/i18nProvider.ts';

describe('classWords', () => {
  it('agrees with a masculine title', () => {
    expect(classWords({ title: 'Droit' })).toEqual({
      newTitle: 'Nouveau droit',
      editTitle: 'Modifier le droit',
      created: 'Droit créé',
      updated: 'Droit enregistré',
      deleted: 'Droit supprimé',
      deleteTitle: 'Supprimer le droit « %{recordRepresentation} » ?',
      none: 'Aucun droit.',
    });
  });

  it('agrees with a feminine title', () => {
    expect(classWords({ title: 'Catégorie de contrat', gender: 'f' })).toMatchObject({
      newTitle: 'Nouvelle catégorie de contrat',
      editTitle: 'Modifier la catégorie de contrat',
      created: 'Catégorie de contrat créée',
      deleted: 'Catégorie de contrat supprimée',
      none: 'Aucune catégorie de contrat.',
    });
  });

  it('elides before a vowel', () => {
    expect(classWords({ title: 'État de contrat' })).toMatchObject({
      newTitle: 'Nouvel état de contrat',
      editTitle: "Modifier l'état de contrat",
    });
    expect(classWords({ title: 'Organisation', gender: 'f' })).toMatchObject({
      newTitle: 'Nouvelle organisation',
      editTitle: "Modifier l'organisation",
    });
  });
});

describe('the French messages', () => {
  it("name every class in react-admin's toasts and deletion question", () => {
    const resources = messages.resources as Record<string, Record<string, Record<string, string>>>;
    for (const c of CLASSES) {
      expect(resources[c.resource].notifications.created, c.name).toBe(classWords(c).created);
      expect(resources[c.resource].message.delete_title, c.name).toMatch(/^Supprimer /);
    }
    expect(resources.suppliers.notifications.updated).toBe('Fournisseur enregistré');
    expect(resources.contracts_categories.notifications.created).toBe('Catégorie de contrat créée');
  });
});

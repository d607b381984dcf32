// What the screens say of one record of a class, in French, from its title and gender: the
// creation and edit pages' titles, the toasts of a save or a deletion, the deletion's question.
// « Nouvelle catégorie de contrat », « Nouvel état de contrat », « Modifier l'état de contrat »,
// « Profil enregistré », « Supprimer le droit « Voir les vendeurs » ? ».
import type { AnyClass } from './types.ts';

/** A word whose article is elided (l', nouvel): it starts with a vowel or a mute h. */
const elided = (word: string) => /^[aeiouyhàâäéèêëîïôöûü]/i.test(word);

export interface ClassWords {
  newTitle: string;
  editTitle: string;
  created: string;
  updated: string;
  deleted: string;
  /** An empty list: « Aucun événement d'audit. », « Aucune compagnie d'assurance. » */
  none: string;
  /**
   * Polyglot: react-admin's delete button puts the record's `name`, `title` or `label` in
   * `%{recordRepresentation}`.
   */
  deleteTitle: string;
}

export function classWords(decl: Pick<AnyClass, 'title' | 'gender'>): ClassWords {
  const feminine = decl.gender === 'f';
  const noun = decl.title.charAt(0).toLowerCase() + decl.title.slice(1);
  const vowel = elided(noun);
  const the = vowel ? `l'${noun}` : `${feminine ? 'la' : 'le'} ${noun}`;
  const agreed = (participle: string) => `${decl.title} ${participle}${feminine ? 'e' : ''}`;
  return {
    newTitle: `${feminine ? 'Nouvelle' : vowel ? 'Nouvel' : 'Nouveau'} ${noun}`,
    editTitle: `Modifier ${the}`,
    created: agreed('créé'),
    updated: agreed('enregistré'),
    deleted: agreed('supprimé'),
    none: `${feminine ? 'Aucune' : 'Aucun'} ${noun}.`,
    deleteTitle: `Supprimer ${the} « %{recordRepresentation} » ?`,
  };
}

// The French words for the keys and values of the small JSON documents the screens show as they
// are recorded (an audit event's detail: what a list showed, what a write changed). The names
// of a class's properties come from its declaration; these are the words the recorders use.
import { RECORDED_ACTIONS } from './schema/rights.ts';

export const JSON_KEY_LABELS: Readonly<Record<string, string>> = {
  operation: 'Opération',
  values: 'Valeurs modifiées',
  changed: 'Modifiés (valeurs non conservées)',
  added: 'Ajoutés',
  removed: 'Retirés',
  before: 'Avant',
  after: 'Après',
  path: 'Adresse',
  filters: 'Filtres',
  order: 'Tri',
  page: 'Page',
  itemsPerPage: 'Lignes par page',
  total: 'Total',
  totalIsLowerBound: 'Total minimal (au moins)',
  shown: 'Lignes affichées',
  search: 'Recherche',
  kind: 'Type',
  format: 'Format',
  exportId: "Numéro de l'export",
  period: 'Période',
  disposition: 'Remise',
  recipientDomain: 'Domaine du destinataire',
};

/** A recorded operation's name: « Modification », « Désactivation »... */
export const OPERATION_WORDS: Readonly<Record<string, string>> = {
  ...RECORDED_ACTIONS,
  disable: 'Désactivation',
  enable: 'Réactivation',
};

// The audit trail's closed list of actions (issue 18 #11; docs/security.md, "Audit trail"),
// each with its French label: the server records only these (server/src/audit/record.ts), the
// class declarations name them (`audit` of src/domain/schema/types.ts), and the journal's
// screen shows and filters them by label. Pure data, shared by both halves.

export const AUDIT_ACTIONS = {
  'insured.list': "Liste d'assurés consultée",
  'insured.view': 'Fiche d’assuré consultée',
  'beneficiary.list': 'Ayants droit consultés',
  'beneficiary.view': 'Ayant droit consulté',
  'benefit.list': 'Prestations consultées',
  'benefit.view': 'Prestation consultée',
  'insured.export': "Export d'assurés",
  'contract.export': 'Export de contrats',
  'premium.export': 'Export de cotisations',
  'carte_tp.download': 'Carte de tiers payant téléchargée',
  'carte_tp.send': 'Carte de tiers payant envoyée par e-mail',
  'rights.change': 'Droits ou profils modifiés',
  'user.change': 'Utilisateur créé ou modifié',
  'access_group.change': 'Groupe partenaire modifié',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const isAuditAction = (value: unknown): value is AuditAction =>
  typeof value === 'string' && Object.hasOwn(AUDIT_ACTIONS, value);

/**
 * What a class's requests leave in the audit trail (a class declaration's `audit`): the
 * action of a GET of one member, of a GET of a list (one event per page, with the ids shown),
 * and of each write (in the write's own transaction: both are saved or neither).
 */
export interface AuditDecl {
  view?: AuditAction;
  list?: AuditAction;
  change?: AuditAction;
  /**
   * The properties whose values a change's record keeps (lists: added and removed; others:
   * before and after): '*' for every property, when the class holds no personal data (rights,
   * profiles). Other properties a write changes are only named: a user's name or e-mail never
   * enters the trail.
   */
  values?: '*' | readonly string[];
}

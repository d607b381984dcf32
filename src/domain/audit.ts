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
  // Profiles, rights, realms, themes and user types: the event's « Élément » says which.
  'rights.create': 'Droits et profils : création',
  'rights.update': 'Droits et profils : modification',
  'rights.delete': 'Droits et profils : suppression',
  'rights.tree': 'Droits et profils : arbre réorganisé',
  'user.create': 'Utilisateur créé',
  'user.update': 'Utilisateur modifié',
  'user.disable': 'Utilisateur désactivé',
  'user.enable': 'Utilisateur réactivé',
  'user.reset_link': 'Lien de réinitialisation envoyé',
  'user.delete': 'Utilisateur supprimé',
  'access_group.create': 'Groupe partenaire créé',
  'access_group.update': 'Groupe partenaire modifié',
  'access_group.delete': 'Groupe partenaire supprimé',
  // Older events, recorded before writes were told apart by their operation: the trail is never
  // rewritten (migration 019), so they keep these.
  'rights.change': 'Droits ou profils modifiés',
  'user.change': 'Utilisateur créé ou modifié',
  'access_group.change': 'Groupe partenaire créé ou modifié',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const isAuditAction = (value: unknown): value is AuditAction =>
  typeof value === 'string' && Object.hasOwn(AUDIT_ACTIONS, value);

/** The kinds of record whose writes the trail keeps, each action named `<kind>.<operation>`. */
export type ChangeKind = 'rights' | 'user' | 'access_group';

/** What a write did: `disable` and `enable` when it turned the declaration's `switch` off or on. */
export type ChangeOperation = 'create' | 'update' | 'delete' | 'disable' | 'enable';

/** The action a write of `kind` is recorded as: an operation the kind has no word for is an update. */
export function changeAction(kind: ChangeKind, operation: ChangeOperation): AuditAction {
  const action = `${kind}.${operation}`;
  return isAuditAction(action) ? action : (`${kind}.update` as AuditAction);
}

/**
 * What a class's requests leave in the audit trail (a class declaration's `audit`): the
 * action of a GET of one member, of a GET of a list (one event per page, with the ids shown),
 * and the kind of each write (in the write's own transaction: both are saved or neither),
 * recorded by its operation: `user.create`, `user.disable`.
 */
export interface AuditDecl {
  view?: AuditAction;
  list?: AuditAction;
  change?: ChangeKind;
  /**
   * A boolean property whose turning off or on is what a change did (a user's `enabled`): the
   * write is recorded as a disabling or an enabling, not as any update.
   */
  switch?: string;
  /**
   * The properties whose values a change's record keeps (lists: added and removed; others:
   * before and after): '*' for every property, when the class holds no personal data (rights,
   * profiles). Other properties a write changes are only named: a user's name or e-mail never
   * enters the trail.
   */
  values?: '*' | readonly string[];
}

// A user account as the administration manages it (spec administration §3 "User", §5, §7
// "Users"): GET /api/users (lookups included), GET and PUT /api/users/{id}, POST
// /api/users/create. The server's rules (server/src/resources/users/: who manages whom, no
// escalation, PROFILE_* never from the body) and the SPA's save rules (src/domain/userForm.ts)
// both read this declaration.
import { EMAIL_REGEX } from '../email.ts';
import { defineClass, idProperty, type PropertyDecl } from './types.ts';

/** Whoever holds USERS_MANAGEMENT, in its data scope (operator: all; partner: its partner's). */
const MANAGE = ['USERS_MANAGEMENT'];

/** What a user's write gives or takes, kept by the audit trail with its values. */
const AUDITED_RIGHTS = [
  'enabled',
  'realm',
  'userType',
  'roles',
  'profileRealm',
  'organization',
  'partnerId',
  'managedBy',
  'pole',
  'accessGroup',
];

const text = (
  label: string,
  column: string,
  maxLength: number,
  extra: Partial<PropertyDecl> = {},
) =>
  ({
    type: 'string',
    label,
    column: `app_user.${column}`,
    writable: true,
    nullable: true,
    maxLength,
    ...extra,
  }) as const satisfies PropertyDecl;

/** A to-one relation held in a column, embedded when read, written as an IRI or an id. */
const reference = (label: string, column: string, target: string, filterAlias: string) =>
  ({
    type: 'json',
    label,
    column: `app_user.${column}`,
    relation: { target },
    writable: true,
    nullable: true,
    filter: { kind: 'iri', aliases: [filterAlias] },
  }) as const satisfies PropertyDecl;

export const User = defineClass({
  name: 'User',
  resource: 'users',
  title: 'Utilisateur',
  plural: 'Utilisateurs',
  description:
    'Un compte qui se connecte à l’espace partenaire : son identité, son organisation, son profil et ses droits.',
  // Spec administration §7: POST /api/users/create; POST /api/users is served too (Hydra clients).
  paths: { collection: '/api/users', create: '/api/users/create' },
  table: 'app_user',
  display: 'username',
  access: { read: MANAGE, create: MANAGE, update: MANAGE },
  // The rights a write gives or takes are kept; a name or an e-mail changed is only named.
  audit: { change: 'user', switch: 'enabled', values: AUDITED_RIGHTS },
  messages: {
    notFound: 'Cet utilisateur est introuvable.',
    loadError: 'Une erreur est survenue durant le chargement des utilisateurs',
    saveError: "Une erreur est survenue durant la sauvegarde de l'utilisateur",
  },
  // The rights the account's profile gives (read from the profile, beside its own `roles`).
  shown: { profileRights: 'Droits donnés par le profil' },
  // Spec administration §9: users by ID ascending, page size 10.
  defaultOrder: [{ field: 'id', direction: 'asc' }],
  properties: {
    id: idProperty('app_user'),
    civility: {
      type: 'integer',
      label: 'Civilité',
      description: '1 Mme, 2 M.',
      column: 'app_user.civility',
      writable: true,
      nullable: true,
      filter: 'exact',
    },
    firstname: text('Prénom', 'firstname', 100, {
      required: true,
      nullable: false,
      sort: true,
      filter: 'partial',
    }),
    lastname: text('Nom', 'lastname', 100, {
      required: true,
      nullable: false,
      sort: true,
      // Spec administration §7: GET /users?lastname and the autocomplete ?employee.lastname.
      filter: { kind: 'partial', aliases: ['employee.lastname'] },
    }),
    jobFunction: text('Fonction', 'job_function', 100),
    username: text("Nom d'utilisateur", 'username', 180, {
      required: true,
      nullable: false,
      sort: true,
      filter: 'partial',
      pattern: {
        regex: '^[A-Za-z0-9][A-Za-z0-9._@-]*$',
        message:
          'commence par une lettre ou un chiffre et ne contient que des lettres sans accent, des chiffres et . _ @ -',
      },
    }),
    realm: {
      ...text('Royaume', 'realm', 60, { nullable: false, sort: true, filter: 'exact' }),
      description: "L'annuaire de l'authentification unique où le compte se connecte.",
      // A partner administrator's users are all in the partners' realm.
      writeRoles: ['PROFILE_ADMIN_AGEO'],
    },
    email: text('Adresse e-mail', 'email', 180, {
      required: true,
      nullable: false,
      sort: true,
      filter: 'partial',
      pattern: {
        regex: EMAIL_REGEX,
        message: "n'est pas une adresse e-mail valide.",
      },
    }),
    enabled: {
      type: 'boolean',
      label: 'Actif',
      choices: { true: 'Actif', false: 'Inactif' },
      column: 'app_user.enabled',
      writable: true,
      filter: 'exact',
      sort: { cursor: false },
    },
    plainPassword: {
      type: 'string',
      label: 'Mot de passe',
      description:
        "Choisi à la création ou changé par l'administrateur ; vide à la création : une invitation est envoyée.",
      readable: false,
      writable: true,
      nullable: true,
      maxLength: 200,
    },
    repeatPassword: {
      type: 'string',
      label: 'Confirmation du mot de passe',
      readable: false,
      writable: true,
      nullable: true,
      maxLength: 200,
    },
    typeSelected: {
      type: 'string',
      label: "Type d'utilisateur",
      description:
        "Le rôle PROFILE_* du type d'utilisateur (PROFILE_SELLER par défaut) : le seul rôle de profil du compte.",
      writable: true,
      pattern: { regex: '^PROFILE_[A-Z_]+$', message: "doit être un type d'utilisateur." },
    },
    userType: {
      type: 'json',
      label: 'Profil',
      description: 'Le type du compte : { id, label, role }.',
      sort: { column: 'app_user.user_type', aliases: ['userType.label', 'type'] },
    },
    roles: {
      type: 'json',
      label: 'Droits supplémentaires',
      description:
        'Les droits propres du compte (liste de codes) ; les rôles PROFILE_* ne sont jamais pris du corps.',
      writable: true,
    },
    profileRealm: {
      ...reference('Profil de droits', 'profile_realm_id', 'ProfileRealm', 'profileRealm.id'),
      description: 'Le profil, dans un royaume, dont le compte reçoit les droits.',
    },
    organization: reference('Organisation', 'organization_id', 'Organization', 'organization.id'),
    partnerId: {
      type: 'integer',
      label: 'Partenaire',
      description: "Le partenaire de l'organisation (déduit de l'organisation).",
      column: 'app_user.partner_id',
      writable: true,
      nullable: true,
      filter: 'iri',
    },
    managedBy: {
      ...reference('Manager', 'managed_by', 'Supervisor', 'managedBy.id'),
      description: 'Le manager du vendeur ; fixé à la création, jamais changé par une mise à jour.',
    },
    pole: reference('Pôle', 'pole_id', 'Pole', 'pole.id'),
    accessGroup: reference('Groupe partenaire', 'access_group_id', 'AccessGroup', 'accessGroup.id'),
    sellerCode: text('Code vendeur', 'seller_code', 40, {
      sort: true,
      filter: 'partial',
      pattern: {
        regex: '^[A-Za-z0-9_-]+$',
        message: 'ne peut contenir que des lettres sans accent, des chiffres, - et _.',
      },
    }),
    regroupementKey: text('Clé de regroupement', 'regroupement_key', 60, { filter: 'partial' }),
    idSso: text('Identifiant SSO', 'id_sso', 255),
    hasSsoAccount: {
      type: 'boolean',
      label: 'Compte SSO',
      description: "Le compte est relié à l'annuaire (idSso renseigné).",
    },
    hasLdap: {
      type: 'boolean',
      label: 'Compte LDAP',
      column: 'app_user.has_ldap',
      writable: true,
    },
    lastLogged: {
      type: 'dateTime',
      label: 'Dernière connexion',
      column: 'app_user.last_logged',
      nullable: true,
      sort: { emptyLast: true },
      filter: 'date',
    },
    createdAt: {
      type: 'dateTime',
      label: 'Créé le',
      column: 'app_user.created_at',
      sort: true,
    },
  },
  filters: {
    // Spec administration §5, §7: GET /api/users?exact_username&realm, the first member or none.
    exact_username: { kind: 'exact', label: "Nom d'utilisateur exact" },
    'userType.id': {
      kind: 'iri',
      label: "Type d'utilisateur",
      type: 'integer',
      column: 'app_user.user_type',
      aliases: ['userType'],
    },
    // The profile whatever its realm (a join written by the server).
    'profileRealm.profile': { kind: 'iri', label: 'Profil', type: 'integer', aliases: ['profile'] },
  },
});

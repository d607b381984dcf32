// Rights as data (spec administration §3, §6, §7; docs/security.md, "Rights come from data"):
// realms, role themes, user types, profiles owning realms and roles, a profile in a realm (what
// a user is given), the roles tree, and the history of every change to them. A user's rights
// are its own roles plus its profile's, expanded through the hierarchy of §6
// (server/src/auth/rights.ts): what these screens edit is what the server authorises.
import { REALM_NAME } from '../directory.ts';
import { PROFILE_ROLE_LABELS, ROLE_HIERARCHY } from '../roles.ts';
import { isProductRight } from './productRights.ts';
import { defineClass, idProperty } from './types.ts';

/** The profile roles of the hierarchy (spec §6), highest first. */
const PROFILE_ROLES = ROLE_HIERARCHY.filter((role) => role.startsWith('PROFILE_'));

/** Operator administrators edit rights; whoever manages users reads them (the user form). */
const EDIT = ['PROFILE_ADMIN_AGEO'];
const READ = ['PROFILE_ADMIN_AGEO', 'USERS_MANAGEMENT'];
const access = { read: READ, create: EDIT, update: EDIT, delete: EDIT };

/** A writable to-many relation held in a link table, filtered by the related id (`alias`). */
const linked = (
  label: string,
  target: string,
  through: { table: string; owner: string; target: string },
  alias: string,
  only?: { property: string; equals: boolean; message: string },
) =>
  ({
    type: 'integer',
    label,
    // Written as the spec's body names it: realms[{realm}], roles[{role}].
    relation: {
      target,
      many: true,
      through,
      member: alias.slice(alias.indexOf('.') + 1),
      ...(only ? { only } : {}),
    },
    writable: true,
    filter: { kind: 'iri', aliases: [alias] },
  }) as const;

const description = (table: string) =>
  ({
    type: 'string',
    label: 'Description',
    column: `${table}.description`,
    writable: true,
    nullable: true,
    maxLength: 255,
  }) as const;

export const Realm = defineClass({
  name: 'Realm',
  resource: 'realms',
  title: 'Royaume',
  plural: 'Royaumes',
  description: "Un annuaire d'utilisateurs de l'authentification unique (realm).",
  paths: { collection: '/api/realms' },
  table: 'realm',
  generic: true,
  audited: true,
  audit: { change: 'rights', values: '*' },
  screens: { path: '/admin/droits/royaumes', area: 'admin' },
  display: 'name',
  access,
  messages: {
    notFound: 'Ce royaume est introuvable.',
    inUse: 'Suppression impossible : des profils ou des droits sont rattachés à ce royaume.',
    // Spec administration §8, spelling kept.
    loadError: 'Une erreur est survenue durant le chargement des rayaumes',
  },
  defaultOrder: [{ field: 'id', direction: 'asc' }],
  pageSize: 100,
  properties: {
    id: idProperty('realm'),
    name: {
      type: 'string',
      label: 'Nom',
      column: 'realm.name',
      writable: true,
      required: true,
      maxLength: 60,
      // The name of a Keycloak realm, also a path segment of its addresses.
      pattern: {
        regex: REALM_NAME.source,
        message: 's’écrit en lettres sans accent, chiffres, « . », « - » et « _ », sans espace.',
      },
      filter: 'partial',
      sort: true,
    },
    description: description('realm'),
  },
});

export const RoleTheme = defineClass({
  name: 'RoleTheme',
  resource: 'role_themes',
  title: 'Thème de droits',
  plural: 'Thèmes de droits',
  description: 'Un thème qui regroupe des droits à l’écran.',
  paths: { collection: '/api/role_themes' },
  table: 'role_theme',
  generic: true,
  audited: true,
  audit: { change: 'rights', values: '*' },
  screens: { path: '/admin/droits/themes', area: 'admin' },
  display: 'name',
  access,
  messages: {
    notFound: 'Ce thème est introuvable.',
    inUse: 'Suppression impossible : des droits appartiennent à ce thème.',
  },
  // Spec administration §9: other lists by ID ascending.
  defaultOrder: [{ field: 'id', direction: 'asc' }],
  pageSize: 100,
  properties: {
    id: idProperty('role_theme'),
    name: {
      type: 'string',
      label: 'Nom',
      column: 'role_theme.name',
      writable: true,
      required: true,
      maxLength: 100,
      filter: 'partial',
      sort: true,
    },
    description: description('role_theme'),
  },
});

export const UserType = defineClass({
  name: 'UserType',
  resource: 'userTypes',
  title: "Type d'utilisateur",
  plural: "Types d'utilisateur",
  description: 'Le type d’un compte, et le rôle de profil que ce type donne à ses utilisateurs.',
  paths: { collection: '/api/userTypes' },
  table: 'user_type',
  generic: true,
  audited: true,
  audit: { change: 'rights', values: '*' },
  screens: { path: '/admin/droits/types', area: 'admin' },
  display: 'name',
  access,
  messages: {
    notFound: "Ce type d'utilisateur est introuvable.",
    inUse: 'Suppression impossible : des utilisateurs sont de ce type.',
    saveError: 'Une erreur est survenue durant la création du userType',
  },
  defaultOrder: [{ field: 'id', direction: 'asc' }],
  pageSize: 100,
  properties: {
    id: idProperty('user_type'),
    name: {
      type: 'string',
      label: 'Libellé',
      column: 'user_type.name',
      writable: true,
      required: true,
      maxLength: 100,
      filter: 'partial',
      sort: true,
    },
    role: {
      type: 'string',
      label: 'Rôle du profil',
      description: 'Le rôle PROFILE_* que ce type donne à chacun de ses utilisateurs.',
      column: 'user_type.role',
      writable: true,
      required: true,
      maxLength: 60,
      // A role of the hierarchy of spec §6, which the rules expand: any other PROFILE_* code
      // would give its users nothing below it. One type per role (migration 029). Offered as
      // a list, each by its name and code, those another type holds disabled.
      unique: true,
      choices: Object.fromEntries(
        PROFILE_ROLES.map((role) => [role, `${PROFILE_ROLE_LABELS[role] ?? role} (${role})`]),
      ),
      pattern: {
        regex: `^(${PROFILE_ROLES.join('|')})$`,
        message: `doit être un rôle de profil de la hiérarchie : ${PROFILE_ROLES.join(', ')}.`,
      },
      filter: 'exact',
      sort: true,
    },
  },
});

export const Profile = defineClass({
  name: 'Profile',
  resource: 'profiles',
  title: 'Profil',
  plural: 'Profils',
  description: 'Un ensemble de droits attribué aux utilisateurs, dans un ou plusieurs royaumes.',
  paths: { collection: '/api/profiles' },
  table: 'profile',
  generic: true,
  audited: true,
  audit: { change: 'rights', values: '*' },
  screens: { path: '/admin/droits/profils', area: 'admin' },
  display: 'name',
  access,
  messages: {
    notFound: 'Ce profil est introuvable.',
    inUse: 'Suppression impossible : des utilisateurs ont ce profil.',
    loadError: 'Une erreur est survenue durant le chargement des profiles',
    saveError: 'Une erreur est survenue durant la création du profile',
  },
  // Spec administration §9: other lists by ID ascending.
  defaultOrder: [{ field: 'id', direction: 'asc' }],
  properties: {
    id: idProperty('profile'),
    name: {
      type: 'string',
      label: 'Nom',
      column: 'profile.name',
      writable: true,
      required: true,
      maxLength: 100,
      filter: 'partial',
      sort: true,
    },
    description: description('profile'),
    isRestricted: {
      type: 'boolean',
      label: 'Réservé à l’opérateur',
      description: 'Seul un administrateur AGEO peut attribuer ce profil.',
      column: 'profile.is_restricted',
      writable: true,
      filter: 'exact',
      sort: { cursor: false },
    },
    realms: linked(
      'Royaumes',
      'Realm',
      { table: 'profile_realm', owner: 'profile_id', target: 'realm_id' },
      'realms.realm',
    ),
    roles: linked(
      'Droits',
      'Role',
      { table: 'profile_role', owner: 'profile_id', target: 'role_id' },
      'roles.role',
      // A folder only arranges the tree: it gives no right.
      {
        property: 'isFolder',
        equals: false,
        message: 'Un dossier ne se donne pas : choisissez des droits, pas des dossiers.',
      },
    ),
  },
});

export const ProfileRealm = defineClass({
  name: 'ProfileRealm',
  resource: 'profileRealms',
  title: 'Profil par royaume',
  plural: 'Profils par royaume',
  description: 'Un profil dans un royaume : ce qu’un utilisateur reçoit.',
  paths: { collection: '/api/profileRealms' },
  screens: { path: '/admin/droits/profils-par-royaume', area: 'admin' },
  display: 'profileName',
  // Written through the profile's realms.
  access: { read: READ },
  messages: {
    notFound: 'Ce profil par royaume est introuvable.',
    loadError: 'Une erreur est survenue durant le chargement des profiles par realm',
  },
  defaultOrder: [{ field: 'profileName', direction: 'asc' }],
  pageSize: 100,
  properties: {
    id: idProperty('profile_realm'),
    // The list shows the names (sortable); the detail links the profile and the realm.
    profile: {
      type: 'integer',
      label: 'Profil',
      column: 'profile_realm.profile_id',
      listed: false,
      relation: { target: 'Profile' },
      filter: { kind: 'iri', aliases: ['profile.id'] },
    },
    realm: {
      type: 'integer',
      label: 'Royaume',
      column: 'profile_realm.realm_id',
      listed: false,
      relation: { target: 'Realm' },
      filter: { kind: 'iri', aliases: ['realm.id'] },
    },
    profileName: {
      type: 'string',
      label: 'Nom du profil',
      column: 'profile.name',
      sort: { aliases: ['profile.name'], as: 'profile.name' },
    },
    realmName: {
      type: 'string',
      label: 'Nom du royaume',
      column: 'realm.name',
      sort: { aliases: ['realm.name'], as: 'realm.name' },
    },
    // The user form offers a partner administrator the profiles it may give.
    isRestricted: {
      type: 'boolean',
      label: 'Réservé à l’opérateur',
      column: 'profile.is_restricted',
      listed: false,
      filter: 'exact',
    },
  },
});

export const Role = defineClass({
  name: 'Role',
  resource: 'roles',
  title: 'Droit',
  plural: 'Droits',
  description:
    'Un droit (rôle) ou un dossier de droits : l’arbre des droits, ordonné par listOrder.',
  paths: { collection: '/api/roles', also: ['/api/roles_by_profile'] },
  table: 'role',
  audited: true,
  audit: { change: 'rights', values: '*' },
  screens: { path: '/admin/droits/arbre', area: 'admin' },
  display: 'description',
  access,
  // Spec administration §4: deleting a role in use first shows its warning.
  deleteWarning: { flag: 'deleteWarning', message: 'warningMsg', inUse: 'profiles' },
  // A right the product's code reads keeps its code, stays a right and is never deleted: it
  // would take a screen or a rule away from everyone at once (./productRights.ts).
  kept: {
    when: (role) => isProductRight(String(role.name)),
    deleted: (role) =>
      `Suppression impossible : l’application s’appuie sur le droit ${role.name}. Retirez-le des profils qui ne doivent plus l’avoir.`,
    fields: {
      name: (role) =>
        `Code non modifiable : l’application lit le droit ${role.name} sous ce code. Changez plutôt son libellé.`,
      // A folder has no profiles (roleRules.ts empties them): every profile would lose it.
      isFolder: (role) =>
        `Le droit ${role.name} ne peut pas devenir un dossier : l’application s’appuie sur lui, et un dossier ne se donne à aucun profil.`,
    },
  },
  messages: {
    notFound: 'Ce droit est introuvable.',
    inUse: 'Suppression impossible : ce dossier contient des droits. Déplacez-les d’abord.',
    loadError: 'Une erreur est survenue durant le chargement des droits',
    saveError: 'Une erreur est survenue durant la création du rôle',
  },
  // Spec administration §9: roles by label.
  defaultOrder: [{ field: 'description', direction: 'asc' }],
  pageSize: 100,
  properties: {
    id: idProperty('role'),
    name: {
      type: 'string',
      label: 'Code',
      column: 'role.name',
      writable: true,
      required: true,
      maxLength: 80,
      filter: 'partial',
      sort: true,
    },
    description: {
      type: 'string',
      label: 'Libellé',
      column: 'role.description',
      writable: true,
      nullable: true,
      maxLength: 255,
      filter: 'partial',
      sort: true,
    },
    isFolder: {
      type: 'boolean',
      label: 'Dossier',
      column: 'role.is_folder',
      writable: true,
      filter: 'exact',
    },
    hasWarning: {
      type: 'boolean',
      label: 'Avertissement à l’attribution',
      column: 'role.has_warning',
      writable: true,
      // A right that warns on deletion does not also warn when given.
      onlyWhen: { deleteWarning: false },
    },
    deleteWarning: {
      type: 'boolean',
      label: 'Avertissement à la suppression',
      column: 'role.delete_warning',
      writable: true,
    },
    warningMsg: {
      type: 'string',
      label: "Message d'avertissement",
      column: 'role.warning_msg',
      writable: true,
      nullable: true,
      maxLength: 500,
    },
    listOrder: {
      type: 'integer',
      label: 'Ordre',
      column: 'role.list_order',
      writable: true,
      minimum: 0,
      sort: { cursor: false },
    },
    isRestricted: {
      type: 'boolean',
      label: 'Réservé à l’opérateur',
      column: 'role.is_restricted',
      writable: true,
    },
    parent: {
      type: 'integer',
      label: 'Dossier parent',
      column: 'role.parent_id',
      relation: {
        target: 'Role',
        only: {
          property: 'isFolder',
          equals: true,
          message: 'Un droit ne se range que dans un dossier.',
        },
      },
      writable: true,
      nullable: true,
      filter: { kind: 'iri', aliases: ['parent.id'] },
    },
    theme: {
      type: 'integer',
      label: 'Thème',
      column: 'role.theme_id',
      relation: { target: 'RoleTheme' },
      writable: true,
      nullable: true,
      filter: 'iri',
    },
    children: {
      type: 'integer',
      label: 'Contenu du dossier',
      relation: {
        target: 'Role',
        many: true,
        through: { table: 'role', owner: 'parent_id', target: 'id', order: 'list_order' },
      },
    },
    // A folder has no realms nor profiles (spec administration §4).
    realms: {
      ...linked(
        'Royaumes',
        'Realm',
        { table: 'role_realm', owner: 'role_id', target: 'realm_id' },
        'realms.realm',
      ),
      onlyWhen: { isFolder: false },
    },
    profiles: {
      ...linked(
        'Profils',
        'Profile',
        { table: 'profile_role', owner: 'role_id', target: 'profile_id' },
        'profiles.profile',
      ),
      onlyWhen: { isFolder: false },
    },
  },
});

/** The classes whose writes the rights history records, by their titles. */
const RECORDED_CLASSES = Object.fromEntries(
  [Realm, RoleTheme, UserType, Profile, ProfileRealm, Role]
    .filter((decl) => decl.audited)
    .map((decl) => [decl.name, decl.title]),
);

/** What a recorded change did: a write of the class, or the roles tree's two operations. */
export const RECORDED_ACTIONS = {
  create: 'Création',
  update: 'Modification',
  delete: 'Suppression',
  tree: "Déplacement dans l'arbre",
  order: "Nouvel ordre dans l'arbre",
} as const;

export const RightsChange = defineClass({
  name: 'RightsChange',
  resource: 'rights_changes',
  title: 'Modification de droits',
  gender: 'f',
  plural: 'Historique des droits',
  description: 'Qui a changé quel droit, quand, et ce qu’il était avant et après.',
  paths: { collection: '/api/rights_changes' },
  table: 'rights_change',
  generic: true,
  screens: { path: '/admin/droits/historique', area: 'admin' },
  display: 'className',
  changeOf: { classOf: 'className', before: 'before', after: 'after', label: 'Changements' },
  access: { read: EDIT },
  messages: { notFound: 'Cette modification est introuvable.' },
  defaultOrder: [{ field: 'changedAt', direction: 'desc' }],
  properties: {
    id: idProperty('rights_change'),
    changedAt: {
      type: 'dateTime',
      label: 'Date',
      column: 'rights_change.changed_at',
      sort: true,
      filter: 'date',
    },
    actor: {
      type: 'string',
      label: 'Auteur',
      column: 'rights_change.actor',
      filter: 'partial',
      sort: true,
    },
    className: {
      type: 'string',
      label: 'Élément',
      column: 'rights_change.class',
      filter: 'exact',
      sort: true,
      choices: RECORDED_CLASSES,
    },
    targetId: {
      type: 'integer',
      label: "Identifiant de l'élément",
      column: 'rights_change.target_id',
      nullable: true,
      filter: 'exact',
    },
    action: {
      type: 'string',
      label: 'Opération',
      column: 'rights_change.action',
      filter: 'exact',
      choices: RECORDED_ACTIONS,
    },
    before: { type: 'json', label: 'Avant', column: 'rights_change.before', nullable: true },
    after: { type: 'json', label: 'Après', column: 'rights_change.after', nullable: true },
  },
});

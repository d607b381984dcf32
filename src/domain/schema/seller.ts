// Sellers (vendeurs, Broker) and managers (Supervisor), spec partner-extranet §3 "Seller/broker
// and manager", §7 /api/brokers and /api/supervisors: both are users of one profile type
// (spec §6: 3 manager, 4 seller), with the same properties, scoped alike
// (server/src/resources/brokers/). A POST creates one (server/src/users/, the body API
// Platform takes: nested `employee`, references as IRIs): the writable properties below.
import { type ClassDecl, defineClass, idProperty, type PropertyDecl } from './types.ts';

const account = {
  id: idProperty('app_user'),
  username: {
    type: 'string',
    label: "Nom d'utilisateur",
    column: 'app_user.username',
    required: true,
    writable: true,
    sort: true,
    filter: 'partial',
  },
  email: {
    type: 'string',
    label: 'Adresse e-mail',
    column: 'app_user.email',
    required: true,
    writable: true,
  },
  roles: { type: 'json', label: 'Rôles', writable: true },
  enabled: {
    type: 'boolean',
    label: 'Actif',
    column: 'app_user.enabled',
    writable: true,
    sort: { cursor: false },
    filter: 'exact',
  },
  // One type per list: sorting on it is accepted as spec §7 names it.
  userType: {
    type: 'json',
    label: 'Profil',
    sort: {
      as: 'userType.label',
      column: 'app_user.user_type',
      aliases: ['type', 'userType.label'],
    },
  },
  employee: { type: 'json', label: 'Salarié', required: true, writable: true },
  sellerCode: {
    type: 'string',
    label: 'Code vendeur',
    column: 'app_user.seller_code',
    nullable: true,
    writable: true,
    sort: true,
    filter: 'partial',
  },
  partnerId: {
    type: 'integer',
    label: 'Partenaire',
    column: 'app_user.partner_id',
    nullable: true,
    writable: true,
    filter: 'iri',
  },
} as const satisfies Record<string, PropertyDecl>;

/** What both classes share: properties, the employee's filters, orders and labels. */
const user = {
  properties: account,
  // The employee's fields, as the lists show them and the creation form takes them.
  shown: {
    'employee.civility': 'Civilité',
    'employee.organization': 'Organisation',
    'employee.organization.legalname': 'Organisation',
    'employee.managedBy': 'Manager',
  },
  filters: {
    'employee.lastname': {
      kind: 'partial',
      label: 'Nom',
      column: 'app_user.lastname',
      aliases: ['lastname'],
    },
    'employee.firstname': {
      kind: 'partial',
      label: 'Prénom',
      column: 'app_user.firstname',
      aliases: ['firstname'],
    },
    'employee.managedBy.id': {
      kind: 'iri',
      label: 'Manager',
      column: 'app_user.managed_by',
      aliases: ['employee.managedBy', 'managedBy'],
    },
  },
  sorts: {
    'employee.lastname': { column: 'app_user.lastname', label: 'Nom', aliases: ['lastname'] },
    'employee.firstname': { column: 'app_user.firstname', label: 'Prénom', aliases: ['firstname'] },
    'employee.jobFunction': { column: 'app_user.job_function', label: 'Fonction', nullable: true },
  },
  // No order in spec §9: by last name, then first name.
  defaultOrder: [
    { field: 'employee.lastname', direction: 'asc' },
    { field: 'employee.firstname', direction: 'asc' },
  ],
} as const satisfies Partial<ClassDecl<keyof typeof account>>;

/** A seller or a manager created: an account, its type and organisation (server/src/users/create.ts). */
const audit = {
  change: 'user',
  switch: 'enabled',
  values: ['userType', 'roles', 'organization', 'enabled'],
} as const;

export const Broker = defineClass({
  ...user,
  audit,
  name: 'Broker',
  resource: 'brokers',
  title: 'Vendeur',
  plural: 'Vendeurs',
  paths: { collection: '/api/brokers' },
  display: 'username',
  messages: { notFound: 'Ce vendeur est introuvable.' },
  access: {
    read: ['PROFILE_ADMIN_AGEO', 'VIEW_SELLER', 'PROFILE_MANAGER'],
    // A manager creates the sellers it will manage (server/src/users/create.ts).
    create: ['PROFILE_ADMIN_AGEO', 'PROFILE_ADMIN_PARTNER', 'PROFILE_MANAGER'],
  },
});

export const Supervisor = defineClass({
  ...user,
  audit,
  name: 'Supervisor',
  resource: 'managers',
  title: 'Manager',
  plural: 'Managers',
  paths: { collection: '/api/supervisors' },
  display: 'username',
  messages: { notFound: 'Ce manager est introuvable.' },
  access: {
    read: ['PROFILE_ADMIN_AGEO', 'VIEW_MANAGER', 'PROFILE_ADMIN_PARTNER'],
    create: ['PROFILE_ADMIN_AGEO', 'PROFILE_ADMIN_PARTNER'],
  },
});

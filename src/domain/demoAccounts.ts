// The demo accounts of ARCHITECTURE.md: the contract used by the seed, the start banner and the
// end-to-end tests. Keep them stable.

export interface DemoAccount {
  username: string;
  password: string;
  firstname: string;
  lastname: string;
  /** Roles as given, before expansion. */
  roles: string[];
  /** French menu labels this account sees, in menu order (spec partner-extranet §2). */
  menu: string[];
}

export const DEMO_PASSWORD = 'demo';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'ageo',
    password: DEMO_PASSWORD,
    firstname: 'Aurélie',
    lastname: 'Garnier',
    roles: [
      'PROFILE_ADMIN_AGEO',
      'VIEW_ADMIN',
      'USERS_MANAGEMENT',
      'VIEW_COMMISSIONS',
      'VIEW_SELLER',
      'VIEW_MANAGER',
    ],
    menu: [
      'Produits',
      'Souscripteurs',
      'Contrats',
      'Commissions',
      'Vendeurs',
      'Managers',
      'Apporteurs',
      'Compagnies',
      'Assurés',
      'Utilisateurs',
      'Admin',
    ],
  },
  {
    username: 'partenaire',
    password: DEMO_PASSWORD,
    firstname: 'Paul',
    lastname: 'Lefèvre',
    roles: ['PROFILE_ADMIN_PARTNER', 'USERS_MANAGEMENT', 'VIEW_COMMISSIONS'],
    menu: [
      'Produits',
      'Souscripteurs',
      'Contrats',
      'Commissions',
      'Apporteurs',
      'Compagnies',
      'Assurés',
      'Utilisateurs',
    ],
  },
  {
    username: 'manager',
    password: DEMO_PASSWORD,
    firstname: 'Mathilde',
    lastname: 'Roux',
    roles: ['PROFILE_MANAGER', 'VIEW_COMMISSIONS', 'VIEW_SELLER'],
    menu: [
      'Produits',
      'Souscripteurs',
      'Contrats',
      'Commissions',
      'Vendeurs',
      'Apporteurs',
      'Compagnies',
      'Assurés',
    ],
  },
  {
    username: 'vendeur',
    password: DEMO_PASSWORD,
    firstname: 'Victor',
    lastname: 'Morel',
    roles: ['PROFILE_SELLER'],
    menu: ['Produits', 'Souscripteurs', 'Contrats', 'Apporteurs', 'Compagnies', 'Assurés'],
  },
];

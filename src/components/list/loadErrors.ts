// The load-error toasts of spec partner-extranet §8 ("Une erreur est survenue durant le
// chargement ..."), with the accents the spec drops. One place, so every screen says the same.

const during = (what: string) => `Une erreur est survenue durant le chargement ${what}`;

export const LOAD_ERRORS = {
  affiliates: during('des affiliés'),
  beneficiaries: during('des ayants-droit'),
  businessProviders: during('des apporteurs'),
  businessProvider: during("de l'apporteur"),
  contractCategories: during('des catégories de contrat'),
  commissions: during('des commissions'),
  commissionsDashboard: during('du dashboard commissions'),
  customerGroups: during('des groupes clients'),
  contract: during('du contrat'),
  contracts: during('des contrats'),
  statistics: during('des statistiques'),
  contractsOfSeller: during('des contrats pour ce vendeur'),
  contractsOfCustomer: during('des contrats pour ce client'),
  contractsOfInsured: during('des contrats pour cet assuré'),
  contractsOfProduct: during('des contrats pour ce produit'),
  contractsOfProvider: during("des contrats de l'apporteur"),
  contractsOfCompany: during('des contrats de la compagnie'),
  contractsOfManager: during('des contrats pour ce manager'),
  contractStates: during('des états de contrat'),
  contractTypes: during('des types de contrat'),
  premiums: during('des cotisations'),
  customer: during('du client'),
  customers: during('des clients'),
  companies: during('des compagnies'),
  company: during('de la compagnie'),
  insured: during("de l'assuré"),
  insureds: during('des assurés'),
  menus: during('des menus'),
  poles: during('des pôles'),
  benefits: during('des prestations'),
  subscriptions: during('des adhésions'),
  product: during('du produit'),
  products: during('des produits'),
  sellers: during('des vendeurs'),
  broker: during('du vendeur'),
  managers: during('des managers'),
  manager: during('du manager'),
} as const;

export type LoadErrorKey = keyof typeof LOAD_ERRORS;

/** Spec §5 and §8: a detail or a per-parent list opened without its id. */
export const MISSING_IDS = {
  record: 'Identifiant manquant',
  contract: 'Identifiant de contrat manquant',
  subscriber: 'Identifiant de souscripteur manquant',
  customer: 'Missing customer ID',
  businessProvider: "Identifiant d'apporteur manquant",
  company: 'Identifiant de compagnie manquant',
  product: 'Identifiant de produit manquant',
  insured: "Identifiant d'assuré manquant",
} as const;

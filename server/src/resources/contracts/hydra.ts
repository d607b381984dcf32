// The Contract class in the Hydra API documentation (spec §3 fields and their ranges).
import type { HydraProperty, HydraResource } from '../../hydra/registry.ts';

const p = (
  name: string,
  range: HydraProperty['range'],
  title: string,
  extra: Partial<HydraProperty> = {},
): HydraProperty => ({ name, range, title, ...extra });

const COUNTS: Array<[string, string]> = [
  ['nbrSuscription', 'Adhésions actives'],
  ['nbrSubscriptionInactive', 'Adhésions inactives'],
  ['nbrInsured', 'Assurés actifs'],
  ['nbrInsuredInactive', 'Assurés inactifs'],
  ['nbrBeneficiary', 'Ayants droit actifs'],
  ['nbrBeneficiaryInactive', 'Ayants droit inactifs'],
  ['nbrTotalAffiliate', 'Affiliés actifs'],
  ['nbrTotalAffiliateInactive', 'Affiliés inactifs'],
];

export const CONTRACT_CLASS: HydraResource = {
  name: 'Contract',
  title: 'Contrat',
  description: 'Un contrat collectif : souscripteur, produit, apporteurs, vendeurs et effectifs.',
  collection: { path: '/api/contrats', key: 'contrats' },
  properties: [
    p('id', 'xmls:integer', 'Identifiant'),
    p('lbContrat', 'xmls:string', 'Numéro de contrat'),
    p('idProduit', 'xmls:integer', 'Identifiant du produit'),
    p('lbProduit', 'xmls:string', 'Produit'),
    p('product', '#Product', 'Produit', { link: true }),
    p('lbCollege', 'xmls:string', 'Collège'),
    p('idCodCol', 'xmls:string', 'Code collège'),
    p('idSouscrip', 'xmls:integer', 'Identifiant du souscripteur'),
    p('lbSouscrip', 'xmls:string', 'Souscripteur'),
    p('customer', '#Customer', 'Souscripteur', { link: true }),
    p('idApporteur', 'xmls:integer', "Identifiant de l'apporteur principal"),
    p('lbApporteur', 'xmls:string', 'Apporteur principal'),
    p('dateDebVal', 'xmls:date', 'Date de début'),
    p('dateFinVal', 'xmls:date', 'Date de fin'),
    p('state', '#ContractState', 'État', { link: true }),
    p('contractType', '#ContractType', 'Type de contrat', { link: true }),
    p('lbType', 'xmls:string', 'Risque (P, S, R)'),
    p('options', 'xmls:string', 'Options'),
    p('customerPortfolios', '#CustomerPortfolio', 'Portefeuilles clients'),
    p('organizations', '#Organization', 'Organisations'),
    p('blAni', 'xmls:boolean', 'Portabilité ANI'),
    p('blSurcomp', 'xmls:boolean', 'Surcomplémentaire'),
    p('idContrat2', 'xmls:string', 'Contrat de base'),
    p('isActif', 'xmls:boolean', 'Actif'),
    ...COUNTS.map(([name, title]) => p(name, 'xmls:integer', title)),
    p('type', 'xmls:string', 'Type'),
    p('typeID', 'xmls:integer', 'Identifiant du type'),
    p('typeCode', 'xmls:string', 'Code du type'),
    p('risk', 'xmls:string', 'Risque'),
    p('riskId', 'xmls:string', 'Code du risque'),
    p('businessProviders', '#Organization', 'Apporteurs'),
    p('insuranceCompanies', '#Organization', 'Compagnies'),
    p('sellers', '#Broker', 'Vendeurs'),
  ],
};

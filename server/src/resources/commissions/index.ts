// Commissions (spec §3 "Commission", §7): the list GET /api/commissions (and its items) and the
// dashboard GET /api/commissions_list, both for VIEW_COMMISSIONS only (spec §6; 403 otherwise)
// and scoped through the commission's contract. The download (/api/commissions/download)
// belongs to the exports.
import type { HydraProperty } from '../../hydra/registry.ts';
import { type Api, collection, item, type ResourceDeps } from '../framework/index.ts';
import { registerDashboard } from './dashboard.ts';
import { COMMISSION_FILTERS, COMMISSION_ORDER, COMMISSION_ROLES, commissions } from './source.ts';

const prop = (name: string, title: string, range: HydraProperty['range']): HydraProperty => ({
  name,
  title,
  range,
});

export function register(api: Api, deps: ResourceDeps): void {
  api.hydra.add({
    name: 'Commission',
    title: 'Commission',
    collection: { path: '/api/commissions', key: 'commissions' },
    properties: [
      prop('id', 'Identifiant', 'xmls:integer'),
      prop('numContract', 'Numéro de contrat', 'xmls:string'),
      { name: 'contract', title: 'Contrat', range: '#Contract', link: true },
      prop('subscriber', 'Souscripteur', 'xmls:string'),
      { name: 'customer', title: 'Souscripteur (lien)', range: '#Customer', link: true },
      prop('businessProvider', 'Apporteur', 'xmls:string'),
      prop('businessProviderId', "Identifiant de l'apporteur", 'xmls:integer'),
      prop('acquisitionRate', "Taux d'acquisition", 'xmls:decimal'),
      prop('startAt', 'Début', 'xmls:date'),
      prop('endAt', 'Fin', 'xmls:date'),
      prop('datePaymentCom', 'Date de paiement', 'xmls:date'),
      prop('amoundPaid', 'Montant payé', 'xmls:decimal'),
      prop('year', 'Année', 'xmls:integer'),
    ],
  });
  api.hydra.add({
    name: 'CommissionSummary',
    title: 'Tableau de bord des commissions',
    collection: { path: '/api/commissions_list', key: 'commissions_list' },
    properties: [
      prop('id', 'Identifiant', 'xmls:string'),
      prop('year', 'Année', 'xmls:integer'),
      prop('businessProvider', 'Apporteur', 'xmls:string'),
      prop('businessProviderId', "Identifiant de l'apporteur", 'xmls:integer'),
      {
        name: 'businessProviderIri',
        title: 'Apporteur (lien)',
        range: '#BusinessProvider',
        link: true,
      },
      prop('amoundPaid', 'Montant payé', 'xmls:decimal'),
      prop('nbrCommissions', 'Nombre de commissions', 'xmls:integer'),
    ],
  });
  collection(api, deps, {
    paths: ['/api/commissions'],
    resource: 'Commission',
    roles: COMMISSION_ROLES,
    source: commissions,
    order: COMMISSION_ORDER,
    defaultOrder: [{ field: 'startAt', direction: 'desc' }],
    // Millions of rows at scale: past the counted rows, hydra:next carries a keyset cursor,
    // except on the payment date, which may be empty.
    keyset: true,
    nullableOrder: ['datePaymentCom', 'datePayment'],
    ...COMMISSION_FILTERS,
  });
  item(api, deps, {
    paths: ['/api/commissions/:id'],
    resource: 'Commission',
    roles: COMMISSION_ROLES,
    source: commissions,
    notFound: 'Cette commission est introuvable.',
  });
  registerDashboard(api, deps);
}

// Benefits (prestations), spec partner-extranet §7 "Insured and benefits":
//   GET /prestations?insured={id}&page, /prestations?assure.id={id}, /api/prestations?insured&page
//   GET /api/prestations_ifc_sas?idInsured={id}&page   (per insured: idInsured is required)
// plus the item /api/prestations/{id}. Default sort: datePayment descending (§9).
// On the general list the insured is a filter like any other (an insured out of scope gives the
// same empty page as an unknown one); the per-insured list checks its insured first (404).
import { sql } from 'kysely';
import {
  type Api,
  type CollectionDecl,
  collection,
  exact,
  item,
  partial,
  type ResourceDeps,
} from '../framework/index.ts';
import { INSURED_ROLES } from '../insureds/index.ts';
import { queryId, queryParent, withParent } from '../insureds/parents.ts';
import { benefits } from './source.ts';

const byInsured = exact('benefit.insured_id', 'id');
const byContract = exact('benefit.contract_id', 'id');

const common: Omit<CollectionDecl, 'paths'> = {
  resource: 'Benefit',
  roles: INSURED_ROLES,
  source: benefits,
  order: {
    id: 'benefit.id',
    datePayment: 'benefit.date_payment',
    dateTreatment: 'benefit.date_treatment',
    dateVir: 'benefit.date_vir',
    idFamAct: 'benefit.id_fam_act',
    lbFamAct: 'benefit.lb_fam_act',
    realPrice: 'benefit.real_price',
    secuSocialRefund: 'benefit.secu_social_refund',
    mutualRefund: 'benefit.mutual_refund',
    lbModPay: 'benefit.lb_mod_pay',
    lbContrat: 'contract.lb_contrat', // spec §7: lbContrat maps to contract.*
    'contract.lbContrat': 'contract.lb_contrat',
  },
  defaultOrder: [{ field: 'datePayment', direction: 'desc' }],
  keyset: true,
  nullableOrder: ['datePayment', 'dateVir'],
  filters: {
    insured: byInsured,
    'insured.id': byInsured,
    'assure.id': byInsured,
    idInsured: byInsured,
    contract: byContract,
    'contract.id': byContract,
    'contrat.id': byContract,
    'beneficiary.id': exact('benefit.beneficiary_id', 'id'),
    idFamAct: exact('benefit.id_fam_act'),
    lbFamAct: partial('benefit.lb_fam_act'),
    lbModPay: exact('benefit.lb_mod_pay'),
  },
  dates: {
    datePayment: 'benefit.date_payment',
    dateTreatment: 'benefit.date_treatment',
    dateVir: 'benefit.date_vir',
  },
};

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  api.hydra.add({
    name: 'Benefit',
    title: 'Prestation',
    collection: { path: '/api/prestations', key: 'prestations' },
    properties: [
      { name: 'dateTreatment', range: 'xmls:date', title: 'Date de soins', required: true },
      { name: 'datePayment', range: 'xmls:date', title: 'Date de paiement' },
      { name: 'dateVir', range: 'xmls:date', title: 'Date de virement' },
      { name: 'idFamAct', range: 'xmls:string', title: "Code famille d'actes" },
      { name: 'lbFamAct', range: 'xmls:string', title: "Famille d'actes" },
      { name: 'invoice', range: 'xmls:string', title: 'Facture' },
      { name: 'secuSocialRefund', range: 'xmls:decimal', title: 'Remboursement Sécurité sociale' },
      { name: 'realPrice', range: 'xmls:decimal', title: 'Dépense réelle' },
      { name: 'mutualRefund', range: 'xmls:decimal', title: 'Remboursement mutuelle' },
      { name: 'lbModPay', range: 'xmls:string', title: 'Mode de paiement' },
      { name: 'lbOption', range: 'xmls:string', title: 'Option' },
      { name: 'basketType', range: 'xmls:string', title: 'Panier' },
      { name: 'beneficiary', range: '#Beneficiary', title: 'Bénéficiaire des soins' },
      { name: 'insured', range: '#Insured', title: 'Assuré' },
      { name: 'contract', range: '#Contract', title: 'Contrat' },
    ],
  });

  collection(api, deps, { ...common, paths: ['/api/prestations', '/prestations'] });

  await withParent(api, deps, INSURED_ROLES, queryParent('insured', 'idInsured'), (child) =>
    collection(child, deps, {
      ...common,
      paths: ['/api/prestations_ifc_sas'],
      where: (ctx) => sql<boolean>`benefit.insured_id = ${queryId(ctx, 'idInsured')}`,
      filters: { ...common.filters, idInsured: { kind: 'ignored' } },
    }),
  );

  item(api, deps, {
    paths: ['/api/prestations/:id', '/prestations/:id'],
    resource: 'Benefit',
    roles: INSURED_ROLES,
    source: benefits,
    notFound: 'Cette prestation est introuvable.',
  });
}

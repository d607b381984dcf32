// The collection declaration every premium list shares (spec partner-extranet §7 "Premiums",
// §5): sorts, filters and date bounds. Deep pages past the counted rows follow a keyset cursor
// (framework/paging.ts) unless the sort is one of `nullableOrder`.
import { sql } from 'kysely';
import { isPremiumStatus } from '../../../../src/domain/premium.ts';
import { httpError } from '../../http/problem.ts';
import { type CollectionDecl, custom, customList, exact, partial } from '../framework/index.ts';
import { INSURED_ROLES } from '../insureds/index.ts';
import { premiums } from './source.ts';

const statuses = customList<string>('string', (values) => {
  if (!values.every(isPremiumStatus)) {
    throw httpError(400, 'Le paramètre « status » doit valoir I, P, S ou A.');
  }
  return sql<boolean>`premium.status IN (${sql.join(values)})`;
});

const kind = custom<string>('string', (value) => {
  if (value !== 'Collective' && value !== 'Individuelle') {
    throw httpError(400, 'Le paramètre « typeCotisation » doit valoir Collective ou Individuelle.');
  }
  return sql<boolean>`premium.paid_by_client = ${value === 'Collective'}`;
});

const byContract = exact('premium.contract_id', 'id');
const byCustomer = exact('contract.customer_id', 'id');
const byInsured = exact('premium.insured_id', 'id');

export const PREMIUM_COLLECTION: Omit<CollectionDecl, 'paths'> = {
  resource: 'Premium',
  roles: INSURED_ROLES,
  source: premiums,
  keyset: true,
  // Nullable dates and a boolean: sortable, but past the counted rows only by refining filters.
  nullableOrder: ['dtLimReg', 'dtPaiement', 'dtEcheance', 'dtImpaye', 'paidByClient'],
  order: {
    id: 'premium.id',
    status: 'premium.status',
    dtDebVal: 'premium.dt_deb_val',
    dtFinVal: 'premium.dt_fin_val',
    startAt: 'premium.dt_deb_val',
    start: 'premium.dt_deb_val', // spec §7: start maps to startAt
    endAt: 'premium.dt_fin_val',
    numMontant: 'premium.num_montant',
    numTotalCot: 'premium.num_total_cot',
    numFraisGes: 'premium.num_frais_ges',
    numFraisImpay: 'premium.num_frais_impay',
    amountPaid: 'premium.amount_paid',
    numRelance: 'premium.num_relance',
    dtLimReg: 'premium.dt_lim_reg',
    dtPaiement: 'premium.dt_paiement',
    dtEcheance: 'premium.dt_echeance',
    dtImpaye: 'premium.dt_impaye',
    paidByClient: 'premium.paid_by_client',
    // spec §7: lbContrat maps to contract.*. No sort on the product's name: it would join
    // every premium to its product before the sort (the page reads names afterwards).
    lbContrat: 'contract.lb_contrat',
    'contract.lbContrat': 'contract.lb_contrat',
    'contrat.lbContrat': 'contract.lb_contrat',
  },
  defaultOrder: [{ field: 'dtDebVal', direction: 'desc' }],
  filters: {
    status: statuses,
    paidByClient: exact('premium.paid_by_client', 'boolean'),
    typeCotisation: kind,
    lbModePaie: exact('premium.lb_mode_paie'),
    // Names: assure.* in general, insured.* when paidByClient is set (spec §5); same meaning.
    'assure.firstname': partial('insured.firstname'),
    'assure.lastname': partial('insured.lastname'),
    'insured.firstname': partial('insured.firstname'),
    'insured.lastname': partial('insured.lastname'),
    'contrat.id': byContract,
    'contract.id': byContract,
    'contrat.customer': byCustomer,
    'contrat.customer.id': byCustomer,
    'contract.customer.id': byCustomer,
    'assure.id': byInsured,
    'insured.id': byInsured,
    insured: byInsured,
  },
  dates: {
    dtDebVal: 'premium.dt_deb_val',
    dtFinVal: 'premium.dt_fin_val',
    startAt: 'premium.dt_deb_val',
    endAt: 'premium.dt_fin_val',
    datePayment: 'premium.dt_paiement',
    dtPaiement: 'premium.dt_paiement',
    dtEcheance: 'premium.dt_echeance',
    dtLimReg: 'premium.dt_lim_reg',
    dtImpaye: 'premium.dt_impaye',
  },
};

// Premiums (cotisations), spec partner-extranet §3 "Premium": in scope when their contract is.
// The derived fields (typeCotisation, remaining, destinataire, lbStatus, the payment mode an
// unpaid premium does not show) come from src/domain/premium.ts, the rules the SPA shares.
import {
  displayedPaymentMode,
  premiumRecipient,
  premiumRemaining,
  premiumStatusLabel,
  typeCotisation,
} from '../../../../src/domain/premium.ts';
import { contractScope } from '../../scope/index.ts';
import { defineSource, iri } from '../framework/index.ts';
import { CONTRACT_IRI, INSURED_IRI } from '../insureds/source.ts';

export const PREMIUM_IRI = '/api/cotisations';

interface PremiumRow {
  id: number;
  status: string;
  dt_deb_val: string;
  dt_fin_val: string;
  dt_lim_reg: string | null;
  dt_paiement: string | null;
  dt_echeance: string | null;
  dt_impaye: string | null;
  dt_demeure: string | null;
  dt_rappel: string | null;
  dt_bloq_presta_previ: string | null;
  dt_resi_previ: string | null;
  paid_by_client: boolean;
  num_frais_ges: number;
  num_frais_impay: number;
  num_montant: number;
  num_total_cot: number;
  amount_paid: number;
  num_relance: number;
  lb_mode_paie: string | null;
  insured_id: number | null;
  contract_id: number;
  lb_contrat: string;
  product_id: number;
  customer_id: number;
}

/**
 * The scoped FROM; the insured is joined for the name filters (§5) only, so PostgreSQL drops
 * the join when no such filter is given. Display relations (product, subscriber, the insured's
 * name) are read for the page alone in `members`, never joined to every row before the sort.
 */
export const premiums = defineSource({
  from: (ctx) =>
    ctx.db
      .selectFrom('premium')
      .innerJoin('contract', 'contract.id', 'premium.contract_id')
      .leftJoin('insured', 'insured.id', 'premium.insured_id')
      .where(contractScope(ctx.scope, 'contract')),
  id: 'premium.id',
  select: (qb) =>
    qb.select([
      'premium.id',
      'premium.status',
      'premium.dt_deb_val',
      'premium.dt_fin_val',
      'premium.dt_lim_reg',
      'premium.dt_paiement',
      'premium.dt_echeance',
      'premium.dt_impaye',
      'premium.dt_demeure',
      'premium.dt_rappel',
      'premium.dt_bloq_presta_previ',
      'premium.dt_resi_previ',
      'premium.paid_by_client',
      'premium.num_frais_ges',
      'premium.num_frais_impay',
      'premium.num_montant',
      'premium.num_total_cot',
      'premium.amount_paid',
      'premium.num_relance',
      'premium.lb_mode_paie',
      'premium.insured_id',
      'premium.contract_id',
      'contract.lb_contrat',
      'contract.product_id',
      'contract.customer_id',
    ]),
  async members(rows: PremiumRow[], ctx) {
    const contractIds = [...new Set(rows.map((r) => r.contract_id))];
    const insuredIds = [
      ...new Set(rows.flatMap((r) => (r.insured_id === null ? [] : [r.insured_id]))),
    ];
    const [names, people] = await Promise.all([
      contractIds.length
        ? ctx.db
            .selectFrom('contract')
            .innerJoin('product', 'product.id', 'contract.product_id')
            .innerJoin('customer', 'customer.id', 'contract.customer_id')
            .select(['contract.id', 'product.lb_produit', 'customer.legalname'])
            .where('contract.id', 'in', contractIds)
            .execute()
        : [],
      insuredIds.length
        ? ctx.db
            .selectFrom('insured')
            .select(['id', 'firstname', 'lastname'])
            .where('id', 'in', insuredIds)
            .execute()
        : [],
    ]);
    const byContract = new Map(names.map((n) => [n.id, n]));
    const byInsured = new Map(people.map((p) => [p.id, p]));
    return rows.map((r) =>
      premiumMember(
        r,
        byContract.get(r.contract_id),
        r.insured_id === null ? undefined : byInsured.get(r.insured_id),
      ),
    );
  },
});

function premiumMember(
  r: PremiumRow,
  names: { lb_produit: string; legalname: string } | undefined,
  person: { firstname: string; lastname: string } | undefined,
) {
  const lbSouscrip = names?.legalname ?? null;
  const insured =
    r.insured_id === null
      ? null
      : {
          '@id': iri(INSURED_IRI, r.insured_id),
          '@type': 'Insured',
          id: r.insured_id,
          firstname: person?.firstname ?? null,
          lastname: person?.lastname ?? null,
        };
  const amounts = {
    numMontant: r.num_montant,
    numFraisImpay: r.num_frais_impay,
    amountPaid: r.amount_paid,
  };
  return {
    '@id': iri(PREMIUM_IRI, r.id),
    '@type': 'Premium',
    id: r.id,
    status: r.status,
    lbStatus: premiumStatusLabel(r.status),
    dtDebVal: r.dt_deb_val,
    dtFinVal: r.dt_fin_val,
    dtLimReg: r.dt_lim_reg,
    dtPaiement: r.dt_paiement,
    dtEcheance: r.dt_echeance,
    dtImpaye: r.dt_impaye,
    dtDemeure: r.dt_demeure,
    dtRappel: r.dt_rappel,
    dtBloqPrestaPrevi: r.dt_bloq_presta_previ,
    dtResiPrevi: r.dt_resi_previ,
    insured,
    paidByClient: r.paid_by_client,
    typeCotisation: typeCotisation(r.paid_by_client),
    numFraisGes: r.num_frais_ges,
    numFraisImpay: r.num_frais_impay,
    numTotalCot: r.num_total_cot,
    numMontant: r.num_montant,
    amountPaid: r.amount_paid,
    remaining: premiumRemaining(amounts),
    numRelance: r.num_relance,
    lbModePaie: displayedPaymentMode(r.status, r.lb_mode_paie),
    destinataire: premiumRecipient(insured, lbSouscrip),
    contrat: {
      '@id': iri(CONTRACT_IRI, r.contract_id),
      '@type': 'Contract',
      id: r.contract_id,
      lbContrat: r.lb_contrat,
      lbProduit: names?.lb_produit ?? null,
      lbSouscrip,
      customer: {
        '@id': iri('/api/customers', r.customer_id),
        '@type': 'Customer',
        id: r.customer_id,
        subscriber: lbSouscrip,
      },
    },
  };
}

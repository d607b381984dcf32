// Benefits (prestations), spec partner-extranet §3 "Benefit": in scope when their contract is.
// The beneficiary is the person cared for: the beneficiary row when there is one, otherwise
// the insured themselves, with the period of their subscription to the benefit's contract
// (one more query for the whole page).
import { sql } from 'kysely';
import { contractScope } from '../../scope/index.ts';
import { type Ctx, defineSource, iri } from '../framework/index.ts';
import {
  BENEFICIARY_IRI,
  CONTRACT_IRI,
  INSURED_IRI,
  SUBSCRIPTION_IRI,
} from '../insureds/source.ts';

export const BENEFIT_IRI = '/api/prestations';

interface BenefitRow {
  id: number;
  insured_id: number;
  beneficiary_id: number | null;
  contract_id: number;
  date_treatment: string;
  date_payment: string | null;
  date_vir: string | null;
  id_fam_act: string;
  lb_fam_act: string;
  lb_facture: string;
  secu_social_refund: number;
  real_price: number;
  mutual_refund: number;
  lb_mod_pay: string;
  lb_option: string | null;
  basket_type: string | null;
  lb_contrat: string;
  insured_firstname: string;
  insured_lastname: string;
  insured_birthday: string;
  insured_sex: string;
  b_firstname: string | null;
  b_lastname: string | null;
  b_date_of_birth: string | null;
  b_sex: string | null;
  b_start_at: string | null;
  b_end_at: string | null;
}

/** Periods of the insured's subscriptions to the page's contracts: key `insured:contract`. */
async function subscriptionPeriods(ctx: Ctx, rows: BenefitRow[]) {
  const periods = new Map<string, { id: number; start_at: string; end_at: string | null }>();
  const own = rows.filter((r) => r.beneficiary_id === null);
  if (!own.length) return periods;
  const found = await ctx.db
    .selectFrom('subscription')
    .select(['id', 'insured_id', 'contract_id', 'start_at', 'end_at'])
    .where(
      sql<boolean>`(insured_id, contract_id) IN (${sql.join(
        own.map((r) => sql`(${r.insured_id}::int, ${r.contract_id}::int)`),
      )})`,
    )
    .orderBy('start_at')
    .execute();
  // The latest subscription wins when the insured joined the same contract twice.
  for (const s of found) periods.set(`${s.insured_id}:${s.contract_id}`, s);
  return periods;
}

export const benefits = defineSource({
  from: (ctx) =>
    ctx.db
      .selectFrom('benefit')
      .innerJoin('contract', 'contract.id', 'benefit.contract_id')
      .where(contractScope(ctx.scope, 'contract')),
  id: 'benefit.id',
  select: (qb) =>
    qb
      .innerJoin('insured', 'insured.id', 'benefit.insured_id')
      .leftJoin('beneficiary', 'beneficiary.id', 'benefit.beneficiary_id')
      .select([
        'benefit.id',
        'benefit.insured_id',
        'benefit.beneficiary_id',
        'benefit.contract_id',
        'benefit.date_treatment',
        'benefit.date_payment',
        'benefit.date_vir',
        'benefit.id_fam_act',
        'benefit.lb_fam_act',
        'benefit.lb_facture',
        'benefit.secu_social_refund',
        'benefit.real_price',
        'benefit.mutual_refund',
        'benefit.lb_mod_pay',
        'benefit.lb_option',
        'benefit.basket_type',
        'contract.lb_contrat',
        'insured.firstname as insured_firstname',
        'insured.lastname as insured_lastname',
        'insured.dt_birthday as insured_birthday',
        'insured.sex as insured_sex',
        'beneficiary.firstname as b_firstname',
        'beneficiary.lastname as b_lastname',
        'beneficiary.date_of_birth as b_date_of_birth',
        'beneficiary.sex as b_sex',
        'beneficiary.start_at as b_start_at',
        'beneficiary.end_at as b_end_at',
      ]),
  async members(rows: BenefitRow[], ctx) {
    const periods = await subscriptionPeriods(ctx, rows);
    return rows.map((r) => {
      const period = periods.get(`${r.insured_id}:${r.contract_id}`);
      const beneficiary =
        r.beneficiary_id !== null
          ? {
              '@id': iri(BENEFICIARY_IRI, r.beneficiary_id),
              '@type': 'Beneficiary',
              id: r.beneficiary_id,
              firstname: r.b_firstname,
              lastname: r.b_lastname,
              dateOfBirth: r.b_date_of_birth,
              sex: r.b_sex,
              startAt: r.b_start_at,
              endAt: r.b_end_at,
            }
          : {
              // The insured cared for themselves.
              '@id': iri(INSURED_IRI, r.insured_id),
              '@type': 'Insured',
              id: r.insured_id,
              firstname: r.insured_firstname,
              lastname: r.insured_lastname,
              dateOfBirth: r.insured_birthday,
              sex: r.insured_sex,
              startAt: period?.start_at ?? null,
              endAt: period?.end_at ?? null,
              ...(period ? { subscription: iri(SUBSCRIPTION_IRI, period.id) } : {}),
            };
      return {
        '@id': iri(BENEFIT_IRI, r.id),
        '@type': 'Benefit',
        id: r.id,
        dateTreatment: r.date_treatment,
        datePayment: r.date_payment,
        dateVir: r.date_vir,
        idFamAct: r.id_fam_act,
        lbFamAct: r.lb_fam_act,
        invoice: { lbFacture: r.lb_facture },
        lbFacture: r.lb_facture,
        secuSocialRefund: r.secu_social_refund,
        realPrice: r.real_price,
        mutualRefund: r.mutual_refund,
        lbModPay: r.lb_mod_pay,
        lbOption: r.lb_option,
        basketType: r.basket_type,
        beneficiary,
        insured: {
          '@id': iri(INSURED_IRI, r.insured_id),
          '@type': 'Insured',
          id: r.insured_id,
          firstname: r.insured_firstname,
          lastname: r.insured_lastname,
        },
        contract: {
          '@id': iri(CONTRACT_IRI, r.contract_id),
          '@type': 'Contract',
          id: r.contract_id,
          lbContrat: r.lb_contrat,
        },
      };
    });
  },
});

// Insured persons (assurés / affiliés), spec partner-extranet §3 "Insured person": the list row
// with its beneficiaries and subscriptions, loaded for the whole page in two more queries.
//
// startAt (the affiliates' default sort, spec §9) is the start of the insured's most recent
// subscription within the caller's scope: a LEFT JOIN LATERAL max() over subscription
// (index subscription_insured), so the count reads it for at most the capped rows and the
// page sorts on a plain column. Subscriptions and beneficiaries shown are those in scope too.
import { sql } from 'kysely';
import { insuredScope, viaContract } from '../../scope/index.ts';
import { type AnySelect, type Ctx, defineSource, iri } from '../framework/index.ts';
import { genderFields, MAIN_INSURED_LINK, sitFam } from './labels.ts';

export const INSURED_IRI = '/api/assures';
export const BENEFICIARY_IRI = '/api/beneficiaires';
export const SUBSCRIPTION_IRI = '/api/subscriptions';
export const CONTRACT_IRI = '/api/contracts';

/** The scoped FROM of insured rows, with `last_sub.start_at`. */
export function insuredFrom(ctx: Ctx) {
  return ctx.db
    .selectFrom('insured')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('subscription')
          .select((e) => e.fn.max('subscription.start_at').as('start_at'))
          .whereRef('subscription.insured_id', '=', 'insured.id')
          .where(viaContract(ctx.scope, 'subscription.contract_id'))
          .as('last_sub'),
      (join) => join.onTrue(),
    )
    .where(insuredScope(ctx.scope, 'insured'));
}

export interface InsuredRow {
  id: number;
  firstname: string;
  lastname: string;
  id_gender: number;
  sex: string;
  dt_birthday: string;
  noss: string;
  noss_key: string;
  postal_code: string;
  address_locality: string;
  lb_sit_fam: string | null;
  customer_id: number;
  start_at: string | null;
}

export const INSURED_COLUMNS = [
  'insured.id',
  'insured.firstname',
  'insured.lastname',
  'insured.id_gender',
  'insured.sex',
  'insured.dt_birthday',
  'insured.noss',
  'insured.noss_key',
  'insured.postal_code',
  'insured.address_locality',
  'insured.lb_sit_fam',
  'insured.customer_id',
  'last_sub.start_at',
] as const;

/** The identity part of an insured member (list row of spec §3), without its relations. */
export function insuredFields(r: InsuredRow) {
  return {
    '@id': iri(INSURED_IRI, r.id),
    '@type': 'Insured',
    id: r.id,
    firstname: r.firstname,
    lastname: r.lastname,
    ...genderFields(r.id_gender, r.sex),
    postalCode: r.postal_code,
    addressLocality: r.address_locality,
    ...MAIN_INSURED_LINK,
    lbSitFam: sitFam(r.lb_sit_fam),
    dtBirthday: r.dt_birthday,
    noss: r.noss,
    nossKey: r.noss_key,
    startAt: r.start_at,
    customer: { '@id': iri('/api/customers', r.customer_id), id: r.customer_id },
  };
}

export interface BeneficiaryRow {
  id: number;
  insured_id: number;
  firstname: string;
  lastname: string;
  date_of_birth: string;
  sex: string;
  link: string;
  lb_lien: string;
  start_at: string;
  end_at: string | null;
}

export const BENEFICIARY_COLUMNS = [
  'beneficiary.id',
  'beneficiary.insured_id',
  'beneficiary.firstname',
  'beneficiary.lastname',
  'beneficiary.date_of_birth',
  'beneficiary.sex',
  'beneficiary.link',
  'beneficiary.lb_lien',
  'beneficiary.start_at',
  'beneficiary.end_at',
] as const;

export function beneficiaryMember(b: BeneficiaryRow) {
  return {
    '@id': iri(BENEFICIARY_IRI, b.id),
    '@type': 'Beneficiary',
    id: b.id,
    firstname: b.firstname,
    lastname: b.lastname,
    dateOfBirth: b.date_of_birth,
    sex: b.sex,
    lbSex: genderFields(0, b.sex).lbSex,
    link: b.link,
    lbLien: b.lb_lien,
    startAt: b.start_at,
    endAt: b.end_at,
    insured: iri(INSURED_IRI, b.insured_id),
  };
}

/** Beneficiaries of the given insured, by lastname and firstname (spec §7). */
export async function beneficiariesOf(ctx: Ctx, insuredIds: number[]) {
  const byInsured = new Map<number, ReturnType<typeof beneficiaryMember>[]>();
  if (!insuredIds.length) return byInsured;
  const rows = await ctx.db
    .selectFrom('beneficiary')
    .select(BENEFICIARY_COLUMNS)
    .where('beneficiary.insured_id', 'in', insuredIds)
    .orderBy('beneficiary.lastname')
    .orderBy('beneficiary.firstname')
    .orderBy('beneficiary.id')
    .execute();
  for (const row of rows) {
    const list = byInsured.get(row.insured_id) ?? [];
    list.push(beneficiaryMember(row));
    byInsured.set(row.insured_id, list);
  }
  return byInsured;
}

/** Subscriptions of the given insured to contracts in scope, newest first. */
export async function subscriptionsOf(ctx: Ctx, insuredIds: number[]) {
  const byInsured = new Map<number, unknown[]>();
  if (!insuredIds.length) return byInsured;
  const rows = await ctx.db
    .selectFrom('subscription')
    .innerJoin('contract', 'contract.id', 'subscription.contract_id')
    .select([
      'subscription.id',
      'subscription.insured_id',
      'subscription.start_at',
      'subscription.end_at',
      'contract.id as contract_id',
      'contract.lb_contrat',
    ])
    .where('subscription.insured_id', 'in', insuredIds)
    .where(viaContract(ctx.scope, 'subscription.contract_id'))
    .orderBy('subscription.start_at', 'desc')
    .orderBy('subscription.id', 'desc')
    .execute();
  for (const row of rows) {
    const list = byInsured.get(row.insured_id) ?? [];
    list.push({
      '@id': iri(SUBSCRIPTION_IRI, row.id),
      '@type': 'Subscription',
      id: row.id,
      startAt: row.start_at,
      endAt: row.end_at,
      contract: {
        '@id': iri(CONTRACT_IRI, row.contract_id),
        '@type': 'Contract',
        id: row.contract_id,
        lbContrat: row.lb_contrat,
      },
    });
    byInsured.set(row.insured_id, list);
  }
  return byInsured;
}

export const insureds = defineSource({
  // The lateral alias is no table of DB: the builder is typed loosely here.
  from: (ctx) => insuredFrom(ctx) as unknown as AnySelect,
  id: 'insured.id',
  select: (qb) => (qb as AnySelect).select(INSURED_COLUMNS),
  async members(rows: InsuredRow[], ctx) {
    const ids = rows.map((r) => r.id);
    const [beneficiaries, subscriptions] = await Promise.all([
      beneficiariesOf(ctx, ids),
      subscriptionsOf(ctx, ids),
    ]);
    return rows.map((r) => ({
      ...insuredFields(r),
      beneficiaires: beneficiaries.get(r.id) ?? [],
      subscriptions: subscriptions.get(r.id) ?? [],
    }));
  },
});

/** `EXISTS` an in-scope subscription of the insured to this contract (filters contrat.id). */
export const subscribedTo = (ctx: Ctx, contractId: number) =>
  sql<boolean>`EXISTS (SELECT 1 FROM subscription AS f_sub
    WHERE f_sub.insured_id = insured.id AND f_sub.contract_id = ${contractId}
    AND ${viaContract(ctx.scope, 'f_sub.contract_id')})`;

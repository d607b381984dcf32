// Insured persons (assurés / affiliés), spec partner-extranet §3 "Insured person", read as their
// declarations say (src/domain/schema/insured.ts): the list row with its beneficiaries and
// subscriptions, loaded for the whole page in two more queries.
//
// startAt (the affiliates' default sort, spec §9) is the start of the insured's most recent
// subscription within the caller's scope: a LEFT JOIN LATERAL max() over subscription
// (index subscription_insured), so the count reads it for at most the capped rows and the
// page sorts on a plain column; for the operator (every subscription in scope), the column
// kept on the insured row (migration 020), whose index the order walks. Subscriptions and
// beneficiaries shown are those in scope too.
import { sql } from 'kysely';
import { Beneficiary, Insured, Subscription } from '../../../../src/domain/schema/insured.ts';
import { contractScope, insuredScope, viaContract } from '../../scope/index.ts';
import { type AnySelect, type Ctx, iri } from '../framework/index.ts';
import { type ClassRow, classSource, itemBase } from '../framework/schema.ts';
import { genderFields, MAIN_INSURED_LINK, sitFam } from './labels.ts';

export const INSURED_IRI = itemBase(Insured);
export const BENEFICIARY_IRI = itemBase(Beneficiary);
export const SUBSCRIPTION_IRI = itemBase(Subscription);
export const CONTRACT_IRI = '/api/contracts';

/** The scoped FROM of insured rows, with `last_sub.start_at`. */
export function insuredFrom(ctx: Ctx) {
  if (ctx.scope.kind === 'all') {
    // Every subscription is in scope: the latest start is the one kept on the row (migration
    // 020), read through the same alias, and the default order walks its index. An inner
    // join (the subquery has exactly one row): PostgreSQL folds it into the insured row, where
    // a left join's column could not be matched with the index.
    const kept = sql<string | null>`insured.last_start_at`.as('start_at');
    return ctx.db.selectFrom('insured').innerJoinLateral(
      () => ctx.db.selectNoFrom(kept).as('last_sub'),
      (join) => join.onTrue(),
    );
  }
  if (ctx.scope.kind === 'brokers') {
    // A seller's or manager's: their subscriptions (from the contracts' GIN index and
    // subscription_contract_start, migration 021), grouped by insured person. An insured
    // person is in this scope exactly when one of its subscriptions is (insuredScope's rule),
    // so the inner join is the scope; computing max() and the scope insured by insured
    // instead cost 140 ms a page for a seller of 5,644 (docs/benchmarks.md).
    const scope = ctx.scope;
    return ctx.db.selectFrom('insured').innerJoin(
      (eb) =>
        eb
          .selectFrom('subscription')
          .innerJoin('contract as scope_contract', 'scope_contract.id', 'subscription.contract_id')
          .where(contractScope(scope, 'scope_contract'))
          .groupBy('subscription.insured_id')
          .select((e) => [
            'subscription.insured_id',
            e.fn.max('subscription.start_at').as('start_at'),
          ])
          // In the default order's terms: PostgreSQL then sorts these few columns, and joins
          // the insured rows of the page alone instead of all of them before sorting (24
          // instead of 45 ms). Another order sorts again above, as without it.
          .orderBy(sql.ref('start_at'), 'desc')
          .orderBy('subscription.insured_id', 'desc')
          .as('last_sub'),
      (join) => join.onRef('last_sub.insured_id', '=', 'insured.id'),
    );
  }
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

/** The columns the computed identity fields need, beyond the declared ones. */
export const PERSON_EXTRA = ['insured.lb_sit_fam', 'insured.customer_id'] as const;

/** The computed part of an insured person's identity (civility, labels, subscriber). */
export function personFields(r: ClassRow) {
  const { gender, lbGender, lbSex } = genderFields(r.idGender, r.sex);
  return {
    gender,
    lbGender,
    lbSex,
    ...MAIN_INSURED_LINK,
    lbSitFam: sitFam(r.lb_sit_fam),
    customer: { '@id': iri('/api/customers', r.customer_id), id: r.customer_id },
  };
}

export const beneficiaries = classSource(Beneficiary, {
  from: (ctx) =>
    ctx.db
      .selectFrom('beneficiary')
      .innerJoin('insured', 'insured.id', 'beneficiary.insured_id')
      .where(insuredScope(ctx.scope, 'insured')) as AnySelect,
  compute: (rows) => rows.map((r) => ({ lbSex: genderFields(0, r.sex).lbSex })),
});

/** Groups members by the `parent` column of their rows. */
async function byParent(
  rows: ClassRow[],
  members: (rows: ClassRow[]) => Promise<unknown[]>,
): Promise<Map<number, unknown[]>> {
  const out = new Map<number, unknown[]>();
  const made = await members(rows);
  rows.forEach((row, i) => {
    const list = out.get(row.parent) ?? [];
    list.push(made[i]);
    out.set(row.parent, list);
  });
  return out;
}

/** Beneficiaries of the given insured (in scope already), by lastname and firstname (§7). */
export async function beneficiariesOf(ctx: Ctx, insuredIds: number[]) {
  if (!insuredIds.length) return new Map<number, unknown[]>();
  const qb = ctx.db
    .selectFrom('beneficiary')
    .where('beneficiary.insured_id', 'in', insuredIds) as AnySelect;
  const rows = await (beneficiaries.select(qb as never) as AnySelect)
    .select('beneficiary.insured_id as parent')
    .orderBy('beneficiary.lastname')
    .orderBy('beneficiary.firstname')
    .orderBy('beneficiary.id')
    .execute();
  return byParent(rows, async (page) => (await beneficiaries.members(page, ctx)) as unknown[]);
}

export const subscriptions = classSource(Subscription, {
  from: (ctx) =>
    ctx.db
      .selectFrom('subscription')
      .innerJoin('contract', 'contract.id', 'subscription.contract_id')
      .innerJoin('insured', 'insured.id', 'subscription.insured_id')
      .where(contractScope(ctx.scope, 'contract')) as AnySelect,
  select: (qb) =>
    qb.select([
      'subscription.insured_id',
      'insured.firstname',
      'insured.lastname',
      'subscription.contract_id',
      'contract.lb_contrat',
      'contract.date_deb_val',
      'contract.date_fin_val',
    ]),
  compute: (rows) =>
    rows.map((r) => ({
      insured: {
        '@id': iri(INSURED_IRI, r.insured_id),
        '@type': 'Insured',
        id: r.insured_id,
        firstname: r.firstname,
        lastname: r.lastname,
      },
      contract: {
        '@id': iri(CONTRACT_IRI, r.contract_id),
        '@type': 'Contract',
        id: r.contract_id,
        lbContrat: r.lb_contrat,
        dateDebVal: r.date_deb_val,
        dateFinVal: r.date_fin_val,
      },
    })),
});

/** Subscriptions of the given insured to contracts in scope, newest first. */
export async function subscriptionsOf(ctx: Ctx, insuredIds: number[]) {
  if (!insuredIds.length) return new Map<number, unknown[]>();
  const qb = (subscriptions.from(ctx) as AnySelect).where(
    'subscription.insured_id',
    'in',
    insuredIds,
  );
  const rows = await (subscriptions.select(qb as never) as AnySelect)
    .select('subscription.insured_id as parent')
    .orderBy('subscription.start_at', 'desc')
    .orderBy('subscription.id', 'desc')
    .execute();
  return byParent(rows, async (page) => (await subscriptions.members(page, ctx)) as unknown[]);
}

export const insureds = classSource(Insured, {
  // The lateral alias is no table of DB: the builder is typed loosely here.
  from: (ctx) => insuredFrom(ctx) as unknown as AnySelect,
  select: (qb) => qb.select(PERSON_EXTRA),
  // A seller's FROM groups their subscriptions (insuredFrom): run once, not twice.
  lightSelect: (ctx) => ctx.scope.kind === 'brokers',
  async compute(rows, ctx) {
    const ids = rows.map((r) => r.id as number);
    const [beneficiaires, subscribed] = await Promise.all([
      beneficiariesOf(ctx, ids),
      subscriptionsOf(ctx, ids),
    ]);
    return rows.map((r) => ({
      ...personFields(r),
      beneficiaires: beneficiaires.get(r.id) ?? [],
      subscriptions: subscribed.get(r.id) ?? [],
    }));
  },
});

/** `EXISTS` an in-scope subscription of the insured to this contract (filters contrat.id). */
export const subscribedTo = (ctx: Ctx, contractId: number) =>
  sql<boolean>`EXISTS (SELECT 1 FROM subscription AS f_sub
    WHERE f_sub.insured_id = insured.id AND f_sub.contract_id = ${contractId}
    AND ${viaContract(ctx.scope, 'f_sub.contract_id')})`;

// Benefits (prestations), spec partner-extranet §3 "Benefit": in scope when their contract is.
// The beneficiary is the person cared for: the beneficiary row when there is one, otherwise
// the insured themselves, with the period of their subscription to the benefit's contract
// (one more query for the whole page).
import { type SqlBool, sql } from 'kysely';
import { Benefit } from '../../../../src/domain/schema/benefit.ts';
import { httpError } from '../../http/problem.ts';
import { contractScope } from '../../scope/index.ts';
import { type AnySelect, type Ctx, custom, iri, parseId } from '../framework/index.ts';
import { type ClassRow, classSource } from '../framework/schema.ts';
import {
  BENEFICIARY_IRI,
  CONTRACT_IRI,
  INSURED_IRI,
  SUBSCRIPTION_IRI,
} from '../insureds/source.ts';

const unique = (values: Array<number | null>) =>
  [...new Set(values)].filter((v): v is number => v !== null);

/** The page's insured, beneficiaries and subscription periods: three queries at most. */
async function relations(ctx: Ctx, rows: ClassRow[]) {
  const insuredIds = unique(rows.map((r) => r.insured_id));
  const beneficiaryIds = unique(rows.map((r) => r.beneficiary_id));
  const [people, beneficiaries, periods] = await Promise.all([
    insuredIds.length
      ? ctx.db
          .selectFrom('insured')
          .select(['id', 'firstname', 'lastname', 'dt_birthday', 'sex'])
          .where('id', 'in', insuredIds)
          .execute()
      : [],
    beneficiaryIds.length
      ? ctx.db
          .selectFrom('beneficiary')
          .select(['id', 'firstname', 'lastname', 'date_of_birth', 'sex', 'start_at', 'end_at'])
          .where('id', 'in', beneficiaryIds)
          .execute()
      : [],
    subscriptionPeriods(ctx, rows),
  ]);
  return {
    people: new Map(people.map((p) => [p.id, p])),
    beneficiaries: new Map(beneficiaries.map((b) => [b.id, b])),
    periods,
  };
}

/** Periods of the insured's subscriptions to the page's contracts: key `insured:contract`. */
async function subscriptionPeriods(ctx: Ctx, rows: ClassRow[]) {
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

/**
 * `beneficiary=`: the IRI a benefit's `beneficiary` shows. A beneficiary's (or its id) is
 * their care; the insured's is the care of the insured themselves, no beneficiary row.
 */
export const beneficiaryFilter = custom('string', (value: string) => {
  const own = value.startsWith(`${INSURED_IRI}/`) ? parseId(value) : undefined;
  if (own !== undefined) {
    return sql<SqlBool>`benefit.beneficiary_id IS NULL AND benefit.insured_id = ${own}`;
  }
  const id =
    /^\d+$/.test(value) || value.startsWith(`${BENEFICIARY_IRI}/`) ? parseId(value) : undefined;
  if (id === undefined) {
    throw httpError(
      400,
      `Le paramètre « beneficiary » doit être l'IRI d'un ayant droit (${BENEFICIARY_IRI}/{id}) ou d'un assuré (${INSURED_IRI}/{id}).`,
    );
  }
  return sql<SqlBool>`benefit.beneficiary_id = ${id}`;
});

export const benefits = classSource(Benefit, {
  from: (ctx) =>
    ctx.db
      .selectFrom('benefit')
      .innerJoin('contract', 'contract.id', 'benefit.contract_id')
      .where(contractScope(ctx.scope, 'contract')) as AnySelect,
  // The persons are read for the page alone (`relations`), not joined before the sort.
  select: (qb) =>
    qb.select([
      'benefit.insured_id',
      'benefit.beneficiary_id',
      'benefit.contract_id',
      'contract.lb_contrat',
    ]),
  async compute(rows, ctx) {
    const { people, beneficiaries, periods } = await relations(ctx, rows);
    return rows.map((r) => {
      const period = periods.get(`${r.insured_id}:${r.contract_id}`);
      const person = people.get(r.insured_id);
      const b = r.beneficiary_id === null ? undefined : beneficiaries.get(r.beneficiary_id);
      const beneficiary = b
        ? {
            '@id': iri(BENEFICIARY_IRI, b.id),
            '@type': 'Beneficiary',
            id: b.id,
            firstname: b.firstname,
            lastname: b.lastname,
            dateOfBirth: b.date_of_birth,
            sex: b.sex,
            startAt: b.start_at,
            endAt: b.end_at,
          }
        : {
            // The insured cared for themselves.
            '@id': iri(INSURED_IRI, r.insured_id),
            '@type': 'Insured',
            id: r.insured_id,
            firstname: person?.firstname ?? null,
            lastname: person?.lastname ?? null,
            dateOfBirth: person?.dt_birthday ?? null,
            sex: person?.sex ?? null,
            startAt: period?.start_at ?? null,
            endAt: period?.end_at ?? null,
            ...(period ? { subscription: iri(SUBSCRIPTION_IRI, period.id) } : {}),
          };
      return {
        invoice: { lbFacture: r.lbFacture },
        beneficiary,
        insured: {
          '@id': iri(INSURED_IRI, r.insured_id),
          '@type': 'Insured',
          id: r.insured_id,
          firstname: person?.firstname ?? null,
          lastname: person?.lastname ?? null,
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

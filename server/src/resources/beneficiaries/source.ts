// Beneficiaries (ayants droit) of insured persons, spec partner-extranet §3 and §7: in scope
// exactly when their insured is. And the per-contract lines of insured persons with their
// beneficiaries (/api/insured_with_beneficiaries): one row per subscription to the contract,
// the older per-contract shape of §3 (idLink 'A', assure, dtDebVal, lbNoss, lbCless, ...).
import { fullName } from '../../../../src/domain/premium.ts';
import { insuredScope } from '../../scope/index.ts';
import { defineSource } from '../framework/index.ts';
import {
  BENEFICIARY_COLUMNS,
  type BeneficiaryRow,
  beneficiariesOf,
  beneficiaryMember,
  INSURED_COLUMNS,
  type InsuredRow,
  insuredFields,
} from '../insureds/source.ts';

export const beneficiaries = defineSource({
  from: (ctx) =>
    ctx.db
      .selectFrom('beneficiary')
      .innerJoin('insured', 'insured.id', 'beneficiary.insured_id')
      .where(insuredScope(ctx.scope, 'insured')),
  id: 'beneficiary.id',
  select: (qb) => qb.select(BENEFICIARY_COLUMNS),
  members: (rows: BeneficiaryRow[]) => rows.map(beneficiaryMember),
});

/** Per-contract lines: the contract (checked in scope beforehand) narrows `subscription`. */
export const insuredOfContract = defineSource({
  from: (ctx) =>
    ctx.db.selectFrom('subscription').innerJoin('insured', 'insured.id', 'subscription.insured_id'),
  id: 'subscription.id',
  select: (qb) =>
    qb.select([
      ...INSURED_COLUMNS.filter((c) => c !== 'last_sub.start_at'),
      'subscription.id as subscription_id',
      'subscription.start_at',
      'subscription.end_at as end_at',
      'subscription.contract_id',
    ]),
  async members(
    rows: Array<
      InsuredRow & { subscription_id: number; end_at: string | null; contract_id: number }
    >,
    ctx,
  ) {
    const byInsured = await beneficiariesOf(
      ctx,
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const insured = insuredFields(r);
      return {
        ...insured,
        idLink: insured.link,
        assure: fullName(r),
        startAt: r.start_at,
        endAt: r.end_at,
        dtDebVal: r.start_at,
        dtFinVal: r.end_at,
        lbNoss: r.noss,
        lbCless: r.noss_key,
        subscription: `/api/subscriptions/${r.subscription_id}`,
        contract: `/api/contracts/${r.contract_id}`,
        beneficiaires: byInsured.get(r.id) ?? [],
      };
    });
  },
});

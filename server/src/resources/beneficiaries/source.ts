// The per-contract lines of insured persons with their beneficiaries
// (/api/insured_with_beneficiaries, src/domain/schema/insured.ts ContractInsured): one row per
// subscription to the contract, the older per-contract shape of spec §3 (idLink 'A', assure,
// dtDebVal, lbNoss, lbCless, ...).
import { fullName } from '../../../../src/domain/premium.ts';
import { ContractInsured } from '../../../../src/domain/schema/insured.ts';
import type { AnySelect } from '../framework/index.ts';
import { classSource } from '../framework/schema.ts';
import {
  beneficiariesOf,
  CONTRACT_IRI,
  PERSON_EXTRA,
  personFields,
  SUBSCRIPTION_IRI,
} from '../insureds/source.ts';

/** Per-contract lines: the contract (checked in scope beforehand) narrows `subscription`. */
export const insuredOfContract = classSource(ContractInsured, {
  from: (ctx) =>
    ctx.db
      .selectFrom('subscription')
      .innerJoin('insured', 'insured.id', 'subscription.insured_id') as AnySelect,
  // A line is a subscription: its id breaks ties, the insured person's is the member's.
  id: 'subscription.id',
  select: (qb) =>
    qb.select([...PERSON_EXTRA, 'subscription.id as subscription_id', 'subscription.contract_id']),
  async compute(rows, ctx) {
    const byInsured = await beneficiariesOf(
      ctx,
      rows.map((r) => r.id as number),
    );
    return rows.map((r) => {
      const person = personFields(r);
      return {
        ...person,
        idLink: person.link,
        assure: fullName(r as { firstname: string; lastname: string }),
        dtDebVal: r.startAt,
        dtFinVal: r.endAt,
        lbNoss: r.noss,
        lbCless: r.nossKey,
        subscription: `${SUBSCRIPTION_IRI}/${r.subscription_id}`,
        contract: `${CONTRACT_IRI}/${r.contract_id}`,
        beneficiaires: byInsured.get(r.id) ?? [],
      };
    });
  },
});

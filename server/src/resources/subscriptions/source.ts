// Subscriptions (adhésions) of insured persons to contracts: in scope when their contract is.
import { contractScope } from '../../scope/index.ts';
import { defineSource, iri } from '../framework/index.ts';
import { CONTRACT_IRI, INSURED_IRI, SUBSCRIPTION_IRI } from '../insureds/source.ts';

interface SubscriptionRow {
  id: number;
  start_at: string;
  end_at: string | null;
  insured_id: number;
  firstname: string;
  lastname: string;
  contract_id: number;
  lb_contrat: string;
  date_deb_val: string;
  date_fin_val: string | null;
}

export const subscriptions = defineSource({
  from: (ctx) =>
    ctx.db
      .selectFrom('subscription')
      .innerJoin('contract', 'contract.id', 'subscription.contract_id')
      .innerJoin('insured', 'insured.id', 'subscription.insured_id')
      .where(contractScope(ctx.scope, 'contract')),
  id: 'subscription.id',
  select: (qb) =>
    qb.select([
      'subscription.id',
      'subscription.start_at',
      'subscription.end_at',
      'subscription.insured_id',
      'insured.firstname',
      'insured.lastname',
      'subscription.contract_id',
      'contract.lb_contrat',
      'contract.date_deb_val',
      'contract.date_fin_val',
    ]),
  members: (rows: SubscriptionRow[]) =>
    rows.map((r) => ({
      '@id': iri(SUBSCRIPTION_IRI, r.id),
      '@type': 'Subscription',
      id: r.id,
      startAt: r.start_at,
      endAt: r.end_at,
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

// Premiums (cotisations), spec partner-extranet §3 "Premium", read as their declaration says
// (src/domain/schema/premium.ts): in scope when their contract is. The derived fields
// (typeCotisation, remaining, destinataire, lbStatus, the payment mode an unpaid premium does
// not show) come from src/domain/premium.ts, the rules the SPA shares.
import {
  displayedPaymentMode,
  premiumRecipient,
  premiumRemaining,
  premiumStatusLabel,
  typeCotisation,
} from '../../../../src/domain/premium.ts';
import { Premium } from '../../../../src/domain/schema/premium.ts';
import { contractScope } from '../../scope/index.ts';
import { type AnySelect, iri } from '../framework/index.ts';
import { type ClassRow, classSource } from '../framework/schema.ts';
import { CONTRACT_IRI, INSURED_IRI } from '../insureds/source.ts';

/**
 * The scoped FROM; the insured is joined for the name filters (§5) only, and the product for
 * its order only, so PostgreSQL drops each join when nothing asks for it. Display relations (product, subscriber, the insured's
 * name) are read for the page alone in `compute`, never joined to every row before the sort.
 */
export const premiums = classSource(Premium, {
  from: (ctx) =>
    ctx.db
      .selectFrom('premium')
      .innerJoin('contract', 'contract.id', 'premium.contract_id')
      .leftJoin('insured', 'insured.id', 'premium.insured_id')
      // For order[contract.lbProduit] only: a left join on the product's key, which PostgreSQL
      // removes from every other query.
      .leftJoin('product', 'product.id', 'contract.product_id')
      .where(contractScope(ctx.scope, 'contract')) as AnySelect,
  select: (qb) =>
    qb.select([
      'premium.lb_mode_paie',
      'premium.insured_id',
      'premium.contract_id',
      'contract.lb_contrat',
      'contract.customer_id',
    ]),
  async compute(rows, ctx) {
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
      computedFields(
        r,
        byContract.get(r.contract_id),
        r.insured_id === null ? undefined : byInsured.get(r.insured_id),
      ),
    );
  },
});

function computedFields(
  r: ClassRow,
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
  return {
    lbStatus: premiumStatusLabel(r.status),
    insured,
    typeCotisation: typeCotisation(r.paidByClient),
    remaining: premiumRemaining(r as never),
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

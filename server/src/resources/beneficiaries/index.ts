// Beneficiaries, spec partner-extranet §7 "Insured and benefits", from their declarations
// (src/domain/schema/insured.ts):
//   GET /api/insureds/{id}/beneficiaires   by lastname and firstname, or page, sort, filters
//   GET /api/insured_with_beneficiaries?contract={id}&page   per contract
// plus the item /api/beneficiaires/{id} their @id points to. A parent outside the scope: 404.
import { sql } from 'kysely';
import {
  Beneficiary,
  ContractInsured,
  INSURED_ROLES,
} from '../../../../src/domain/schema/insured.ts';
import { exact } from '../framework/filters.ts';
import {
  type Api,
  type CollectionDecl,
  collection,
  item,
  type ResourceDeps,
} from '../framework/index.ts';
import { hydraClass, itemBase, listParams } from '../framework/schema.ts';
import { sexes } from '../insureds/index.ts';
import { beneficiaries } from '../insureds/source.ts';
import { pathParent, queryId, queryParent } from '../parents.ts';
import { insuredOfContract } from './source.ts';

/**
 * The insured persons of one contract, named by the query parameter `param` (`contract` on the
 * API, `contrat.id` in an export's body, spec §7), the contract checked in scope first: 404.
 */
export const contractInsuredList = (param: string): CollectionDecl => {
  const params = listParams(ContractInsured);
  return {
    ...params,
    // The contract, required and checked by `check` and `where`, is also an id filter: an
    // event of the audit trail keeps its value.
    filters: { ...params.filters, [param]: exact('subscription.contract_id', 'id') },
    paths: ['/api/insured_with_beneficiaries'],
    check: queryParent('contract', param),
    source: insuredOfContract,
    where: (ctx) => sql<boolean>`subscription.contract_id = ${queryId(ctx, param)}`,
    keyset: true,
  };
};

export function register(api: Api, deps: ResourceDeps): void {
  api.hydra.add(hydraClass(Beneficiary));
  api.hydra.add(hydraClass(ContractInsured));

  collection(api, deps, {
    ...listParams(Beneficiary, { filters: { sex: sexes('beneficiary.sex') } }),
    paths: ['/api/insureds/:id/beneficiaires'],
    check: pathParent('insured'),
    source: beneficiaries,
    where: (ctx) => sql<boolean>`beneficiary.insured_id = ${ctx.pathId()}`,
    keyset: false,
  });

  collection(api, deps, contractInsuredList('contract'));

  item(api, deps, {
    paths: [`${itemBase(Beneficiary)}/:id`],
    resource: Beneficiary.name,
    roles: INSURED_ROLES,
    source: beneficiaries,
    notFound: Beneficiary.messages?.notFound,
  });
}

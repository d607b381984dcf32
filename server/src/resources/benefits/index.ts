// Benefits (prestations), spec partner-extranet §7 "Insured and benefits", from their
// declaration (src/domain/schema/benefit.ts):
//   GET /prestations?insured={id}&page, /prestations?assure.id={id}, /api/prestations?insured&page
//   GET /api/prestations_ifc_sas?idInsured={id}&page   (per insured: idInsured is required)
// plus the item /api/prestations/{id}. Default sort: datePayment descending (§9).
// On the general list the insured is a filter like any other (an insured out of scope gives the
// same empty page as an unknown one); the per-insured list checks its insured first (404).
import { sql } from 'kysely';
import { Benefit } from '../../../../src/domain/schema/benefit.ts';
import { INSURED_ROLES } from '../../../../src/domain/schema/insured.ts';
import { collectionPath } from '../../../../src/domain/schema/types.ts';
import { type Api, collection, ignored, item, type ResourceDeps } from '../framework/index.ts';
import { hydraClass, itemBase, listParams } from '../framework/schema.ts';
import { queryId, queryParent } from '../parents.ts';
import { beneficiaryFilter, benefits } from './source.ts';

export function register(api: Api, deps: ResourceDeps): void {
  api.hydra.add(hydraClass(Benefit));
  const list = {
    ...listParams(Benefit, { filters: { beneficiary: beneficiaryFilter } }),
    source: benefits,
    keyset: true,
  };
  collection(api, deps, { ...list, paths: [collectionPath(Benefit), '/prestations'] });

  collection(api, deps, {
    ...list,
    paths: ['/api/prestations_ifc_sas'],
    check: queryParent('insured', 'idInsured'),
    where: (ctx) => sql<boolean>`benefit.insured_id = ${queryId(ctx, 'idInsured')}`,
    filters: { ...list.filters, idInsured: ignored },
  });

  item(api, deps, {
    paths: [`${itemBase(Benefit)}/:id`, '/prestations/:id'],
    resource: Benefit.name,
    roles: INSURED_ROLES,
    source: benefits,
    notFound: Benefit.messages?.notFound,
  });
}

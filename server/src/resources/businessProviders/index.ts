// Business providers (apporteurs, organisations of type 3; spec §3, §7): the list and detail at
// /api/businessProviders, the older detail /apporteurs/{id}, and the option list of providers
// holding at least one contract in the caller's scope (business_providers_with_contract).
// Providers are reference data; the option list only names those of contracts in scope.
// Declared in src/domain/schema/organization.ts.

import { BusinessProvider } from '../../../../src/domain/schema/organization.ts';
import { collectionPath } from '../../../../src/domain/schema/types.ts';
import {
  type AnySelect,
  type Api,
  collection,
  item,
  type ResourceDeps,
} from '../framework/index.ts';
import { classSource, hydraClass, listParams } from '../framework/schema.ts';
import { narrowed } from '../framework/source.ts';
import { optionCollection } from '../organizations/optionList.ts';
import { ORGANIZATION_TYPE, withContractInScope } from '../organizations/shape.ts';

const providers = classSource(BusinessProvider, {
  from: (ctx) =>
    ctx.db
      .selectFrom('organization')
      .where('organization.type_id', '=', ORGANIZATION_TYPE.businessProvider) as AnySelect,
  // The older shape (spec §3): the same values under their lb* names.
  compute: (rows) =>
    rows.map((r) => ({
      idApporteur: r.id,
      lbApporteur: r.legalname,
      lbVille: r.addressLocality,
      lbCodPos: r.postalCode,
      lbSiret: r.siret,
      lbOrias: r.orias,
    })),
});

const providersWithContract = narrowed(providers, (ctx) => withContractInScope(ctx.scope));

/** The orders and filters of the list and of the option list. */
const PROVIDER_LIST = listParams(BusinessProvider);

export function register(api: Api, deps: ResourceDeps): void {
  api.hydra.add(hydraClass(BusinessProvider));
  collection(api, deps, {
    ...PROVIDER_LIST,
    paths: [collectionPath(BusinessProvider)],
    source: providers,
  });
  item(api, deps, {
    paths: ['/api/businessProviders/:id', '/apporteurs/:id', '/api/apporteurs/:id'],
    resource: BusinessProvider.name,
    source: providers,
    notFound: BusinessProvider.messages?.notFound,
  });
  optionCollection(api, deps, {
    ...PROVIDER_LIST,
    paths: ['/api/business_providers_with_contract', '/business_providers_with_contract'],
    source: providersWithContract,
  });
}

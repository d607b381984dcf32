// Business providers (apporteurs, organisations of type 3; spec §3, §7): the list and detail at
// /api/businessProviders, the older detail /apporteurs/{id}, and the option list of providers
// holding at least one contract in the caller's scope (business_providers_with_contract).
// Providers are reference data; the option list only names those of contracts in scope.
import type { HydraProperty } from '../../hydra/registry.ts';
import {
  type Api,
  type CollectionDecl,
  collection,
  defineSource,
  exact,
  item,
  partial,
  type ResourceDeps,
} from '../framework/index.ts';
import { ORGANIZATION_PROPERTIES } from '../organizations/index.ts';
import { optionCollection } from '../organizations/optionList.ts';
import {
  apporteurMember,
  businessProviderMember,
  ORGANIZATION_ORDER,
  ORGANIZATION_TYPE,
  type OrganizationRow,
  withContractInScope,
} from '../organizations/shape.ts';

const providers = defineSource({
  from: (ctx) =>
    ctx.db
      .selectFrom('organization')
      .where('organization.type_id', '=', ORGANIZATION_TYPE.businessProvider),
  id: 'organization.id',
  select: (qb) => qb.selectAll('organization'),
  members: (rows: OrganizationRow[]) => rows.map(businessProviderMember),
});

const apporteurs = defineSource({
  ...providers,
  members: (rows: OrganizationRow[]) => rows.map(apporteurMember),
});

const providersWithContract = defineSource({
  ...providers,
  from: (ctx) => providers.from(ctx).where(withContractInScope(ctx.scope)),
});

export const PROVIDER_FILTERS: CollectionDecl['filters'] = {
  id: exact('organization.id', 'id'),
  legalname: partial('organization.legalname'),
  postalCode: partial('organization.postal_code'),
  addressLocality: partial('organization.address_locality'),
  siret: partial('organization.siret'),
  orias: partial('organization.orias'),
};

const LIST = {
  resource: 'BusinessProvider',
  order: { ...ORGANIZATION_ORDER, orias: 'organization.orias' },
  // Spec §9: providers by legalname.
  defaultOrder: [{ field: 'legalname', direction: 'asc' }],
  filters: PROVIDER_FILTERS,
} as const satisfies Omit<CollectionDecl, 'paths' | 'source'>;

const text = (name: string, title: string, description?: string): HydraProperty => ({
  name,
  title,
  range: 'xmls:string',
  ...(description ? { description } : {}),
});
const OLDER = 'Ancienne forme de /apporteurs/{id}';

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  api.hydra.add({
    name: 'BusinessProvider',
    title: 'Apporteur',
    collection: { path: '/api/businessProviders', key: 'businessProviders' },
    properties: [
      ...ORGANIZATION_PROPERTIES,
      text('orias', 'ORIAS'),
      text('lbApporteur', 'Apporteur', OLDER),
      text('lbVille', 'Ville', OLDER),
      text('lbCodPos', 'Code postal', OLDER),
      text('lbSiret', 'SIRET', OLDER),
      text('lbOrias', 'ORIAS', OLDER),
    ],
  });
  collection(api, deps, { ...LIST, paths: ['/api/businessProviders'], source: providers });
  item(api, deps, {
    paths: ['/api/businessProviders/:id'],
    resource: 'BusinessProvider',
    source: providers,
    notFound: 'Cet apporteur est introuvable.',
  });
  item(api, deps, {
    paths: ['/apporteurs/:id', '/api/apporteurs/:id'],
    resource: 'BusinessProvider',
    source: apporteurs,
    notFound: 'Cet apporteur est introuvable.',
  });
  optionCollection(api, deps, {
    ...LIST,
    paths: ['/api/business_providers_with_contract', '/business_providers_with_contract'],
    source: providersWithContract,
  });
}

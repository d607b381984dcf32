// Insurance companies (mutuelles / compagnies, organisations of type 5; spec §3, §7): list and
// detail at /api/insuranceOfCompanies (no orias; missing values empty), and the option list of
// companies linked to at least one contract in the caller's scope.
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
  insuranceCompanyMember,
  ORGANIZATION_ORDER,
  ORGANIZATION_TYPE,
  type OrganizationRow,
  withContractInScope,
} from '../organizations/shape.ts';

const companies = defineSource({
  from: (ctx) =>
    ctx.db
      .selectFrom('organization')
      .where('organization.type_id', '=', ORGANIZATION_TYPE.insuranceCompany),
  id: 'organization.id',
  select: (qb) => qb.selectAll('organization'),
  members: (rows: OrganizationRow[]) => rows.map(insuranceCompanyMember),
});

const companiesWithContract = defineSource({
  ...companies,
  from: (ctx) => companies.from(ctx).where(withContractInScope(ctx.scope)),
});

const LIST = {
  resource: 'InsuranceCompany',
  order: ORGANIZATION_ORDER,
  // Spec §9: companies by legalname.
  defaultOrder: [{ field: 'legalname', direction: 'asc' }],
  filters: {
    id: exact('organization.id', 'id'),
    legalname: partial('organization.legalname'),
    postalCode: partial('organization.postal_code'),
    addressLocality: partial('organization.address_locality'),
    siret: partial('organization.siret'),
  },
} as const satisfies Omit<CollectionDecl, 'paths' | 'source'>;

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  api.hydra.add({
    name: 'InsuranceCompany',
    title: "Compagnie d'assurance",
    collection: { path: '/api/insuranceOfCompanies', key: 'insuranceOfCompanies' },
    properties: ORGANIZATION_PROPERTIES,
  });
  collection(api, deps, { ...LIST, paths: ['/api/insuranceOfCompanies'], source: companies });
  item(api, deps, {
    paths: ['/api/insuranceOfCompanies/:id'],
    resource: 'InsuranceCompany',
    source: companies,
    notFound: "Cette compagnie d'assurance est introuvable.",
  });
  optionCollection(api, deps, {
    ...LIST,
    paths: ['/api/insuranceOfCompanies_with_contract'],
    source: companiesWithContract,
  });
}

// Insurance companies (mutuelles / compagnies, organisations of type 5; spec §3, §7): list and
// detail at /api/insuranceOfCompanies (no orias; missing values empty), and the option list of
// companies linked to at least one contract in the caller's scope. Declared in
// src/domain/schema/organization.ts.

import { InsuranceCompany } from '../../../../src/domain/schema/organization.ts';
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

/** Spec §3: a company's missing text values are sent empty, not null. */
const TEXTS = Object.entries(InsuranceCompany.properties)
  .filter(([, p]) => p.type === 'string' && p.nullable)
  .map(([name]) => name);

const companies = classSource(InsuranceCompany, {
  from: (ctx) =>
    ctx.db
      .selectFrom('organization')
      .where('organization.type_id', '=', ORGANIZATION_TYPE.insuranceCompany) as AnySelect,
  compute: (rows) =>
    rows.map((row) => Object.fromEntries(TEXTS.map((name) => [name, row[name] ?? '']))),
});

const companiesWithContract = narrowed(companies, (ctx) => withContractInScope(ctx.scope));

export function register(api: Api, deps: ResourceDeps): void {
  api.hydra.add(hydraClass(InsuranceCompany));
  const list = listParams(InsuranceCompany);
  collection(api, deps, { ...list, paths: [collectionPath(InsuranceCompany)], source: companies });
  item(api, deps, {
    paths: ['/api/insuranceOfCompanies/:id'],
    resource: InsuranceCompany.name,
    source: companies,
    notFound: InsuranceCompany.messages?.notFound,
  });
  optionCollection(api, deps, {
    ...list,
    paths: ['/api/insuranceOfCompanies_with_contract'],
    source: companiesWithContract,
  });
}

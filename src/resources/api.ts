// Where each react-admin resource lives on the API (spec partner-extranet §7): the declarations'
// own `api`, plus the collections that screens read without a route of their own (related
// lists, option lists). The data provider takes its paths, sort aliases and cache rules from
// here, so they are written once.

import { Benefit } from '../domain/schema/benefit.ts';
import { Beneficiary, ContractInsured, Subscription } from '../domain/schema/insured.ts';
import { Premium } from '../domain/schema/premium.ts';
import type { ApiRoutes } from '../providers/dataProvider.ts';
import { fromClass } from './fromClass.ts';
import { DECLARATIONS } from './index.ts';

/** Option and reference lists: kept 3 hours per signed-in user (spec §6, §9). */
const CACHED_LISTS = [
  'contratStates',
  'contratTypes',
  'contracts_categories',
  'menus_contracts',
  'menus_ccn',
  'customersGroups',
  'poles',
  'business_providers_with_contract',
  'insuranceOfCompanies_with_contract',
  'products_with_contract',
  'brokers_with_contract',
] as const;

/** Collections that are no declared screen but are read by them. */
const RELATED: ApiRoutes = {
  ...Object.fromEntries(
    [Premium, Benefit, Beneficiary, Subscription, ContractInsured].map((c) => [
      c.resource,
      fromClass(c).api,
    ]),
  ),
  organizations: { collection: '/api/organizations' },
};

export const API_ROUTES: ApiRoutes = {
  ...Object.fromEntries(
    CACHED_LISTS.map((name) => [name, { collection: `/api/${name}`, cached: true }]),
  ),
  ...RELATED,
  ...Object.fromEntries(
    DECLARATIONS.flatMap((d) => (d.isResource && d.api ? [[d.name, d.api] as const] : [])),
  ),
};

// Every resource, registered in the protected API scope (server/src/app.ts).
// Each module lives in its own folder and exports register(api, deps); add one line per module.
import { CLASSES } from '../../../src/domain/schema/index.ts';
import * as auditTrail from '../audit/resource.ts';
import * as accessGroups from './accessGroups/index.ts';
import * as beneficiaries from './beneficiaries/index.ts';
import * as benefits from './benefits/index.ts';
import * as brokers from './brokers/index.ts';
import * as businessProviders from './businessProviders/index.ts';
import * as carteTp from './carteTp/index.ts';
import * as commissions from './commissions/index.ts';
import * as contractReference from './contractReference/index.ts';
import * as contracts from './contracts/index.ts';
import * as customerGroups from './customerGroups/index.ts';
import * as customers from './customers/index.ts';
import * as dashboards from './dashboards/index.ts';
import { genericResource } from './framework/generic.ts';
import type { Api, ResourceDeps } from './framework/index.ts';
import * as insuranceCompanies from './insuranceCompanies/index.ts';
import * as insureds from './insureds/index.ts';
import * as organizations from './organizations/index.ts';
import * as premiums from './premiums/index.ts';
import * as products from './products/index.ts';
import * as rights from './rights/index.ts';
import * as search from './search/index.ts';
import * as subscriptions from './subscriptions/index.ts';
import * as supervisors from './supervisors/index.ts';
import * as users from './users/index.ts';
import * as usersDirectory from './usersDirectory/index.ts';

export async function registerResources(api: Api, deps: ResourceDeps): Promise<void> {
  // Contracts and their reference lists (states, types, categories, menus).
  await contracts.register(api, deps);
  await contractReference.register(api, deps);
  // Customers, providers, companies, products, commissions, brokers, supervisors.
  organizations.register(api, deps);
  businessProviders.register(api, deps);
  insuranceCompanies.register(api, deps);
  await customerGroups.register(api, deps);
  await customers.register(api, deps);
  await products.register(api, deps);
  await commissions.register(api, deps);
  await brokers.register(api, deps);
  await supervisors.register(api, deps);
  // Insured persons, beneficiaries, subscriptions, benefits, premiums.
  await insureds.register(api, deps);
  beneficiaries.register(api, deps);
  subscriptions.register(api, deps);
  benefits.register(api, deps);
  premiums.register(api, deps);
  // The third-party-payer card of an insured person (/api/assures/{id}/..._carte_tp...).
  carteTp.register(api, deps);
  // The operator's dashboards.
  dashboards.register(api, deps);
  // Rights: profiles per realm, the roles and their tree (the plain classes just below).
  await rights.register(api, deps);
  // Partner access groups, scoped to the partner of a partner administrator.
  await accessGroups.register(api, deps);
  // The single sign-on directory search (/api/users/sso_search*), for whoever manages users.
  usersDirectory.register(api, deps);
  // Users: the administration's accounts, their links to choose a password, one's own profile.
  await users.register(api, deps);
  // The full-text search (POST /search, /api/search), scoped like each list it reads.
  search.register(api, deps);
  // The audit trail, read only, for operator administrators (server/src/audit/).
  await auditTrail.register(api, deps);
  // The plain classes: served from their declaration alone (src/domain/schema, `generic`).
  for (const decl of CLASSES) if (decl.generic) await genericResource(api, deps, decl);
}

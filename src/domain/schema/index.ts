// Every class declaration of the API (./types.ts), by Hydra name and by react-admin resource.
// Add a class here and the server documents it, the SPA labels it (resources.<name>.fields.*)
// and the generic screens can show it.
import { AccessGroup } from './accessGroup.ts';
import { AuditEvent } from './audit.ts';
import { Benefit } from './benefit.ts';
import { Commission, CommissionSummary } from './commission.ts';
import { Contract } from './contract.ts';
import { ContractCategory, ContractState, ContractType } from './contractReference.ts';
import { Customer } from './customer.ts';
import { CustomerGroup } from './customerGroup.ts';
import { Beneficiary, ContractInsured, Insured, Subscription } from './insured.ts';
import { Menu } from './menu.ts';
import { BusinessProvider, InsuranceCompany, Organization } from './organization.ts';
import { Pole } from './pole.ts';
import { Premium } from './premium.ts';
import { Product } from './product.ts';
import { classesNamingRights } from './productRights.ts';
import { Profile, ProfileRealm, Realm, RightsChange, Role, RoleTheme, UserType } from './rights.ts';
import { Broker, Supervisor } from './seller.ts';
import { Supplier } from './supplier.ts';
import { type AnyClass, sortAliases, sortOf } from './types.ts';
import { User } from './user.ts';
import { UserImportHistory, UserImportLog } from './userImport.ts';

export const CLASSES: readonly AnyClass[] = [
  Supplier,
  Contract,
  ContractState,
  ContractType,
  ContractCategory,
  CustomerGroup,
  Pole,
  Product,
  InsuranceCompany,
  BusinessProvider,
  Organization,
  Customer,
  Commission,
  Insured,
  Beneficiary,
  Subscription,
  ContractInsured,
  Premium,
  Benefit,
  Broker,
  Supervisor,
  CommissionSummary,
  Menu,
  Realm,
  RoleTheme,
  UserType,
  Profile,
  ProfileRealm,
  Role,
  RightsChange,
  AccessGroup,
  User,
  UserImportLog,
  UserImportHistory,
  AuditEvent,
];

// The roles the classes name are rights the product's code reads (a Role the API keeps).
classesNamingRights(CLASSES);

const byResource = new Map(CLASSES.map((c) => [c.resource, c]));

/** The class a react-admin resource reads, if it is declared. */
export const classOfResource = (resource: string | undefined): AnyClass | undefined =>
  resource === undefined ? undefined : byResource.get(resource);

const byName = new Map(CLASSES.map((c) => [c.name, c]));

/** The declared class of this Hydra name ('Supplier'), if any. */
export const classNamed = (name: string): AnyClass | undefined => byName.get(name);

const orderNames = new Map(
  CLASSES.map((c) => {
    const names = new Set(['id']); // every collection sorts by its id, react-admin's default
    for (const [name, p] of Object.entries(c.properties)) {
      const sort = sortOf(p);
      if (sort) for (const n of [name, ...(sort.aliases ?? [])]) names.add(n);
    }
    for (const [name, s] of Object.entries(c.sorts ?? {})) {
      for (const n of [name, ...(s.aliases ?? [])]) names.add(n);
    }
    return [c.resource, names];
  }),
);

/**
 * Whether the list of this resource may be sorted by this field: a property declared sortable,
 * one of the class's own orders, or a name the API takes for either (spec §7 aliases); a
 * resource no class declares is left to react-admin.
 */
export function isSortable(resource: string | undefined, field: string | undefined): boolean {
  const names = resource === undefined ? undefined : orderNames.get(resource);
  if (!names || !field) return names === undefined;
  return names.has(field);
}

/**
 * The API's order parameter of a list's sort (`order[<name>]`, the name the API takes for the
 * field), or undefined when the class does not sort by it; `aliases` when the caller's route
 * names them (the data provider's routes), else the class's own.
 */
export function orderParameter(
  resource: string | undefined,
  sort: { field?: string; order?: string } | undefined,
  aliases?: Readonly<Record<string, string>>,
): { name: string; value: 'asc' | 'desc' } | undefined {
  if (!sort?.field) return undefined;
  const decl = classOfResource(resource);
  const alias = (aliases ?? (decl ? sortAliases(decl) : undefined))?.[sort.field];
  if (!alias && !isSortable(resource, sort.field)) return undefined;
  const value = sort.order?.toLowerCase() === 'asc' ? 'asc' : 'desc';
  return { name: `order[${alias ?? sort.field}]`, value };
}

/** The class's default order as react-admin sorts (its first declared order). */
export function defaultSortOf(
  decl: AnyClass,
): { field: string; order: 'ASC' | 'DESC' } | undefined {
  const [first] = decl.defaultOrder;
  return first && { field: first.field, order: first.direction === 'asc' ? 'ASC' : 'DESC' };
}

export * from './types.ts';

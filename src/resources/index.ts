// Every declaration, in the order of the side menu of spec partner-extranet §2: the menu keeps
// this order, so moving a line here moves its entry.
import { AuditEvent } from '../domain/schema/audit.ts';
import { CLASSES } from '../domain/schema/index.ts';
import { ProfileRealm } from '../domain/schema/rights.ts';
import { accessGroups } from './accessGroups/index.ts';
import { admin } from './admin/index.ts';
import { brokers } from './brokers/index.ts';
import { businessProviders } from './businessProviders/index.ts';
import { commissions } from './commissions/index.ts';
import { contracts } from './contracts/index.ts';
import { customers } from './customers/index.ts';
import { genericDeclaration } from './fromClass.ts';
import { home } from './home/index.ts';
import { insuranceCompanies } from './insuranceCompanies/index.ts';
import { insureds } from './insureds/index.ts';
import { managers } from './managers/index.ts';
import { products } from './products/index.ts';
import { roles } from './roles/index.ts';
import { search } from './search/index.ts';
import type { Declaration } from './types.ts';
import { userImportLogs } from './userImportLogs/index.ts';
import { users } from './users/index.ts';

export const DECLARATIONS: readonly Declaration[] = [
  products,
  customers,
  contracts,
  commissions,
  brokers,
  managers,
  businessProviders,
  insuranceCompanies,
  insureds,
  users,
  userImportLogs,
  accessGroups,
  admin,
  search,
  home,
  // Rights: the roles tree, the profiles per realm (read through a join, shown generically).
  roles,
  genericDeclaration(ProfileRealm),
  // The audit trail, read only (served by server/src/audit/, shown generically under Admin).
  genericDeclaration(AuditEvent),
  // Plain classes: their screens come from their declaration alone (src/components/generic).
  ...CLASSES.filter((c) => c.generic && c.screens).map(genericDeclaration),
];

export type { Declaration, PageProps, RouteDeclaration, RouteKind } from './types.ts';

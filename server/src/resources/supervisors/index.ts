// Managers (supervisors; spec §3, §7): GET /api/supervisors and /api/supervisors/{id}, for
// PROFILE_ADMIN_AGEO, VIEW_MANAGER or PROFILE_ADMIN_PARTNER (spec §6; 403 otherwise), in the
// caller's scope (an operator sees all, a partner administrator its partner's managers).
// POST /api/supervisors creates a manager (../brokers/create.ts, server/src/users/).
import type { HydraProperty } from '../../hydra/registry.ts';
import { creation } from '../brokers/create.ts';
import {
  USER_FILTERS,
  USER_ORDER,
  USER_PROPERTIES,
  USER_TYPE,
  usersOfType,
} from '../brokers/member.ts';
import { type Api, collection, item, type ResourceDeps } from '../framework/index.ts';

const SUPERVISOR_ROLES = ['PROFILE_ADMIN_AGEO', 'VIEW_MANAGER', 'PROFILE_ADMIN_PARTNER'] as const;

const supervisors = usersOfType(USER_TYPE.manager, 'Supervisor');

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  api.hydra.add({
    name: 'Supervisor',
    title: 'Manager',
    collection: { path: '/api/supervisors', key: 'supervisors', methods: ['GET', 'POST'] },
    properties: [...(USER_PROPERTIES as readonly HydraProperty[])],
  });
  collection(api, deps, {
    paths: ['/api/supervisors'],
    resource: 'Supervisor',
    roles: SUPERVISOR_ROLES,
    source: supervisors,
    order: USER_ORDER,
    defaultOrder: [
      { field: 'employee.lastname', direction: 'asc' },
      { field: 'employee.firstname', direction: 'asc' },
    ],
    filters: USER_FILTERS,
  });
  item(api, deps, {
    paths: ['/api/supervisors/:id'],
    resource: 'Supervisor',
    roles: SUPERVISOR_ROLES,
    source: supervisors,
    notFound: 'Ce manager est introuvable.',
  });
  await creation(api, deps, {
    path: '/api/supervisors',
    resource: 'Supervisor',
    member: 'manager',
    source: supervisors,
  });
}

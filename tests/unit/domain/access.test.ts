import { describe, expect, it } from 'vitest';
import {
  decideAccess,
  NOT_ALLOWED_MESSAGES,
  notAllowedMessage,
  notAllowedPath,
} from '../../../src/domain/access.ts';
import { DEMO_ACCOUNTS } from '../../../src/domain/demoAccounts.ts';
import { expandRoles } from '../../../src/domain/roles.ts';
import type { Permissions } from '../../../src/domain/session.ts';
import { DECLARATIONS } from '../../../src/resources/index.ts';

const permissionsOf = (given: readonly string[]): Permissions => ({
  givenRoles: [...given],
  roles: expandRoles(given),
});
const account = (username: string) => {
  const found = DEMO_ACCOUNTS.find((a) => a.username === username);
  if (!found) throw new Error(username);
  return permissionsOf(found.roles);
};
const ruleOf = (path: string) => {
  const route = DECLARATIONS.flatMap((d) => d.routes).find((r) => r.path === path);
  if (!route) throw new Error(`no declared route ${path}`);
  return route.guard;
};

const OK = 'allowed';
const NF = '/404';
const list405 = notAllowedPath(NOT_ALLOWED_MESSAGES.usersList);
const create405 = notAllowedPath(NOT_ALLOWED_MESSAGES.usersCreate);
const import405 = notAllowedPath(NOT_ALLOWED_MESSAGES.usersImport);
const groups405 = notAllowedPath(NOT_ALLOWED_MESSAGES.partnerGroups);
const other405 = notAllowedPath(NOT_ALLOWED_MESSAGES.default);

// spec partner-extranet §6 and administration §6; the table of docs/security.md.
// Columns: ageo, partenaire, manager, vendeur.
const TABLE: [string, string, string, string, string][] = [
  ['/', OK, OK, OK, OK],
  ['/contrats/liste', OK, OK, OK, OK],
  ['/contrats/:id?', OK, OK, OK, OK],
  ['/affilies/liste', OK, OK, OK, OK],
  ['/assures/:id?', OK, OK, OK, OK],
  ['/Clients/liste', OK, OK, OK, OK],
  ['/Clients/:id?', OK, OK, OK, OK],
  ['/Produits/liste', OK, OK, OK, OK],
  ['/Produits/:id?', OK, OK, OK, OK],
  ['/apporteurs/liste', OK, OK, OK, OK],
  ['/apporteurs/:id?', OK, OK, OK, OK],
  ['/mutuelles/liste', OK, OK, OK, OK],
  ['/mutuelles/:id?', OK, OK, OK, OK],
  ['/Commission/list', OK, OK, OK, NF],
  ['/commission/list', OK, OK, OK, NF],
  ['/brokers/list', OK, OK, OK, NF],
  ['/brokers/create', OK, OK, OK, NF],
  ['/brokers/:id?', OK, OK, OK, NF],
  ['/managers/liste', OK, OK, NF, NF],
  ['/managers/create', OK, OK, NF, NF],
  ['/managers/:id?', OK, OK, NF, NF],
  ['/admin/dashboard', OK, NF, NF, NF],
  ['/admin/droits/dashboard', OK, NF, NF, NF],
  ['/admin/grossistes/dashboard', OK, NF, NF, NF],
  ['/admin/fournisseurs', OK, NF, NF, NF],
  ['/admin/fournisseurs/create', OK, NF, NF, NF],
  ['/admin/fournisseurs/:id', OK, NF, NF, NF],
  ['/admin/fournisseurs/:id/edit', OK, NF, NF, NF],
  ['/admin/droits/arbre', OK, NF, NF, NF],
  ['/admin/droits/arbre/create', OK, NF, NF, NF],
  ['/admin/droits/arbre/:id', OK, NF, NF, NF],
  ['/admin/droits/arbre/:id/edit', OK, NF, NF, NF],
  ['/admin/droits/profils-par-royaume', OK, NF, NF, NF],
  ['/admin/droits/profils-par-royaume/:id', OK, NF, NF, NF],
  ['/admin/journal', OK, NF, NF, NF],
  ['/admin/journal/:id', OK, NF, NF, NF],
  ['/admin/droits/royaumes', OK, NF, NF, NF],
  ['/admin/droits/royaumes/create', OK, NF, NF, NF],
  ['/admin/droits/royaumes/:id', OK, NF, NF, NF],
  ['/admin/droits/royaumes/:id/edit', OK, NF, NF, NF],
  ['/admin/droits/themes', OK, NF, NF, NF],
  ['/admin/droits/themes/create', OK, NF, NF, NF],
  ['/admin/droits/themes/:id', OK, NF, NF, NF],
  ['/admin/droits/themes/:id/edit', OK, NF, NF, NF],
  ['/admin/droits/types', OK, NF, NF, NF],
  ['/admin/droits/types/create', OK, NF, NF, NF],
  ['/admin/droits/types/:id', OK, NF, NF, NF],
  ['/admin/droits/types/:id/edit', OK, NF, NF, NF],
  ['/admin/droits/profils', OK, NF, NF, NF],
  ['/admin/droits/profils/create', OK, NF, NF, NF],
  ['/admin/droits/profils/:id', OK, NF, NF, NF],
  ['/admin/droits/profils/:id/edit', OK, NF, NF, NF],
  ['/admin/droits/historique', OK, NF, NF, NF],
  ['/admin/droits/historique/:id', OK, NF, NF, NF],
  ['/users/list', OK, OK, list405, list405],
  ['/users/create', OK, OK, create405, create405],
  ['/users/imports', OK, OK, import405, import405],
  ['/users/imports/list', OK, OK, import405, import405],
  ['/users/imports/:id', OK, OK, import405, import405],
  ['/users/imports/documentation', OK, OK, import405, import405],
  ['/admin/groups/list', OK, OK, groups405, groups405],
  ['/admin/groups/:id', OK, OK, groups405, groups405],
  ['/admin/groups/create', OK, OK, groups405, groups405],
  ['/admin/groups/:id/edit', OK, OK, groups405, groups405],
  ['/users/:id', OK, OK, other405, other405],
  ['/users/:id?/update', OK, OK, other405, other405],
  ['/user/profile', OK, OK, OK, OK],
  ['/recherche', OK, OK, OK, OK],
];

describe('route guards for the demo accounts', () => {
  const usernames = ['ageo', 'partenaire', 'manager', 'vendeur'];
  it.each(
    TABLE.flatMap(([path, ...outcomes]) =>
      outcomes.map((outcome, i) => [path, usernames[i], outcome] as const),
    ),
  )('%s for %s: %s', (path, username, outcome) => {
    const decision = decideAccess(ruleOf(path), account(username));
    expect(decision.allowed ? OK : decision.redirectTo).toBe(outcome);
  });

  it('covers every declared route', () => {
    const declared = DECLARATIONS.flatMap((d) => d.routes.map((r) => r.path)).sort();
    expect(TABLE.map(([path]) => path).sort()).toEqual(declared);
  });
});

describe('decideAccess', () => {
  it('checks the area before the right: a seller without the area gets /404', () => {
    expect(decideAccess({ area: 'admin', right: 'usersList' }, permissionsOf([]))).toEqual({
      allowed: false,
      redirectTo: '/404',
    });
  });

  it('opens the broker area to PROFILE_GROUP and nothing guarded without permissions', () => {
    expect(decideAccess({ area: 'broker' }, permissionsOf(['PROFILE_GROUP'])).allowed).toBe(true);
    expect(decideAccess({ area: 'user' }, undefined).allowed).toBe(false);
    expect(decideAccess({}, undefined).allowed).toBe(true);
  });

  it('encodes the 405 message in the query', () => {
    expect(notAllowedPath("Vous n'êtes pas autorisé")).toBe(
      "/errors/405?msg=Vous%20n'%C3%AAtes%20pas%20autoris%C3%A9",
    );
  });
});

describe('notAllowedMessage', () => {
  it('shows a known message and falls back to the default otherwise', () => {
    expect(notAllowedMessage(NOT_ALLOWED_MESSAGES.usersCreate)).toBe(
      NOT_ALLOWED_MESSAGES.usersCreate,
    );
    expect(notAllowedMessage(null)).toBe(
      'Vous ne disposez pas des droits pour accèder à cette page',
    );
    expect(notAllowedMessage('Appelez le 08 99 99 99 99')).toBe(NOT_ALLOWED_MESSAGES.default);
  });
});

// Commissions (spec §3 "Commission", §7): the list GET /api/commissions (and its items) and the
// dashboard GET /api/commissions_list, both for VIEW_COMMISSIONS only (spec §6; 403 otherwise)
// and scoped through the commission's contract. The download (/api/commissions/download)
// belongs to the exports. Commission is declared in src/domain/schema/commission.ts.
import { Commission, CommissionSummary } from '../../../../src/domain/schema/commission.ts';
import { collectionPath } from '../../../../src/domain/schema/types.ts';
import { type Api, collection, item, type ResourceDeps } from '../framework/index.ts';
import { hydraClass } from '../framework/schema.ts';
import { registerDashboard } from './dashboard.ts';
import { COMMISSION_LIST, commissions } from './source.ts';

export function register(api: Api, deps: ResourceDeps): void {
  api.hydra.add(hydraClass(Commission));
  api.hydra.add(hydraClass(CommissionSummary));
  collection(api, deps, {
    ...COMMISSION_LIST,
    paths: [collectionPath(Commission)],
    source: commissions,
    // Millions of rows at scale: past the counted rows, hydra:next carries a keyset cursor,
    // except on the payment date, which may be empty.
    keyset: true,
  });
  item(api, deps, {
    paths: ['/api/commissions/:id'],
    resource: Commission.name,
    roles: Commission.access.read,
    source: commissions,
    notFound: Commission.messages?.notFound,
  });
  registerDashboard(api, deps);
}

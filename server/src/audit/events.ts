// The audit events of the routes that are no declared list or item (server/src/audit/record.ts):
// an export started, a carte TP downloaded, shown or sent. Each is one line in its route.
import type { CarteTpPeriod } from '../../../src/domain/carteTp.ts';
import type { ExportFormat, ExportKind } from '../../../src/domain/exportFile.ts';
import type { CollectionQuery } from '../hydra/query.ts';
import type { Ctx } from '../resources/framework/context.ts';
import type { CollectionDecl } from '../resources/framework/index.ts';
import { type AuditEvent, auditRead, keptFilters, listDetail } from './record.ts';

const EXPORT_ACTIONS = {
  contracts: 'contract.export',
  insureds: 'insured.export',
  cotisations: 'premium.export',
} as const satisfies Record<ExportKind, AuditEvent['action']>;

/**
 * An export started (POST /export/...): who, which list, which format, which filters (a text
 * filter by its name only), before the job is started; refused (503) if it cannot be recorded.
 */
export function auditExport(
  ctx: Ctx,
  started: {
    kind: ExportKind;
    format: ExportFormat;
    uuid: string;
    decl: CollectionDecl;
    query: CollectionQuery;
  },
): Promise<void> {
  const { kind, format, uuid, decl, query } = started;
  const { filters, order } = listDetail('', query, keptFilters(decl.filters), {
    total: 0,
    lowerBound: false,
    shown: 0,
  });
  return auditRead(ctx, {
    action: EXPORT_ACTIONS[kind],
    targetType: decl.resource,
    detail: { kind, format, exportId: uuid, ...(filters ? { filters } : {}), order },
  });
}

/**
 * A carte TP of an insured person: downloaded (attachment), shown (inline) or sent by e-mail.
 * Of the address it is sent to, only the domain is kept (the mail log has the rest).
 */
export function auditCarteTp(
  ctx: Ctx,
  insuredId: number,
  period: CarteTpPeriod,
  how: 'attachment' | 'inline' | { email: string },
): Promise<void> {
  const card = { debval: period.debval, debfin: period.debfin };
  return auditRead(
    ctx,
    typeof how === 'string'
      ? {
          action: 'carte_tp.download',
          targetType: 'Insured',
          targetId: insuredId,
          detail: { period: card, disposition: how },
        }
      : {
          action: 'carte_tp.send',
          targetType: 'Insured',
          targetId: insuredId,
          detail: { period: card, recipientDomain: how.email.split('@').pop() ?? '' },
        },
  );
}

/**
 * A full-text search whose answer names insured persons (POST /api/search): their ids, never
 * the words searched (a name, the start of a social security number).
 */
export async function auditSearch(
  ctx: Ctx,
  entries: ReadonlyArray<{ ID_SOURCE: number; ID_CATEGORY: number }>,
  insuredCategory: number,
): Promise<void> {
  const ids = entries.filter((e) => e.ID_CATEGORY === insuredCategory).map((e) => e.ID_SOURCE);
  if (!ids.length) return;
  await auditRead(ctx, {
    action: 'insured.list',
    targetType: 'Insured',
    targetIds: ids,
    detail: { path: ctx.request.url.split('?')[0], search: true, shown: ids.length },
  });
}

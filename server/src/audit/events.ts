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

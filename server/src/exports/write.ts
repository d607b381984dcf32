// Writes one export, whatever its destination (the chunk store of a background job, or the
// HTTP answer of the commissions download): batches of members in, rows of cells out.
import type { Writable } from 'node:stream';
import type { ExportFormat } from '../../../src/domain/exportFile.ts';
import type { RowCursor } from '../db/cursor.ts';
import type { CollectionQuery } from '../hydra/query.ts';
import type { AnySelect, Ctx } from '../resources/framework/index.ts';
import { withExportHeap } from './heap.ts';
import type { ExportSheet } from './kinds.ts';
import { memberBatches } from './rows.ts';
import { writerFor } from './writers.ts';

export interface ExportRun {
  sheet: ExportSheet;
  format: ExportFormat;
  ctx: Ctx;
  /** The scoped, filtered rows (framework `filtered`) and the parsed parameters. */
  qb: AnySelect;
  query: CollectionQuery;
  /** Stops the export between two batches (server shutdown). */
  signal?: AbortSignal;
  batchSize?: number;
  /** Reads the rows as one statement (PostgreSQL); keyset batches without it (PGlite). */
  cursor?: RowCursor;
}

/** Writes the whole file into `out` and ends it; resolves with the number of data rows. */
export function writeExport(out: Writable, run: ExportRun): Promise<number> {
  return withExportHeap(() => writeRows(out, run));
}

async function writeRows(out: Writable, run: ExportRun): Promise<number> {
  const { sheet } = run;
  const writer = writerFor(run.format)(out, sheet);
  let rows = 0;
  const batches = memberBatches(
    sheet.decl,
    run.ctx,
    run.qb,
    run.query,
    run.batchSize,
    sheet.rows?.(),
    run.cursor,
  );
  for await (const batch of batches) {
    run.signal?.throwIfAborted();
    for (const member of batch) writer.add(sheet.columns.map((c) => c.value(member)));
    rows += batch.length;
    await writer.drained();
  }
  await writer.finish();
  return rows;
}

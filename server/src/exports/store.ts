// Where export files live: PostgreSQL (export_file + export_chunk, migration 010), so that any
// server instance serves a file another one wrote. A file is written as it is produced, in
// chunks of about 1 MiB, and read back one chunk at a time: no step holds a whole file.
import { Readable, Writable } from 'node:stream';
import { sql } from 'kysely';
import type { ExportFormat, ExportKind } from '../../../src/domain/exportFile.ts';
import { INSTANCE_ID, instanceGone } from '../db/instance.ts';
import type { ExportDb, ExportStatus } from './tables.ts';

export const CHUNK_BYTES = 1024 * 1024;
/** How long a file is kept (issue 5: "expires, for example after 24 hours"). */
export const FILE_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface NewExport {
  id: string;
  owner: string;
  kind: ExportKind;
  format: ExportFormat;
  /** The default name (without extension) used when the download names none. */
  name: string;
}

export interface StoredExport {
  id: string;
  owner: string;
  kind: string;
  format: string;
  name: string;
  status: ExportStatus;
  rows: number | null;
  bytes: number | null;
  /** Why it failed (status error). */
  message: string | null;
  expired: boolean;
}

/** Creates the file's row (status running); false when the id is already taken. */
export async function createExport(db: ExportDb, file: NewExport): Promise<boolean> {
  const inserted = await db
    .insertInto('export_file')
    .values({
      ...file,
      expires_at: new Date(Date.now() + FILE_LIFETIME_MS),
      // This process runs it: if it dies, the next start fails the file (recoverInterrupted).
      instance_id: INSTANCE_ID,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findExport(db: ExportDb, id: string): Promise<StoredExport | undefined> {
  const row = await db
    .selectFrom('export_file')
    .select([
      'id',
      'owner',
      'kind',
      'format',
      'name',
      'status',
      'rows',
      'bytes',
      'message',
      sql<boolean>`expires_at <= now()`.as('expired'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, bytes: row.bytes === null ? null : Number(row.bytes) } : undefined;
}

export async function markDone(db: ExportDb, id: string, rows: number, bytes: number) {
  // Only a running file: one failed meanwhile (its owner thought gone) lost its chunks.
  await db
    .updateTable('export_file')
    .set({ status: 'done', rows, bytes })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

export interface InterruptedExport {
  id: string;
  owner: string;
  kind: string;
  format: string;
}

/**
 * Files still running whose server process is gone (killed, crashed: db/instance.ts), and
 * those written before migration 018 named their process: failed with `message`, chunks
 * deleted. Files another live server is writing are left alone.
 */
export async function recoverInterrupted(
  db: ExportDb,
  message: string,
): Promise<InterruptedExport[]> {
  const lost = await db
    .updateTable('export_file')
    .set({ status: 'error', message })
    .where('status', '=', 'running')
    .where(instanceGone(sql.ref('instance_id'), { nullIsGone: true }))
    .returning(['id', 'owner', 'kind', 'format'])
    .execute();
  if (lost.length) {
    const ids = lost.map((file) => file.id);
    await db.deleteFrom('export_chunk').where('export_id', 'in', ids).execute();
  }
  return lost;
}

/** A failed file keeps its row (the owner learns why) and loses its chunks. */
export async function markFailed(db: ExportDb, id: string, message: string) {
  await db.deleteFrom('export_chunk').where('export_id', '=', id).execute();
  await db
    .updateTable('export_file')
    .set({ status: 'error', message })
    .where('id', '=', id)
    .execute();
}

/** Expired files go lazily: at start and before each new export (chunks cascade). */
export async function deleteExpired(db: ExportDb): Promise<number> {
  const deleted = await db
    .deleteFrom('export_file')
    .where('expires_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/**
 * A Writable that stores what it receives as chunks of CHUNK_BYTES (the last one shorter), in
 * order. One chunk is inserted while the next one fills: the writer upstream waits only when a
 * second full chunk is ready before the first is stored (backpressure, at most 2 MiB held).
 */
export class ChunkSink extends Writable {
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #seq = 0;
  /** The inserts asked for so far, one after the other; rejects with the first failure. */
  #stored: Promise<void> = Promise.resolve();
  /** The inserts before the last one: stored once it settles, the last one aside. */
  #allButLast: Promise<void> = Promise.resolve();
  #inFlight = 0;
  bytes = 0;

  constructor(
    private readonly db: ExportDb,
    private readonly id: string,
  ) {
    super({ highWaterMark: CHUNK_BYTES });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void) {
    this.#pending.push(chunk);
    this.#pendingBytes += chunk.length;
    this.bytes += chunk.length;
    while (this.#pendingBytes >= CHUNK_BYTES) this.#store(this.#take());
    if (this.#inFlight < 2) return done();
    this.#allButLast.then(() => done(), done);
  }

  override _final(done: (error?: Error) => void) {
    if (this.#pendingBytes > 0) this.#store(this.#take());
    this.#stored.then(() => done(), done);
  }

  /** The next chunk's bytes, out of what is pending. */
  #take(): Buffer {
    const all = Buffer.concat(this.#pending, this.#pendingBytes);
    const data = all.subarray(0, Math.min(CHUNK_BYTES, all.length));
    const rest = all.subarray(data.length);
    this.#pending = rest.length ? [rest] : [];
    this.#pendingBytes = rest.length;
    return data;
  }

  #store(data: Buffer): void {
    const seq = this.#seq++;
    this.#inFlight++;
    this.#allButLast = this.#stored;
    this.#stored = this.#stored.then(async () => {
      await this.db.insertInto('export_chunk').values({ export_id: this.id, seq, data }).execute();
      this.#inFlight--;
    });
    // A failure reaches the writer through the next write's or the end's callback.
    this.#stored.catch(() => undefined);
  }
}

/** The stored file as a stream, one chunk read per pull. */
export function readChunks(db: ExportDb, id: string): Readable {
  let seq = 0;
  return new Readable({
    async read() {
      try {
        const chunk = await db
          .selectFrom('export_chunk')
          .select('data')
          .where('export_id', '=', id)
          .where('seq', '=', seq++)
          .executeTakeFirst();
        const data = chunk?.data;
        // pg gives a Buffer, PGlite a Uint8Array: wrap it without copying.
        this.push(data ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : null);
      } catch (error) {
        this.destroy(error as Error);
      }
    },
  });
}

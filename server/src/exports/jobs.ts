// Exports run in the background of the server, not of the request: the requester has its 202
// at once, and the job goes on if it closes the tab. When the file is stored, the hub tells
// command/{uuid} and login/{login}/{uuid}; on failure, the same topics get a French message.
// At shutdown, running jobs stop between two batches and are recorded as failed, and the hub
// tells it before its streams end. A job whose process was killed is failed at the next start
// (watch), its owner told; a subscriber connecting after a job's end hears its last word.
import type { FastifyBaseLogger } from 'fastify';
import { type ExportFormat, formatLabel } from '../../../src/domain/exportFile.ts';
import type { Hub } from '../hub/index.ts';
import {
  ChunkSink,
  findExport,
  markDone,
  markFailed,
  recoverInterrupted,
  type StoredExport,
} from './store.ts';
import type { ExportDb } from './tables.ts';
import { type ExportRun, writeExport } from './write.ts';

export type ExportMessage =
  | { id: string; status: 'done'; kind: string; format: ExportFormat; rows: number; name: string }
  | { id: string; status: 'error'; kind: string; format: ExportFormat; message: string };

export const creationFailed = (format: ExportFormat) =>
  `Une erreur est survenue durant la création du fichier ${formatLabel(format)}`;

export const STOPPED_BY_SHUTDOWN =
  "L'export a été interrompu par l'arrêt du serveur : relancez-le dans quelques instants.";
export const INTERRUPTED_BY_CRASH =
  "L'export a été interrompu par un arrêt inattendu du serveur : relancez-le.";

const UUID_AT_END =
  /([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;

/** What the hub said (or would have said) at the end of a stored file. */
function endMessage(file: StoredExport): ExportMessage | undefined {
  const format = file.format as ExportFormat;
  if (file.status === 'done') {
    const rows = file.rows ?? 0;
    return { id: file.id, status: 'done', kind: file.kind, format, rows, name: file.name };
  }
  if (file.status === 'error') {
    const message = file.message ?? creationFailed(format);
    return { id: file.id, status: 'error', kind: file.kind, format, message };
  }
  return undefined;
}

export interface ExportJob {
  id: string;
  owner: string;
  kind: string;
  /** The stored default name, with its extension (what the download will call it). */
  name: string;
  run: ExportRun;
}

export class ExportJobs {
  readonly #running = new Set<Promise<void>>();
  readonly #stop = new AbortController();

  constructor(
    private readonly db: ExportDb,
    private readonly hub: () => Hub,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts the job and returns at once. */
  start(job: ExportJob): void {
    const running = this.#run(job).finally(() => this.#running.delete(running));
    this.#running.add(running);
  }

  /** How many jobs run on this instance. */
  get size(): number {
    return this.#running.size;
  }

  /**
   * At start (before listening): fails the files whose process is gone, their owners told;
   * then lets the hub replay a file's end to a late subscriber, and stop the jobs before its
   * streams end at shutdown.
   */
  async watch(): Promise<void> {
    const hub = this.hub();
    hub.beforeStreamsEnd(() => this.close());
    hub.replayLastWord((topic) => this.#lastWord(topic));
    const lost = await recoverInterrupted(this.db, INTERRUPTED_BY_CRASH).catch((error: Error) => {
      this.log.error({ err: error }, 'exports: could not recover the interrupted files');
      return [];
    });
    for (const file of lost) {
      this.log.warn({ exportId: file.id }, 'export interrupted by the end of its server: failed');
      const format = file.format as ExportFormat;
      await this.#notify(file.owner, file.id, {
        id: file.id,
        status: 'error',
        kind: file.kind,
        format,
        message: INTERRUPTED_BY_CRASH,
      });
    }
  }

  /** The end of the file a command/{uuid} or login/{login}/{uuid} topic follows, if ended. */
  async #lastWord(topic: string): Promise<ExportMessage | undefined> {
    const id = UUID_AT_END.exec(topic)?.[1];
    if (!id) return undefined;
    const file = await findExport(this.db, id);
    if (!file) return undefined;
    // A login topic is its owner's only (the hub checked the subscriber is that login).
    if (topic.startsWith('login/') && topic !== `login/${file.owner}/${id}`) return undefined;
    return endMessage(file);
  }

  /** Stops every job between two batches and waits until each has recorded its end. */
  async close(): Promise<void> {
    this.#stop.abort(new Error('Arrêt du serveur'));
    await Promise.allSettled([...this.#running]);
  }

  async #run(job: ExportJob): Promise<void> {
    const { id, owner, kind, run } = job;
    const sink = new ChunkSink(this.db, id);
    // Reported through the writer; a Writable without an error listener would throw.
    sink.on('error', () => undefined);
    let message: ExportMessage;
    try {
      const rows = await writeExport(sink, { ...run, signal: this.#stop.signal });
      await markDone(this.db, id, rows, sink.bytes);
      message = { id, status: 'done', kind, format: run.format, rows, name: job.name };
    } catch (error) {
      const stopped = this.#stop.signal.aborted;
      if (stopped) this.log.warn({ exportId: id }, 'export stopped by the shutdown');
      else this.log.error({ err: error, exportId: id }, 'export failed');
      sink.destroy();
      const text = stopped ? STOPPED_BY_SHUTDOWN : creationFailed(run.format);
      await markFailed(this.db, id, text).catch((e: Error) =>
        this.log.error({ err: e, exportId: id }, 'export: could not record the failure'),
      );
      message = { id, status: 'error', kind, format: run.format, message: text };
    }
    await this.#notify(owner, id, message);
  }

  async #notify(owner: string, id: string, message: ExportMessage): Promise<void> {
    const hub = this.hub();
    for (const topic of [`command/${id}`, `login/${owner}/${id}`]) {
      await hub.publish(topic, message).catch((error: Error) => {
        this.log.error({ err: error, topic }, 'export: could not publish on the hub');
      });
    }
  }
}

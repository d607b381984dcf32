// Exports run in the background of the server, not of the request: the requester has its 202
// at once, and the job goes on if it closes the tab. When the file is stored, the hub tells
// command/{uuid} and login/{login}/{uuid}; on failure, the same topics get a French message.
// At shutdown, running jobs stop between two batches and are recorded as failed.
import type { FastifyBaseLogger } from 'fastify';
import { type ExportFormat, formatLabel } from '../../../src/domain/exportFile.ts';
import type { Hub } from '../hub/index.ts';
import { ChunkSink, markDone, markFailed } from './store.ts';
import type { ExportDb } from './tables.ts';
import { type ExportRun, writeExport } from './write.ts';

export type ExportMessage =
  | { id: string; status: 'done'; kind: string; format: ExportFormat; rows: number; name: string }
  | { id: string; status: 'error'; kind: string; format: ExportFormat; message: string };

export const creationFailed = (format: ExportFormat) =>
  `Une erreur est survenue durant la création du fichier ${formatLabel(format)}`;

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
      this.log.error({ err: error, exportId: id }, 'export failed');
      sink.destroy();
      const text = creationFailed(run.format);
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

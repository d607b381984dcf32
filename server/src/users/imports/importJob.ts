// An import runs in the background of the server, not of the upload: the importer has its 202
// at once, and follows the progress on the hub (login/{login}/{uuid}); the job goes on if the
// tab closes. Each line is created through the User write path exactly as POST
// /api/users/create would (its rules, its transaction), one line at a time, so that one bad line
// never stops the others:
// - success: the account is created (and its invitation sent when asked);
// - warning: the account exists already in the realm (the line is skipped: importing a file
//   again creates no duplicate), the line is the template's example (skipped), or the account
//   was created but its invitation could not be sent;
// - failed: nothing is created; the message says why, column by column.
// The history rows and the counts are written in batches; `heartbeat_at` is touched with them,
// and the row names the process running it (migration 018, db/instance.ts), so that an import
// whose server died is found by `recoverInterrupted` (at start, then every SWEEP_MS) and
// marked failed, its importer told; one connecting late hears the end (replayLastWord).
import { setImmediate } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { User } from '../../../../src/domain/schema/user.ts';
import { UserImportLog } from '../../../../src/domain/schema/userImport.ts';
import { DEFAULT_REALM } from '../../../../src/domain/userForm.ts';
import {
  type ImportMessage,
  importOutcome,
  type RowStatus,
} from '../../../../src/domain/userImport.ts';
import { INSTANCE_ID, instanceGone } from '../../db/instance.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../http/problem.ts';
import { ValidationFailed, type Violation } from '../../http/violations.ts';
import type { Hub } from '../../hub/index.ts';
import type { Mailer } from '../../mail/index.ts';
import type { Ctx } from '../../resources/framework/index.ts';
import { brokerScope } from '../../scope/index.ts';
import { type AccountAddresses, sendInvitationLink } from '../accountMails.ts';
import type { ImportRow } from './readFile.ts';
import { type RowBody, rowTranslator } from './rowBody.ts';

/** The User write path's creation (server/src/resources/framework/write.ts). */
export type CreateUser = (
  ctx: Ctx,
  body: unknown,
  options: { quiet: true },
) => Promise<{ id: number }>;

export interface ImportRun {
  logId: number;
  ctx: Ctx;
  rows: ImportRow[];
  sendMail: boolean;
  /** The importer's hub topic, told of the progress and the end. */
  topic: string | null;
  /** A remark on the whole file (ignored columns), kept as the import's message. */
  remark: string | null;
}

interface Deps {
  db: Kysely<DB>;
  hub: () => Hub;
  mailer: () => Mailer;
  log: FastifyBaseLogger;
  createUser: CreateUser;
  /** Where the invitations point (the product, the provider's account page). */
  addresses: AccountAddresses;
  /** The data changed: list pages kept a few seconds are dropped. */
  changed: () => void;
}

/** A row of user_import_history, before it is written. */
interface Outcome {
  line: number;
  status: RowStatus;
  message: string | null;
  userId: number | null;
  emailSent: boolean;
  emailSentAt: Date | null;
  facts: RowBody['facts'];
}

/** Rows written, counts and heartbeat updated, progress told: every BATCH rows or FLUSH_MS. */
const BATCH = 100;
const FLUSH_MS = 1_000;
/** An import whose heartbeat is older than this has lost its server. */
export const STALE_AFTER_S = 30;
const SWEEP_MS = 15_000;

export const MAIL_FAILED =
  "Compte créé, mais l'e-mail d'invitation n'a pas pu être envoyé : renvoyez-le depuis le détail de l'import.";
export const INTERRUPTED_BY_STOP =
  "Import interrompu par l'arrêt du serveur : les lignes traitées sont conservées ; importez à nouveau le fichier pour les autres (les comptes déjà créés seront ignorés).";
export const INTERRUPTED_BY_CRASH =
  'Import interrompu par un arrêt inattendu du serveur : les lignes traitées sont conservées ; importez à nouveau le fichier pour les autres (les comptes déjà créés seront ignorés).';
const UNEXPECTED = "Une erreur est survenue : la ligne n'a pas été importée.";
const JOB_FAILED = "Une erreur est survenue durant l'import : les lignes traitées sont conservées.";
/** The messages of an import that ended in error, not through its lines. */
const JOB_ERRORS = new Set([INTERRUPTED_BY_STOP, INTERRUPTED_BY_CRASH, JOB_FAILED]);

/** « Label » : message, for each violation of the User rules. */
function violationText(violations: readonly Violation[]): string {
  return violations
    .map(({ propertyPath, message }) => {
      const label = (User.properties as Record<string, { label: string }>)[propertyPath]?.label;
      return label && !message.includes(`« ${label} »`) ? `${label} : ${message}` : message;
    })
    .join(' ');
}

export class UserImports {
  readonly #running = new Set<Promise<void>>();
  readonly #stop = new AbortController();
  #sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly deps: Deps) {}

  /** Starts the import and returns at once. */
  start(run: ImportRun): void {
    const running = this.#run(run).finally(() => this.#running.delete(running));
    this.#running.add(running);
  }

  get size(): number {
    return this.#running.size;
  }

  /**
   * Marks the imports of dead servers failed now (resolves once done) and every SWEEP_MS; lets
   * the hub replay an import's end to a late subscriber and stop the imports before its
   * streams end at shutdown.
   */
  async watch(): Promise<void> {
    const hub = this.deps.hub();
    hub.beforeStreamsEnd(() => this.close());
    hub.replayLastWord((topic) => this.#lastWord(topic));
    const sweep = () =>
      this.recoverInterrupted().catch((error: Error) =>
        this.deps.log.error({ err: error }, 'imports: could not recover the interrupted imports'),
      );
    this.#sweeper = setInterval(sweep, SWEEP_MS);
    this.#sweeper.unref();
    await sweep();
  }

  /** The end of the import whose importer follows this topic, if it has ended. */
  async #lastWord(topic: string): Promise<ImportMessage | undefined> {
    if (!topic.startsWith('login/')) return undefined;
    const row = await this.deps.db
      .selectFrom('user_import_log')
      .select([
        'id',
        'process_status',
        'error_message',
        'row_count',
        'success_count',
        'warning_count',
        'failed_count',
      ])
      .where('hub_topic', '=', topic)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!row || row.process_status === 'started') return undefined;
    if (row.process_status === 'failed' && JOB_ERRORS.has(row.error_message ?? '')) {
      return { id: row.id, status: 'error', message: row.error_message as string };
    }
    return {
      id: row.id,
      status: 'done',
      processStatus: row.process_status as 'success' | 'warning' | 'failed',
      total: row.row_count,
      success: row.success_count,
      warning: row.warning_count,
      failed: row.failed_count,
    };
  }

  /** Stops every import between two lines; each records that it was interrupted. */
  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    this.#stop.abort(new Error('Arrêt du serveur'));
    await Promise.allSettled([...this.#running]);
  }

  /**
   * Imports still 'started' whose heartbeat stopped (their server was killed): failed, their
   * importer told. Safe with several instances: a running import's heartbeat is fresh.
   */
  async recoverInterrupted(): Promise<number[]> {
    const { db } = this.deps;
    const lost = await db
      .updateTable('user_import_log')
      .set({
        process_status: 'failed',
        ended_at: sql<Date>`heartbeat_at`,
        error_message: INTERRUPTED_BY_CRASH,
      })
      .where('process_status', '=', 'started')
      .where((eb) =>
        eb.or([
          // Its process is gone (killed): known at once, whatever the heartbeat says.
          instanceGone(sql.ref('instance_id'), { nullIsGone: false }),
          // Rows without a process (before migration 018), or a process that stopped working.
          eb('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${STALE_AFTER_S})`),
        ]),
      )
      .returning(['id', 'hub_topic'])
      .execute();
    for (const { id, hub_topic } of lost) {
      await this.#tell(hub_topic, { id, status: 'error', message: INTERRUPTED_BY_CRASH });
    }
    if (lost.length) this.deps.changed();
    return lost.map((l) => l.id);
  }

  async #tell(topic: string | null, message: ImportMessage): Promise<void> {
    if (!topic) return;
    await this.deps
      .hub()
      .publish(topic, message)
      .catch((error: Error) =>
        this.deps.log.warn({ err: error, topic }, 'imports: could not publish on the hub'),
      );
  }

  async #run(run: ImportRun): Promise<void> {
    const { db, log } = this.deps;
    const { logId, rows, topic } = run;
    const counts = { success: 0, warning: 0, failed: 0 };
    let pending: Outcome[] = [];
    let lastFlush = Date.now();
    let processed = 0;

    const flush = async () => {
      if (pending.length) {
        await db
          .insertInto('user_import_history')
          .values(
            pending.map((o) => ({
              import_log_id: logId,
              line: o.line,
              organization_id: o.facts.organizationId,
              user_id: o.userId,
              lastname: o.facts.lastname,
              firstname: o.facts.firstname,
              email: o.facts.email,
              username: o.facts.username,
              regroupement_key: o.facts.regroupementKey,
              process_status: o.status,
              error_message: o.message,
              email_sent: o.emailSent,
              email_sent_at: o.emailSentAt,
            })),
          )
          .execute();
        pending = [];
      }
      await db
        .updateTable('user_import_log')
        .set({
          processed_count: processed,
          success_count: counts.success,
          warning_count: counts.warning,
          failed_count: counts.failed,
          heartbeat_at: sql<Date>`now()`,
        })
        .where('id', '=', logId)
        .execute();
      lastFlush = Date.now();
      this.deps.changed();
      await this.#tell(topic, { id: logId, status: 'progress', processed, total: rows.length });
    };

    try {
      // This process runs it: if the process dies, the next start fails it (recoverInterrupted).
      await sql`UPDATE user_import_log SET instance_id = ${INSTANCE_ID}::uuid WHERE id = ${logId}`.execute(
        db,
      );
      const translate = rowTranslator(db, run.ctx.scope);
      for (const row of rows) {
        if (this.#stop.signal.aborted) throw this.#stop.signal.reason;
        // PGlite answers within microtasks: without a turn of the event loop between lines, an
        // import on the embedded database would hold every other request until it ends.
        await setImmediate();
        const outcome = await this.#line(run, row, translate);
        counts[outcome.status]++;
        processed++;
        pending.push(outcome);
        if (pending.length >= BATCH || Date.now() - lastFlush >= FLUSH_MS) await flush();
      }
      await flush();
      const status = importOutcome(counts);
      await db
        .updateTable('user_import_log')
        .set({ process_status: status, ended_at: sql<Date>`now()`, error_message: run.remark })
        .where('id', '=', logId)
        .execute();
      this.deps.changed();
      // Open user lists refetch once, not once per line; the imports' lists see it end. Each
      // is heard by the partners it concerns (and the operator) only.
      const partners = await this.#partnersOf(logId);
      await this.#announce(User.resource, partners.users);
      await this.#announce(UserImportLog.resource, partners.log);
      await this.#tell(topic, {
        id: logId,
        status: 'done',
        processStatus: status,
        total: rows.length,
        ...counts,
      });
    } catch (error) {
      const stopped = this.#stop.signal.aborted;
      if (!stopped) log.error({ err: error, importId: logId }, 'import failed');
      const message = stopped ? INTERRUPTED_BY_STOP : JOB_FAILED;
      await flush().catch(() => undefined);
      await db
        .updateTable('user_import_log')
        .set({ process_status: 'failed', ended_at: sql<Date>`now()`, error_message: message })
        .where('id', '=', logId)
        .execute()
        .catch((e: Error) => log.error({ err: e, importId: logId }, 'import: could not record'));
      this.deps.changed();
      const partners = await this.#partnersOf(logId).catch(() => ({ log: [], users: [] }));
      await this.#announce(UserImportLog.resource, partners.log);
      await this.#tell(topic, { id: logId, status: 'error', message });
    }
  }

  /** A class's topic (users, imports): its open lists and details read again. */
  #announce(resource: string, partners: (number | null)[]): Promise<void> {
    return this.deps.hub().announceChange(resource, { partners });
  }

  /** The partner of the import, and those of the accounts it created. */
  async #partnersOf(logId: number): Promise<{ log: (number | null)[]; users: (number | null)[] }> {
    const { db } = this.deps;
    const [log, users] = await Promise.all([
      db
        .selectFrom('user_import_log')
        .select('partner_id')
        .where('id', '=', logId)
        .executeTakeFirst(),
      db
        .selectFrom('user_import_history')
        .innerJoin('app_user', 'app_user.id', 'user_import_history.user_id')
        .select('app_user.partner_id')
        .distinct()
        .where('user_import_history.import_log_id', '=', logId)
        .where('user_import_history.process_status', '=', 'success')
        .execute(),
    ]);
    return { log: [log?.partner_id ?? null], users: users.map((u) => u.partner_id) };
  }

  /** One line: translated, created through the User rules, its invitation sent if asked. */
  async #line(
    run: ImportRun,
    row: ImportRow,
    translate: ReturnType<typeof rowTranslator>,
  ): Promise<Outcome> {
    const { ctx, sendMail } = run;
    const { body, faults, skipped, facts } = await translate(row);
    const outcome: Outcome = {
      line: row.line,
      status: 'failed',
      message: null,
      userId: null,
      emailSent: false,
      emailSentAt: null,
      facts,
    };
    if (skipped) return { ...outcome, status: 'warning', message: skipped };
    if (!body) return { ...outcome, message: faults.join(' ') };
    try {
      const { id } = await this.deps.createUser(ctx, body, { quiet: true });
      outcome.userId = id;
      outcome.status = 'success';
      // A line without organisation: the one the rules gave (a partner administrator's own).
      if (facts.organizationId === null) {
        const created = await this.deps.db
          .selectFrom('app_user')
          .select('organization_id')
          .where('id', '=', id)
          .executeTakeFirst();
        outcome.facts = { ...facts, organizationId: created?.organization_id ?? null };
      }
    } catch (error) {
      if (error instanceof ValidationFailed) {
        return { ...outcome, message: violationText(error.violations) };
      }
      if (error instanceof HttpError && error.statusCode === 409) {
        // The account exists in the realm: the line is skipped, the account named by its id
        // when the importer may open it (the users list's scope), never another partner's.
        const existing = await this.deps.db
          .selectFrom('app_user')
          .select('id')
          .where(sql`lower(username)`, '=', String(body.username).toLowerCase())
          .where('realm', '=', String(body.realm ?? DEFAULT_REALM))
          .where(brokerScope(ctx.scope, 'app_user'))
          .executeTakeFirst()
          .catch(() => undefined);
        return {
          ...outcome,
          status: 'warning',
          userId: existing?.id ?? null,
          message: `${error.message} La ligne est ignorée : le compte existant est conservé.`,
        };
      }
      if (error instanceof HttpError) return { ...outcome, message: error.message };
      this.deps.log.error(
        { err: error, importId: run.logId, line: row.line },
        'import line failed',
      );
      return { ...outcome, message: UNEXPECTED };
    }
    if (sendMail) await this.#invite(run, outcome);
    return outcome;
  }

  async #invite(run: ImportRun, outcome: Outcome): Promise<void> {
    try {
      await sendInvitationLink(this.deps.db, this.deps.mailer(), {
        userId: outcome.userId as number,
        createdBy: run.ctx.principal.userId,
        ...this.deps.addresses,
      });
      outcome.emailSent = true;
      outcome.emailSentAt = new Date();
    } catch (error) {
      this.deps.log.warn({ err: error, importId: run.logId }, 'import: invitation not sent');
      outcome.status = 'warning';
      outcome.message = MAIL_FAILED;
    }
  }
}

// Bulk user imports (spec administration §2, §3, §7 "Import logs"; docs/api.md, "User imports"):
//   POST /api/user_import_logs                          multipart: file, comment,
//                                                       sendMailImmediatly, uuid → 202, the log
//   GET  /api/user_import_logs[/{id}]                   the history, from the declaration
//   GET  /api/user_import_logs/{id}/user_import_histories   its rows
//   POST /api/user_import_logs/{id}/send_mails          the invitations not sent yet → 202
//   GET  /api/user_import_logs/template.csv|.xlsx       the templates
// Whoever holds USERS_MANAGEMENT, in its scope (./source.ts). Each line is created by the User
// write path (`createUser`, the same rules as POST /api/users/create), in the background
// (server/src/users/imports/importJob.ts).
import { basename } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { UserImportHistory, UserImportLog } from '../../../../src/domain/schema/userImport.ts';
import {
  IMPORT_LIMITS,
  type ImportFormat,
  templateName,
} from '../../../../src/domain/userImport.ts';
import { attachment } from '../../exports/disposition.ts';
import { httpError } from '../../http/problem.ts';
import { rateLimitsOf } from '../../http/rateLimits.ts';
import { ValidationFailed, type Violation } from '../../http/violations.ts';
import { sendJsonLd } from '../../hydra/jsonld.ts';
import { accountAddresses, sendInvitationLink } from '../../users/accountMails.ts';
import { type CreateUser, MAIL_FAILED, UserImports } from '../../users/imports/importJob.ts';
import { readImportFile } from '../../users/imports/readFile.ts';
import { importTemplate, TEMPLATE_TYPES } from '../../users/imports/templates.ts';
import { contextOf } from '../framework/context.ts';
import {
  type Api,
  type Ctx,
  collection,
  item,
  loadItem,
  type ResourceDeps,
} from '../framework/index.ts';
import { hydraClass, itemBase, listParams } from '../framework/schema.ts';
import { importLogs, importRows } from './source.ts';

const MANAGE = UserImportLog.access.read;
const BASE = '/api/user_import_logs';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TRUE = new Set(['true', '1', 'on', 'oui']);
const FALSE = new Set(['false', '0', 'off', 'non', '']);

interface Upload {
  bytes: Buffer;
  fileName: string;
  fields: Map<string, string>;
}

/** The multipart body: one file and a few short fields; 413 past the size limit. */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) {
    throw httpError(
      415,
      'Envoyez le fichier comme un formulaire (multipart/form-data), dans le champ « file ».',
    );
  }
  const fields = new Map<string, string>();
  let file: { bytes: Buffer; fileName: string } | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || file) {
        await part.toBuffer().catch(() => undefined);
        throw httpError(422, 'Envoyez un seul fichier, dans le champ « file ».');
      }
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
        throw httpError(
          413,
          `Le fichier dépasse ${IMPORT_LIMITS.maxBytes / (1024 * 1024)} Mo : découpez-le en plusieurs fichiers.`,
        );
      });
      file = { bytes, fileName: basename(part.filename || 'import') };
    } else fields.set(part.fieldname, String(part.value ?? ''));
  }
  if (!file) {
    throw new ValidationFailed([
      { propertyPath: 'file', message: 'Choisissez un fichier à importer.' },
    ]);
  }
  return { ...file, fields };
}

/** The form's options, every fault at once. */
function optionsOf(fields: Map<string, string>, login: string) {
  const violations: Violation[] = [];
  const comment = (fields.get('comment') ?? '').trim();
  if (comment.length > IMPORT_LIMITS.maxComment) {
    violations.push({
      propertyPath: 'comment',
      message: `« Commentaire » : ${IMPORT_LIMITS.maxComment} caractères au plus.`,
    });
  }
  const mail = (fields.get('sendMailImmediatly') ?? '').trim().toLowerCase();
  if (!TRUE.has(mail) && !FALSE.has(mail)) {
    violations.push({
      propertyPath: 'sendMailImmediatly',
      message: '« Envoi immédiat des e-mails » doit valoir true ou false.',
    });
  }
  const uuid = fields.get('uuid')?.trim();
  if (uuid && !UUID.test(uuid)) {
    violations.push({ propertyPath: 'uuid', message: '« uuid » doit être un UUID.' });
  }
  if (violations.length) throw new ValidationFailed(violations);
  return {
    comment: comment || null,
    sendMail: TRUE.has(mail),
    topic: uuid ? `login/${login}/${uuid}` : null,
  };
}

/** The import `id` if the caller sees it; 404 otherwise. */
async function visibleImport(ctx: Ctx, id: number) {
  const found = await loadItem(importLogs, ctx, id);
  if (found === undefined) throw httpError(404, UserImportLog.messages?.notFound);
  return found as Record<string, unknown>;
}

export async function registerUserImports(
  api: Api,
  deps: ResourceDeps,
  createUser: CreateUser,
): Promise<void> {
  const db = deps.database.db;
  const jobs = new UserImports({
    db,
    hub: () => api.hub,
    mailer: () => api.mailer,
    log: api.log,
    createUser,
    addresses: accountAddresses(deps.config),
    changed: () => deps.pages.forget(),
  });
  const limits = rateLimitsOf(api, deps.config);
  api.addHook('onReady', async () => jobs.watch());
  api.addHook('onClose', () => jobs.close());

  api.hydra.add(hydraClass(UserImportLog));
  api.hydra.add(hydraClass(UserImportHistory));

  // Before the item route: a static path wins over /:id.
  api.get(`${BASE}/template.:format`, async (request, reply) => {
    const ctx = await contextOf(request, deps, MANAGE);
    const { format } = request.params as { format: string };
    if (format !== 'csv' && format !== 'xlsx') throw httpError(404);
    const bytes = await importTemplate(format as ImportFormat, ctx.principal.organizationId);
    return reply
      .type(TEMPLATE_TYPES[format as ImportFormat])
      .header('Content-Disposition', attachment(templateName(format as ImportFormat)))
      .send(bytes);
  });

  collection(api, deps, { paths: [BASE], source: importLogs, ...listParams(UserImportLog) });
  item(api, deps, {
    paths: [`${BASE}/:id`],
    resource: UserImportLog.name,
    roles: MANAGE,
    source: importLogs,
    notFound: UserImportLog.messages?.notFound,
  });
  item(api, deps, {
    paths: [`${itemBase(UserImportHistory)}/:id`],
    resource: UserImportHistory.name,
    roles: MANAGE,
    source: importRows,
    notFound: UserImportHistory.messages?.notFound,
  });
  collection(api, deps, {
    ...listParams(UserImportHistory),
    paths: [`${BASE}/:id/user_import_histories`],
    check: async (ctx) =>
      void (await visibleImport(ctx, ctx.pathId('id', UserImportLog.messages?.notFound))),
    source: importRows,
    where: (ctx) => sql<boolean>`user_import_history.import_log_id = ${ctx.pathId()}`,
    keyset: false,
  });

  await api.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: IMPORT_LIMITS.maxBytes,
        files: 2,
        fields: 10,
        fieldSize: 4 * 1024,
        parts: 12,
      },
    });

    scope.post(BASE, async (request, reply) => {
      const ctx = await contextOf(request, deps, MANAGE);
      // Counted before the file is read: a script's uploads are refused without being parsed.
      await limits.use('imports', ctx.principal.username, reply);
      const upload = await readUpload(request);
      const options = optionsOf(upload.fields, ctx.principal.username);
      const table = await readImportFile(upload.bytes);
      const partnerId =
        ctx.scope.kind === 'partner' ? ctx.scope.partnerId : ctx.principal.partnerId;
      const created = await db
        .insertInto('user_import_log')
        .values({
          importer_id: ctx.principal.userId,
          partner_id: partnerId,
          file_name: upload.fileName.slice(0, 255),
          comment: options.comment,
          send_mail_immediately: options.sendMail,
          hub_topic: options.topic,
          row_count: table.rows.length,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      jobs.start({
        logId: created.id,
        ctx,
        rows: table.rows,
        sendMail: options.sendMail,
        topic: options.topic,
        remark: table.ignored.length
          ? `Colonnes ignorées : ${table.ignored.map((h) => `« ${h.slice(0, 40)} »`).join(', ')}.`
          : null,
      });
      deps.pages.forget();
      // The imports' lists open elsewhere show it started (its end is announced by the job),
      // those of its partner and the operator's only.
      void api.hub.announceChange(UserImportLog.resource, { partners: [partnerId] });
      const member = await visibleImport(ctx, created.id);
      reply.code(202).header('Location', `${BASE}/${created.id}`);
      return sendJsonLd(reply, { '@context': `/api/contexts/${UserImportLog.name}`, ...member });
    });
  });

  // The invitations of the accounts an import created without sending them (or failed to).
  api.post(`${BASE}/:id/send_mails`, async (request, reply) => {
    const ctx = await contextOf(request, deps, MANAGE);
    const id = ctx.pathId('id', UserImportLog.messages?.notFound);
    const log = await visibleImport(ctx, id);
    await limits.use('mails', ctx.principal.username, reply);
    if (log.processStatus === 'started') {
      throw httpError(
        409,
        "L'import est en cours : attendez qu'il se termine pour envoyer les e-mails.",
      );
    }
    const waiting = await db
      .selectFrom('user_import_history')
      .select(['id', 'user_id', 'error_message'])
      .where('import_log_id', '=', id)
      .where('email_sent', '=', false)
      .where('user_id', 'is not', null)
      .where((eb) =>
        eb.or([eb('process_status', '=', 'success'), eb('error_message', '=', MAIL_FAILED)]),
      )
      .orderBy('line')
      .execute();
    let sent = 0;
    let failed = 0;
    const mark = (rowId: number, emailSent: boolean) =>
      db
        .updateTable('user_import_history')
        .set({ email_sent: emailSent, email_sent_at: emailSent ? sql<Date>`now()` : null })
        .where('id', '=', rowId)
        .where('email_sent', '=', !emailSent)
        .returning('id')
        .executeTakeFirst();
    for (const row of waiting) {
      // Claimed before it is sent: of two calls at the same time (two administrators, a retry
      // after a proxy's timeout), one sends each invitation and the other skips it.
      if (!(await mark(row.id, true))) continue;
      try {
        await sendInvitationLink(db, api.mailer, {
          userId: row.user_id as number,
          createdBy: ctx.principal.userId,
          ...accountAddresses(deps.config),
        });
      } catch (error) {
        request.log.warn({ err: error, importId: id }, 'import: invitation not sent');
        await mark(row.id, false);
        failed++;
        continue;
      }
      if (row.error_message === MAIL_FAILED) {
        await db
          .updateTable('user_import_history')
          .set({ process_status: 'success', error_message: null })
          .where('id', '=', row.id)
          .execute();
      }
      sent++;
    }
    await recount(id);
    deps.pages.forget();
    return reply.code(202).send({ sent, failed });
  });

  /** An import's counts and status from its rows, after rows changed. */
  async function recount(id: number) {
    await sql`UPDATE user_import_log SET
        success_count = c.success, warning_count = c.warning, failed_count = c.failed,
        process_status = CASE WHEN c.failed > 0 OR processed_count < row_count THEN 'failed' WHEN c.warning > 0 THEN 'warning'
                              ELSE 'success' END
      FROM (SELECT count(*) FILTER (WHERE process_status = 'success')::int AS success,
                   count(*) FILTER (WHERE process_status = 'warning')::int AS warning,
                   count(*) FILTER (WHERE process_status = 'failed')::int AS failed
            FROM user_import_history WHERE import_log_id = ${id}) AS c
      WHERE user_import_log.id = ${id} AND user_import_log.process_status <> 'started'`.execute(db);
  }
}

// Exports and downloads (issue 5, spec partner-extranet §4 and §7), in the protected scope:
//   POST /export/{contracts|insureds|cotisations}[Csv] (and /api/export/...): the list's filters
//     and a uuid; 202 { accepted: true, id } at once, the file written in the background, the
//     hub told on command/{uuid} and login/{login}/{uuid} when it is stored (jobs.ts);
//   POST /downloads/excel?id= and /downloads/csv?id= (and /api/downloads/...): { name }; the
//     owner's file, streamed from the database;
//   GET /api/commissions/download: the commissions in scope as XLSX, streamed directly.
// docs/api.md, "Exports and downloads".
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CONTENT_TYPES,
  EXPORT_FORMATS,
  EXPORT_KINDS,
  type ExportFormat,
  type ExportKind,
  exportFileName,
  exportPath,
  FILE_EXTENSIONS,
} from '../../../src/domain/exportFile.ts';
import { auditExport } from '../audit/events.ts';
import { httpError } from '../http/problem.ts';
import { rateLimitsOf } from '../http/rateLimits.ts';
import { COMMISSION_ROLES } from '../resources/commissions/source.ts';
import { contextOf } from '../resources/framework/context.ts';
import {
  type Api,
  checkRoles,
  endpoint,
  filtered,
  type ResourceDeps,
} from '../resources/framework/index.ts';
import { attachment } from './disposition.ts';
import { creationFailed, ExportJobs } from './jobs.ts';
import { COMMISSIONS, EXPORTS } from './kinds.ts';
import { exportRequest, isUuid } from './request.ts';
import { createExport, deleteExpired, findExport, readChunks } from './store.ts';
import { withExportTables } from './tables.ts';
import { writeExport } from './write.ts';

/** Every list it exports needs the seller profile (which every higher profile includes). */
export const EXPORT_ROLES = ['PROFILE_SELLER'] as const;

const NOT_FOUND = 'Ce fichier est introuvable.';

const withApi = (path: string) => [path, `/api${path}`];

export async function registerExports(api: Api, deps: ResourceDeps): Promise<void> {
  const db = withExportTables(deps.database.db);
  const jobs = new ExportJobs(db, () => api.hub, api.log);
  const limits = rateLimitsOf(api, deps.config);
  // PostgreSQL: each export reads one statement through a cursor (rows.ts).
  const { cursor } = deps.database;
  api.addHook('onReady', async () => {
    await deleteExpired(db).catch((error: Error) =>
      api.log.error({ err: error }, 'exports: could not delete the expired files'),
    );
    // Files left running by a killed process: failed, their owners told (jobs.ts).
    await jobs.watch();
  });
  api.addHook('onClose', () => jobs.close());

  async function start(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ExportKind,
    format: ExportFormat,
  ) {
    const { uuid, query } = exportRequest(request.body);
    // The framework reads a list's parameters from the query: give it the body's filters.
    request.query = query;
    const ctx = await contextOf(request, deps, EXPORT_ROLES);
    // A person never starts 30 exports a minute; a script does (429 with Retry-After).
    await limits.use('exports', ctx.principal.username, reply);
    const definition = EXPORTS[kind];
    const sheet = definition.variant?.(query) ?? definition;
    // Every filter checked (400 naming it), and the parent in scope (404), before anything is
    // claimed or stored.
    await sheet.decl.check?.(ctx);
    const { qb, query: parsed } = filtered(sheet.decl, ctx);
    const owner = ctx.principal.username;
    if (!(await api.hub.claim(`command/${uuid}`, owner))) {
      throw httpError(409, 'Cet identifiant de demande appartient à un autre utilisateur.');
    }
    await deleteExpired(db);
    const name = `${definition.defaultName(parsed, uuid)}${FILE_EXTENSIONS[format]}`;
    if (!(await createExport(db, { id: uuid, owner, kind, format, name }))) {
      throw httpError(409, 'Cet identifiant de demande a déjà servi à un export.');
    }
    await auditExport(ctx, { kind, format, uuid, decl: sheet.decl, query: parsed });
    jobs.start({
      id: uuid,
      owner,
      kind,
      name,
      run: { sheet, format, ctx, qb, query: parsed, cursor },
    });
    return reply.code(202).send({ accepted: true, id: uuid });
  }

  async function download(request: FastifyRequest, reply: FastifyReply, format: ExportFormat) {
    const principal = checkRoles(request.principal, EXPORT_ROLES);
    const id = (request.query as Record<string, unknown>).id;
    if (id === undefined || id === '') {
      throw httpError(400, 'Le paramètre « id » est obligatoire.');
    }
    if (!isUuid(id)) throw httpError(400, 'Le paramètre « id » doit être un identifiant UUID.');
    const file = await findExport(db, id);
    // Another user's file, or a file of the other format: as if it did not exist.
    if (!file || file.owner !== principal.username || file.format !== format) {
      throw httpError(404, NOT_FOUND);
    }
    if (file.expired) {
      throw httpError(
        410,
        'Ce fichier a expiré : les fichiers sont gardés 24 heures. Relancez l’export.',
        'Fichier expiré',
      );
    }
    if (file.status === 'running') {
      throw httpError(409, 'Ce fichier est encore en préparation.');
    }
    if (file.status === 'error')
      throw httpError(410, creationFailed(format), 'Fichier indisponible');
    const body = request.body as { name?: unknown } | null | undefined;
    const wanted = typeof body?.name === 'string' ? body.name : undefined;
    const name = exportFileName(wanted, file.name.replace(/\.(xlsx|csv)$/, ''), format);
    reply
      .header('content-type', CONTENT_TYPES[format])
      .header('content-disposition', attachment(name))
      .header('cache-control', 'no-store');
    if (file.bytes !== null) reply.header('content-length', file.bytes);
    return reply.send(readChunks(db, file.id));
  }

  for (const kind of EXPORT_KINDS) {
    for (const format of EXPORT_FORMATS) {
      for (const path of withApi(exportPath(kind, format))) {
        api.post(path, (request, reply) => start(request, reply, kind, format));
      }
    }
  }
  for (const format of EXPORT_FORMATS) {
    for (const path of withApi(`/downloads/${format === 'csv' ? 'csv' : 'excel'}`)) {
      api.post(path, (request, reply) => download(request, reply, format));
    }
  }

  // The commissions of /api/commissions (same filters, same scope) as a file, straight into
  // the answer: nothing stored, nothing held in memory beyond a batch.
  endpoint(api, deps, {
    paths: ['/api/commissions/download'],
    roles: COMMISSION_ROLES,
    handle(ctx, reply) {
      const { qb, query } = filtered(COMMISSIONS.decl, ctx);
      const out = new PassThrough();
      const today = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', CONTENT_TYPES.xlsx)
        .header('content-disposition', attachment(`commissions_${today}.xlsx`))
        .header('cache-control', 'no-store');
      writeExport(out, { sheet: COMMISSIONS, format: 'xlsx', ctx, qb, query, cursor }).catch(
        (error: Error) => {
          api.log.error({ err: error }, 'commissions download failed');
          out.destroy(error);
        },
      );
      return reply.send(out);
    },
  });
}

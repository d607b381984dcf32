import { HttpError } from 'ra-core';
import {
  type ImportFormat,
  type ImportMessage,
  type ImportStatus,
  templateName,
} from '../domain/userImport.ts';
import { dispositionName, saveBlob } from './exports.ts';
import { GENERIC_FAILURE, type HttpClient, httpClient } from './httpClient.ts';
import { subscribe } from './hub.ts';

// The bulk user import flow (spec administration §2 /users/imports, §3 "Import log"): as the
// exports do (src/providers/exports.ts), a uuid is made and its hub topic login/{login}/{uuid}
// listened to BEFORE the file is POSTed (multipart) to /api/user_import_logs, so that even a very
// fast import cannot be missed; the hub then tells the progress ({status:'progress'}) and the end
// ({status:'done'|'error'}): the app's hub client keeps this private topic open until that last
// word (its `until` option). When the hub cannot be followed, GET /api/user_import_logs/{id}
// every 2 s until the import is no longer 'started'.

/** Spec administration §8 "Other", and the import's own French messages. */
export const IMPORT_MESSAGES = {
  requestFailed: 'Une erreur est survenue durant la requête',
  templateFailed: (format: ImportFormat) =>
    `Une erreur est survenue durant le téléchargement du modèle ${format.toUpperCase()}`,
  mailsFailed: "Une erreur est survenue durant l'envoi des e-mails",
  mailsSent: ({ sent, failed }: SendMailsResult) => {
    if (sent === 0 && failed === 0) return 'Aucun e-mail à envoyer.';
    const plural = sent > 1 ? 's' : '';
    const done = `${sent} e-mail${plural} d'invitation envoyé${plural}`;
    return failed > 0 ? `${done}, ${failed} en échec.` : `${done}.`;
  },
} as const;

export const IMPORT_PATH = '/api/user_import_logs';
export const logPath = (id: number | string) => `${IMPORT_PATH}/${id}`;
export const rowsPath = (id: number | string) => `${IMPORT_PATH}/${id}/user_import_histories`;
export const templatePath = (format: ImportFormat) => `${IMPORT_PATH}/template.${format}`;

/** An import log as GET /api/user_import_logs/{id} answers it (the fields the flow reads). */
export interface ImportLogRecord {
  id: number;
  processStatus: ImportStatus;
  rowCount?: number | null;
  processedCount?: number | null;
  successCount?: number | null;
  warningCount?: number | null;
  failedCount?: number | null;
  errorMessage?: string | null;
}

export interface ImportProgress {
  processed: number;
  total: number;
}

/** How an accepted import ended. */
export interface ImportResult {
  id: number;
  processStatus: ImportStatus;
  total: number;
  success: number;
  warning: number;
  failed: number;
  errorMessage: string | null;
}

/** The server refused the file (413, 415, 422...): its French words, nothing was imported. */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The 422 violations' messages, when the server gave some. */
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = 'ImportRefused';
  }
}

/** The import was accepted but could not be followed to its end (its log still tells it). */
export class ImportLost extends Error {
  constructor(readonly id: number) {
    super(IMPORT_MESSAGES.requestFailed);
    this.name = 'ImportLost';
  }
}

export interface ImportRequest {
  file: File;
  comment: string;
  sendMailImmediatly: boolean;
  /** The signed-in user's login (the hub topic login/{login}/{uuid}). */
  login: string;
  signal?: AbortSignal;
  /** The server accepted the file (202): its log. */
  onAccepted?: (log: ImportLogRecord) => void;
  onProgress?: (progress: ImportProgress) => void;
}

/** The hub's subscription (./hub.ts), open until the import's last word. */
export type Follow = (
  topic: string,
  onMessage: (data: unknown) => void,
  options: { onOpen: () => void; onError: (status: number) => void },
) => () => void;

const isLastWord = (data: unknown) => {
  const status = (data as { status?: unknown } | null)?.status;
  return status === 'done' || status === 'error';
};

/** The app's hub client, kept open through the progress messages until the end. */
const followOnHub: Follow = (topic, onMessage, { onOpen, onError }) =>
  subscribe(topic, onMessage, { onOpen: () => onOpen(), onError, until: isLastWord });

export interface ImportDeps {
  http: HttpClient;
  follow: Follow;
  uuid: () => string;
  /** Polling interval (spec: 2 s). */
  pollMs?: number;
  /** How long to wait for the hub's stream before sending the file anyway. */
  openWaitMs?: number;
  /** With the hub open but silent this long, the log is read once (a lost 'done'). */
  silenceMs?: number;
}

const delay = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

const aborted = (signal?: AbortSignal) =>
  signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');

/** The server's French words for a refused request: its violations, else its detail. */
export function refusalOf(error: unknown): ImportRefused {
  if (!(error instanceof HttpError)) {
    return new ImportRefused(IMPORT_MESSAGES.requestFailed, 0);
  }
  const body = (error.body ?? {}) as {
    detail?: unknown;
    violations?: { propertyPath?: string; message?: string }[];
  };
  const details = Array.isArray(body.violations)
    ? body.violations.map((v) => v.message ?? '').filter((m) => m.trim() !== '')
    : [];
  const own =
    error.status > 0 && error.status < 500 && error.message && error.message !== GENERIC_FAILURE;
  const detail = typeof body.detail === 'string' && body.detail.trim() ? body.detail : undefined;
  const message = own ? (detail ?? error.message) : IMPORT_MESSAGES.requestFailed;
  // A detail that only repeats the single violation is said once.
  const shown = details.length === 1 && details[0] === message ? [] : details;
  return new ImportRefused(message, error.status, shown);
}

const resultOfLog = (log: ImportLogRecord): ImportResult => ({
  id: log.id,
  processStatus: log.processStatus,
  total: log.rowCount ?? 0,
  success: log.successCount ?? 0,
  warning: log.warningCount ?? 0,
  failed: log.failedCount ?? 0,
  errorMessage: log.errorMessage ?? null,
});

export function createImporter(deps: ImportDeps) {
  const pollMs = deps.pollMs ?? 2000;
  const openWaitMs = deps.openWaitMs ?? 10_000;
  const silenceMs = deps.silenceMs ?? 15_000;

  const readLog = async (id: number, signal?: AbortSignal) =>
    (await deps.http<ImportLogRecord>(logPath(id), { signal })).json;

  /**
   * Sends the file and follows the import to its end. Throws ImportRefused when the server
   * refuses the file, ImportLost when an accepted import could not be followed, the signal's
   * reason when cancelled.
   */
  return async function runImport(request: ImportRequest): Promise<ImportResult> {
    const { signal } = request;
    const uuid = deps.uuid();
    let opened: () => void = () => undefined;
    const open = new Promise<void>((resolve) => {
      opened = resolve;
    });
    let hubFailed: () => void = () => undefined;
    const failed = new Promise<'failed'>((resolve) => {
      hubFailed = () => resolve('failed');
    });
    let finish: (message: ImportMessage) => void = () => undefined;
    const finished = new Promise<ImportMessage>((resolve) => {
      finish = resolve;
    });
    let lastHeard = Date.now();
    let acceptedId: number | undefined;
    // Listening (connected) before sending, so that even a very fast import cannot be missed.
    const unsubscribe = deps.follow(
      `login/${request.login}/${uuid}`,
      (data) => {
        const message = data as ImportMessage | null;
        if (!message || typeof message !== 'object') return;
        if (acceptedId !== undefined && message.id !== undefined && message.id !== acceptedId) {
          return;
        }
        lastHeard = Date.now();
        if (message.status === 'progress') {
          request.onProgress?.({ processed: message.processed, total: message.total });
        } else if (message.status === 'done' || message.status === 'error') {
          finish(message);
        }
      },
      { onOpen: opened, onError: hubFailed },
    );
    try {
      await Promise.race([open, failed, delay(openWaitMs, signal)]);
      if (signal?.aborted) throw aborted(signal);

      const form = new FormData();
      form.append('file', request.file, request.file.name);
      form.append('comment', request.comment);
      form.append('sendMailImmediatly', request.sendMailImmediatly ? 'true' : 'false');
      form.append('uuid', uuid);
      let log: ImportLogRecord;
      try {
        log = (
          await deps.http<ImportLogRecord>(IMPORT_PATH, {
            method: 'POST',
            body: form,
            // An upload is never sent twice.
            retries: 0,
            signal,
          })
        ).json;
      } catch (error) {
        if (signal?.aborted) throw aborted(signal);
        throw refusalOf(error);
      }
      acceptedId = log.id;
      request.onAccepted?.(log);
      if (log.processStatus && log.processStatus !== 'started') return resultOfLog(log);
      if (log.rowCount) {
        request.onProgress?.({ processed: log.processedCount ?? 0, total: log.rowCount });
      }

      try {
        // The hub, while it lasts; read the log now and then in case its last word was lost.
        for (;;) {
          const outcome = await Promise.race([finished, failed, delay(pollMs, signal)]);
          if (signal?.aborted) throw aborted(signal);
          if (outcome === 'failed') break;
          if (outcome && typeof outcome === 'object') {
            if (outcome.status === 'done') {
              return {
                id: log.id,
                processStatus: outcome.processStatus,
                total: outcome.total,
                success: outcome.success,
                warning: outcome.warning,
                failed: outcome.failed,
                errorMessage: null,
              };
            }
            if (outcome.status === 'error') {
              const read = await readLog(log.id, signal).catch(() => undefined);
              return {
                ...(read ? resultOfLog(read) : resultOfLog({ ...log, processStatus: 'failed' })),
                processStatus:
                  read && read.processStatus !== 'started' ? read.processStatus : 'failed',
                errorMessage: read?.errorMessage || outcome.message,
              };
            }
          }
          if (Date.now() - lastHeard >= silenceMs) {
            lastHeard = Date.now();
            const read = await readLog(log.id, signal);
            if (read.processStatus !== 'started') return resultOfLog(read);
          }
        }
        // No hub: the log, every 2 s, until the import is no longer running.
        for (;;) {
          const read = await readLog(log.id, signal);
          if (read.processStatus !== 'started') return resultOfLog(read);
          request.onProgress?.({ processed: read.processedCount ?? 0, total: read.rowCount ?? 0 });
          await delay(pollMs, signal);
          if (signal?.aborted) throw aborted(signal);
        }
      } catch {
        if (signal?.aborted) throw aborted(signal);
        throw new ImportLost(log.id);
      }
    } finally {
      unsubscribe();
    }
  };
}

/** The application's importer: its HTTP client, the hub with the signed-in user's token. */
export function appImporter() {
  return createImporter({
    http: httpClient,
    follow: followOnHub,
    uuid: () => crypto.randomUUID(),
  });
}

/** Downloads the import template (bearer-authenticated, so through the HTTP client). */
export async function downloadTemplate(
  format: ImportFormat,
  deps: { http: HttpClient; save: (blob: Blob, name: string) => void } = {
    http: httpClient,
    save: saveBlob,
  },
): Promise<void> {
  const file = await deps.http<unknown>(templatePath(format), { responseType: 'blob' });
  if (!file.blob) throw new Error('Fichier vide');
  deps.save(
    file.blob,
    dispositionName(file.headers.get('content-disposition')) ?? templateName(format),
  );
}

export interface SendMailsResult {
  sent: number;
  failed: number;
}

/** POST /api/user_import_logs/{id}/send_mails: the invitations not sent yet. */
export async function sendImportMails(
  id: number | string,
  http: HttpClient = httpClient,
): Promise<SendMailsResult> {
  const { json } = await http<Partial<SendMailsResult> | null>(`${logPath(id)}/send_mails`, {
    method: 'POST',
    retries: 0,
  });
  return { sent: Number(json?.sent ?? 0), failed: Number(json?.failed ?? 0) };
}

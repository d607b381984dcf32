import {
  defaultFileBase,
  downloadPath,
  type ExportFormat,
  type ExportKind,
  exportFileName,
  exportPath,
  formatLabel,
} from '../domain/exportFile.ts';
import { appendFilters } from './dataProvider.ts';
import { failureMessage, type HttpClient, httpClient } from './httpClient.ts';
import { subscribe as hubSubscribe } from './hub.ts';

// The export flow of spec partner-extranet §4 and §7: create a uuid, listen on the hub
// (login/{login}/{uuid}), POST /export/... with the list's filters, its order and the uuid (a truthy answer
// means accepted and processing), and on the hub's message POST /downloads/excel|csv?id= with
// the file name and save the file. Messages of §5 and §8, with their accents.

export const EXPORT_MESSAGES = {
  processing: 'Votre demande est en cours de traitement !',
  downloaded: 'Votre fichier est téléchargé !',
  creationFailed: (format: ExportFormat) =>
    `Une erreur est survenue durant la création du fichier ${formatLabel(format)}`,
  downloadFailed: (format: ExportFormat) =>
    `Erreur lors du téléchargement du fichier ${formatLabel(format)}`,
  missingContract: 'Identifiant de contrat manquant',
  missingSubscriber: 'Identifiant de souscripteur manquant',
  /** The hub's stream could not open (too many open pages, the service unreachable). */
  noProgress: (format: ExportFormat) =>
    `Le fichier ${formatLabel(format)} n'a pas été demandé : le suivi de sa création n'a pas pu démarrer. Fermez des onglets inutiles et réessayez dans quelques instants.`,
} as const;

export type Notify = (message: string, type: 'info' | 'success' | 'error') => void;

/** Where the export flow reports: toasts, and its stage for a progress indicator. */
export type ExportStage = 'sending' | 'processing' | 'downloading';

export interface ExportRequest {
  kind: ExportKind;
  format: ExportFormat;
  /** The list's current filter values, as its query would send them. */
  filters: Record<string, unknown>;
  /** The list's order (`order[<name>]` and its direction): the file's rows follow it. */
  order?: { name: string; value: 'asc' | 'desc' };
  /** The signed-in user's login (the hub topic login/{login}/{uuid}). */
  login: string;
  /** The name typed by the user; blank gives the default of spec §5. */
  name?: string;
  /** The default name (without extension); `{kind}_{uuid}` when not given. */
  defaultName?: string;
  /**
   * A per-contract or per-customer export (spec §5): refused with its message when the
   * parent's id is missing.
   */
  requires?: { contract?: unknown } | { customer?: unknown };
  signal?: AbortSignal;
  onStage?: (stage: ExportStage) => void;
}

export type ExportOutcome = 'downloaded' | 'failed' | 'cancelled';

export interface ExportDeps {
  http: HttpClient;
  subscribe: (
    topic: string,
    onMessage: (data: unknown) => void,
    options: { onOpen: () => void; onError: (status: number) => void; busyIsFinal?: boolean },
  ) => () => void;
  save: (blob: Blob, name: string) => void;
  notify: Notify;
  uuid: () => string;
  /** How long the hub's stream may take to open (10 s). */
  openWaitMs?: number;
}

/**
 * How long the flow waits for the hub's stream: past it, nothing is asked (a file made while
 * nobody listens would never be announced, and the hub client retries a refusal quietly).
 */
const OPEN_WAIT_MS = 10_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The list's filter values as the export's JSON body: flattened exactly as the data provider
 * writes a list's query (`appendFilters`: empty values dropped, `dtDebVal[after]`,
 * `assure.firstname`), arrays kept as arrays.
 */
export function exportFilters(filters: Record<string, unknown>): Record<string, unknown> {
  const query = new URLSearchParams();
  appendFilters(query, filters);
  const body: Record<string, unknown> = {};
  for (const [name, value] of query) {
    if (name.endsWith('[]')) {
      const key = name.slice(0, -2);
      body[key] = [...((body[key] as string[] | undefined) ?? []), value];
    } else {
      body[name] = value;
    }
  }
  return body;
}

/** The name in Content-Disposition (filename* first), when the server gives one. */
export function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1];
}

/** Saves a blob under a name, as a link with `download` does. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

interface HubMessage {
  status?: string;
  message?: string;
}

function missingParent(requires: ExportRequest['requires']): string | undefined {
  if (!requires) return undefined;
  if ('contract' in requires && isBlank(requires.contract)) return EXPORT_MESSAGES.missingContract;
  if ('customer' in requires && isBlank(requires.customer)) {
    return EXPORT_MESSAGES.missingSubscriber;
  }
  return undefined;
}

const DEFAULT_BASES: Record<ExportKind, (uuid: string) => string> = {
  contracts: (uuid) => defaultFileBase({ kind: 'contracts', id: uuid }),
  insureds: (uuid) => defaultFileBase({ kind: 'insureds', id: uuid }),
  cotisations: (uuid) => defaultFileBase({ kind: 'cotisations', uuid }),
};

export function createExporter(deps: ExportDeps) {
  return async function runExport(request: ExportRequest): Promise<ExportOutcome> {
    const { kind, format, signal } = request;
    const missing = missingParent(request.requires);
    if (missing) {
      deps.notify(missing, 'error');
      return 'failed';
    }
    const uuid = deps.uuid();
    const base = request.defaultName || DEFAULT_BASES[kind](uuid);
    const fileName = exportFileName(request.name, base, format);
    let unsubscribe: () => void = () => undefined;
    let isOpen = false;
    let opened: () => void = () => undefined;
    const open = new Promise<void>((resolve) => {
      opened = () => {
        isOpen = true;
        resolve();
      };
    });
    // Listening (connected) before asking, so that even a very fast job cannot be missed.
    const message = new Promise<HubMessage>((resolve, reject) => {
      unsubscribe = deps.subscribe(
        `login/${request.login}/${uuid}`,
        (data) => resolve((data ?? {}) as HubMessage),
        // Refused (too many pages open): said at once, not after the 10 s wait.
        {
          onOpen: opened,
          onError: () => reject(new Error('Abonnement refusé')),
          busyIsFinal: true,
        },
      );
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    message.catch(() => undefined);
    await Promise.race([
      open,
      message.catch(() => undefined),
      delay(deps.openWaitMs ?? OPEN_WAIT_MS),
    ]);
    const cancelled = () => {
      unsubscribe();
      // Spec §4: a cancelled CSV export stays silent.
      if (format === 'xlsx') deps.notify(EXPORT_MESSAGES.creationFailed(format), 'error');
      return 'cancelled' as const;
    };

    if (signal?.aborted) return cancelled();
    if (!isOpen) {
      unsubscribe();
      deps.notify(EXPORT_MESSAGES.noProgress(format), 'error');
      return 'failed';
    }

    try {
      request.onStage?.('sending');
      const accepted = await deps.http<unknown>(exportPath(kind, format), {
        method: 'POST',
        body: {
          ...exportFilters(request.filters),
          ...(request.order ? { [request.order.name]: request.order.value } : {}),
          uuid,
        },
        // Not tried again: a request the server took before failing would answer 409 (its uuid).
        retries: 0,
        signal,
      });
      if (!accepted.json) throw new Error('Export refusé');
    } catch (error) {
      if (signal?.aborted) return cancelled();
      unsubscribe();
      deps.notify(failureMessage(EXPORT_MESSAGES.creationFailed(format), error), 'error');
      return 'failed';
    }
    deps.notify(EXPORT_MESSAGES.processing, 'info');
    request.onStage?.('processing');

    let done: HubMessage;
    try {
      done = await message;
    } catch {
      return cancelled();
    } finally {
      unsubscribe();
    }
    if (done.status !== 'done') {
      deps.notify(EXPORT_MESSAGES.creationFailed(format), 'error');
      return 'failed';
    }

    request.onStage?.('downloading');
    try {
      const file = await deps.http<unknown>(downloadPath(format, uuid), {
        method: 'POST',
        body: { name: fileName },
        responseType: 'blob',
        signal,
      });
      if (!file.blob) throw new Error('Fichier vide');
      deps.save(file.blob, dispositionName(file.headers.get('content-disposition')) ?? fileName);
    } catch {
      if (signal?.aborted) return cancelled();
      deps.notify(EXPORT_MESSAGES.downloadFailed(format), 'error');
      return 'failed';
    }
    deps.notify(EXPORT_MESSAGES.downloaded, 'success');
    return 'downloaded';
  };
}

/** The application's exporter: its HTTP client, its hub client, a real download. */
export function appExporter(notify: Notify) {
  return createExporter({
    http: httpClient,
    subscribe: (topic, onMessage, options) => hubSubscribe(topic, onMessage, options),
    save: saveBlob,
    notify,
    uuid: () => crypto.randomUUID(),
  });
}

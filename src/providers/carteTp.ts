import { CARTE_TP_PATHS, type CarteTpPeriod, periodChoice } from '../domain/carteTp.ts';
import { type HttpClient, httpClient } from './httpClient.ts';

// The third-party-payer card of an insured person (spec administration §7 "Carte TP"): the four
// calls at their exact paths, through the one HTTP client (bearer, retries, error routing). The
// PDFs come back as blobs, with the server's file name (Content-Disposition).

export type { CarteTpPeriod };
export { periodChoice };

export interface CarteTpFile {
  blob: Blob;
  /** The server's file name, or a default one. */
  name: string;
}

export interface CarteTpClient {
  /** The card periods of the insured person, newest first (the first is the current card). */
  periods(insuredId: number | string): Promise<CarteTpPeriod[]>;
  /** The current card (download_carte_tp). */
  download(insuredId: number | string): Promise<CarteTpFile>;
  /** One period's card (visu). */
  visu(insuredId: number | string, period: CarteTpPeriod): Promise<CarteTpFile>;
  /** Sends one period's card by e-mail. */
  email(insuredId: number | string, period: CarteTpPeriod, email: string): Promise<void>;
}

const DEFAULT_NAME = 'carte_tiers_payant.pdf';

/** The file name of a Content-Disposition header (RFC 6266, UTF-8 form first). */
export function dispositionName(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // The plain form below.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || undefined;
}

export function createCarteTpClient(http: HttpClient): CarteTpClient {
  const file = async (path: string): Promise<CarteTpFile> => {
    const answer = await http(path, {
      responseType: 'blob',
      headers: { Accept: 'application/pdf' },
    });
    if (!answer.blob) throw new Error('Aucun document reçu');
    return {
      blob: answer.blob,
      name: dispositionName(answer.headers.get('content-disposition')) ?? DEFAULT_NAME,
    };
  };
  return {
    async periods(insuredId) {
      const { json } = await http<{ 'hydra:member'?: CarteTpPeriod[] } | CarteTpPeriod[]>(
        CARTE_TP_PATHS.availables(insuredId),
      );
      if (Array.isArray(json)) return json;
      return json?.['hydra:member'] ?? [];
    },
    download: (insuredId) => file(CARTE_TP_PATHS.download(insuredId)),
    visu: (insuredId, period) => file(CARTE_TP_PATHS.visu(insuredId, period)),
    async email(insuredId, period, email) {
      // Never retried: a 5xx may come after the mail left (a proxy's timeout), and a retry
      // would send it again (the spec's call is a GET, which the client otherwise retries).
      await http(CARTE_TP_PATHS.email(insuredId, period, email), { retries: 0 });
    },
  };
}

/** The application's client. */
export const carteTpClient: CarteTpClient = createCarteTpClient(httpClient);

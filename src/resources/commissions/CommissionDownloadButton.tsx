// The commissions download (spec §7 GET /api/commissions/download, "file as blob"; §8 toasts):
// the file of the list as currently filtered, saved under the server's name.
import DownloadIcon from '@mui/icons-material/Download';
import { useListContext, useNotify } from 'ra-core';
import { useState } from 'react';
import { Button } from 'react-admin';
import { appendFilters } from '../../providers/dataProvider.ts';
import { type HttpClient, httpClient } from '../../providers/httpClient.ts';

export const DOWNLOAD_DONE = 'Le téléchargement des commissions est terminé';
export const DOWNLOAD_FAILED = 'Une erreur est survenue durant le téléchargement des commissions';
export const NOTHING_TO_DOWNLOAD = 'Aucune commission à télécharger avec ces filtres.';
const DEFAULT_NAME = 'commissions.xlsx';

/** The file name of a Content-Disposition header (RFC 6266, UTF-8 form first). */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Fall back to the plain form.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || undefined;
}

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the browser start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export function CommissionDownloadButton({ http = httpClient }: { http?: HttpClient }) {
  const { filterValues, sort, total } = useListContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    // The list says « Aucune commission. »: a file of headers alone would say nothing more.
    if (total === 0) {
      notify(NOTHING_TO_DOWNLOAD, { type: 'info' });
      return;
    }
    setBusy(true);
    try {
      const query = new URLSearchParams();
      if (sort?.field) query.set(`order[${sort.field}]`, sort.order.toLowerCase());
      appendFilters(query, filterValues);
      const answer = await http(`/api/commissions/download?${query}`, { responseType: 'blob' });
      if (!answer.blob) throw new Error('No file');
      save(answer.blob, fileNameOf(answer.headers.get('content-disposition')) ?? DEFAULT_NAME);
      notify(DOWNLOAD_DONE, { type: 'success' });
    } catch {
      notify(DOWNLOAD_FAILED, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button label="Télécharger" onClick={download} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
}

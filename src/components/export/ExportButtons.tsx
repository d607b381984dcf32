// The Excel and CSV buttons and the file-name field of spec partner-extranet §2 (contract list,
// insured and premium lists): they export the list's current filters in its order (react-admin's
// ListContext) through the flow of src/providers/exports.ts, and stay disabled while a file is
// being made, with a visible progress indicator and « Annuler » (spec §4: a cancelled CSV
// export stays silent; an Excel one says it was not made).
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import GridOnOutlined from '@mui/icons-material/GridOnOutlined';
import { Box, Button, CircularProgress, LinearProgress, TextField } from '@mui/material';
import { ListContext } from 'ra-core';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useGetIdentity, useNotify } from 'react-admin';
import type { ExportFormat, ExportKind } from '../../domain/exportFile.ts';
import { orderParameter } from '../../domain/schema/index.ts';
import { appExporter, type ExportRequest, type ExportStage } from '../../providers/exports.ts';
import { throttleLatest } from '../../providers/throttle.ts';

export interface ExportButtonsProps {
  kind: ExportKind;
  /** The default file name without extension (spec §5), e.g. `assures_12`. */
  defaultName?: string;
  /** Filters the list context does not carry (a per-parent list's parent, e.g. contrat.id). */
  filter?: Record<string, unknown>;
  /** A per-contract or per-customer export: refused with its §5 message without the id. */
  requires?: ExportRequest['requires'];
}

/** What an export of an empty list would have said: nothing but its column headers. */
export const NOTHING_TO_EXPORT: Readonly<Record<ExportKind, string>> = {
  contracts: 'Aucun contrat à exporter avec ces filtres.',
  insureds: 'Aucun assuré à exporter avec ces filtres.',
  cotisations: 'Aucune cotisation à exporter avec ces filtres.',
};

const STAGE_LABELS: Record<ExportStage, string> = {
  sending: 'Envoi de la demande…',
  processing: 'Création du fichier…',
  downloading: 'Téléchargement…',
};

export function ExportButtons({ kind, defaultName, filter, requires }: ExportButtonsProps) {
  // A list's buttons export its current filters, in its current order; outside a list (a
  // detail's own record) only `filter` says what to export.
  const list = useContext(ListContext);
  const filterValues = list?.filterValues ?? {};
  const order = orderParameter(list?.resource, list?.sort);
  const { identity } = useGetIdentity();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [running, setRunning] = useState<ExportFormat | null>(null);
  const [stage, setStage] = useState<ExportStage | null>(null);
  const cancelRun = useRef<AbortController | null>(null);
  const exporter = useMemo(
    () => appExporter((message, type) => notify(message, { type })),
    [notify],
  );
  // Spec §9: the progress indicator changes at most every 200 ms.
  const showStage = useMemo(() => throttleLatest(setStage), []);
  useEffect(() => showStage.cancel, [showStage]);

  async function run(format: ExportFormat) {
    // The list says it is empty: a file of headers alone would say nothing more (as the
    // commissions' download).
    if (list?.total === 0) {
      notify(NOTHING_TO_EXPORT[kind], { type: 'info' });
      return;
    }
    setRunning(format);
    const cancel = new AbortController();
    cancelRun.current = cancel;
    try {
      await exporter({
        kind,
        format,
        filters: { ...filterValues, ...filter },
        order,
        login: String(identity?.id ?? ''),
        name,
        defaultName,
        requires,
        onStage: showStage,
        signal: cancel.signal,
      });
    } finally {
      cancelRun.current = null;
      showStage.cancel();
      setRunning(null);
      setStage(null);
    }
  }

  const busy = running !== null;
  const spinner = <CircularProgress size={16} aria-hidden />;
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
      data-export-running={busy || undefined}
    >
      <TextField
        size="small"
        label="Nom du fichier"
        placeholder={defaultName}
        value={name}
        onChange={(event) => setName(event.target.value)}
        disabled={busy}
        sx={{ minWidth: 180 }}
      />
      <Button
        variant="outlined"
        size="small"
        startIcon={running === 'xlsx' ? spinner : <GridOnOutlined />}
        onClick={() => run('xlsx')}
        disabled={busy || !identity}
      >
        Excel
      </Button>
      <Button
        variant="outlined"
        size="small"
        startIcon={running === 'csv' ? spinner : <DescriptionOutlined />}
        onClick={() => run('csv')}
        disabled={busy || !identity}
      >
        CSV
      </Button>
      {busy && (
        <Box sx={{ minWidth: 140 }} role="status">
          <LinearProgress aria-label="Export en cours" />
          <Box component="span" sx={{ fontSize: '0.75rem' }}>
            {stage ? STAGE_LABELS[stage] : ''}
          </Box>
        </Box>
      )}
      {busy && (
        <Button size="small" onClick={() => cancelRun.current?.abort()}>
          Annuler
        </Button>
      )}
    </Box>
  );
}

// /users/imports/{id} (spec administration §2, §3 "Import log", "User import history row", §4,
// §9): the import's summary, then its rows (GET /api/user_import_logs/{id}/user_import_histories)
// in the file's order, filtered by status, e-mail sent, last name and address, 10 per page (25,
// 50, 100 offered). While the import still runs, both are read again every 2 s. An import made
// without the immediate e-mails offers to send the invitations its created accounts still wait
// for (POST /api/user_import_logs/{id}/send_mails).
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { Box, Link as MuiLink, Stack, Typography } from '@mui/material';
import {
  ListBase,
  useGetList,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'ra-core';
import { type ReactNode, useEffect } from 'react';
import { FilterForm, Labeled, TextInput } from 'react-admin';
import { Link } from 'react-router-dom';
import { ConfirmedAction } from '../../components/ConfirmedAction.tsx';
import {
  Col,
  errorToast,
  ListStatus,
  MISSING_IDS,
  SpecPagination,
  SpecShow,
  SpecTable,
} from '../../components/list/index.ts';
import { allLabels } from '../../domain/schema/types.ts';
import { UserImportHistory, UserImportLog } from '../../domain/schema/userImport.ts';
import { importDuration } from '../../domain/userImport.ts';
import { IMPORT_MESSAGES, rowsPath, sendImportMails } from '../../providers/userImports.ts';
import type { PageProps } from '../types.ts';
import {
  importerName,
  importTimestamp,
  ouiNon,
  ouiNonFilter,
  StatusChip,
  statusFilter,
} from './importParts.tsx';
import type { ImportLogRow } from './UserImportLogList.tsx';

const LOAD_ERROR = UserImportLog.messages?.loadError ?? '';
const ROWS_LOAD_ERROR = UserImportHistory.messages?.loadError ?? LOAD_ERROR;
/** While an import runs, its log and rows are read again this often. */
export const REFRESH_MS = 2000;

const logLabels = UserImportLog.properties;
/** Durée: a column the screens compute, labelled in the declaration (shown). */
const logShown = allLabels(UserImportLog);
const rowLabels = UserImportHistory.properties;

export interface ImportRow {
  id: number;
  line?: number;
  organisation?: { id?: number; legalname?: string | null } | null;
  userId?: number | null;
  lastname?: string | null;
  firstname?: string | null;
  email?: string | null;
  username?: string | null;
  processStatus?: string;
  errorMessage?: string | null;
  emailSent?: boolean;
  emailSentAt?: string | null;
  regroupementKey?: string | null;
  createdAt?: string | null;
  author?: string | null;
  authorUsername?: string | null;
}

function Value({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Labeled label={label}>
      <Typography variant="body2" component="div">
        {children === '' || children === null || children === undefined ? '-' : children}
      </Typography>
    </Labeled>
  );
}

/** Reads the log and its rows again every 2 s while the import runs. */
function RefreshWhileRunning({ running }: { running: boolean }) {
  const refresh = useRefresh();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, refresh]);
  return null;
}

/** The invitations an import made without immediate e-mails still owes, sent once confirmed. */
function SendMailsButton({ log }: { log: ImportLogRow }) {
  const refresh = useRefresh();
  const waiting = useGetList<ImportRow>(
    'userImportHistories',
    {
      pagination: { page: 1, perPage: 1 },
      filter: { processStatus: 'success', emailSent: false },
      meta: { path: rowsPath(log.id) },
    },
    { enabled: !log.sendMailImmediatly && log.processStatus !== 'started', retry: false },
  );
  if (log.sendMailImmediatly || log.processStatus === 'started' || !waiting.total) return null;
  const count = waiting.total;
  return (
    <ConfirmedAction
      label="Envoyer les e-mails"
      icon={<ForwardToInboxIcon />}
      variant="contained"
      question="Envoyer les invitations ?"
      consequence={
        count === 1
          ? "Le compte créé par cet import qui n'a pas encore reçu son invitation la recevra maintenant, avec un lien pour choisir son mot de passe."
          : `Les ${count} comptes créés par cet import qui n'ont pas encore reçu leur invitation la recevront maintenant, chacun avec un lien pour choisir son mot de passe.`
      }
      confirm="Envoyer"
      run={async () => {
        const text = IMPORT_MESSAGES.mailsSent(await sendImportMails(log.id));
        refresh();
        return text;
      }}
      failure={IMPORT_MESSAGES.mailsFailed}
    />
  );
}

function Summary({ log }: { log: ImportLogRow }) {
  return (
    <Box component="section" aria-label="Résumé de l'import" sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h5" component="h2">
          {log.fileName || `Import n° ${log.id}`}
        </Typography>
        <SendMailsButton log={log} />
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
        }}
      >
        <Value label={logLabels.id.label}>{log.id}</Value>
        <Value label={logLabels.importer.label}>{importerName(log.importer)}</Value>
        <Value label={logLabels.fileName.label}>{log.fileName}</Value>
        <Value label={logLabels.comment.label}>{log.comment}</Value>
        <Value label={logLabels.sendMailImmediatly.label}>{ouiNon(log.sendMailImmediatly)}</Value>
        <Value label={logLabels.processStatus.label}>
          <StatusChip status={log.processStatus} kind="log" />
        </Value>
        <Value label={logLabels.startedAt.label}>{importTimestamp(log.startedAt)}</Value>
        <Value label={logLabels.endedAt.label}>{importTimestamp(log.endedAt)}</Value>
        <Value label={logShown.duration}>{importDuration(log.startedAt, log.endedAt)}</Value>
        <Value label={logLabels.rowCount.label}>{log.rowCount ?? 0}</Value>
        <Value label={logLabels.processedCount.label}>{log.processedCount ?? 0}</Value>
        <Value label={logLabels.successCount.label}>{log.successCount ?? 0}</Value>
        <Value label={logLabels.warningCount.label}>{log.warningCount ?? 0}</Value>
        <Value label={logLabels.failedCount.label}>{log.failedCount ?? 0}</Value>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Value label={logLabels.errorMessage.label}>{log.errorMessage}</Value>
        </Box>
      </Box>
    </Box>
  );
}

const rowFilters = [
  statusFilter(rowLabels.processStatus.label, ['success', 'warning', 'failed']),
  ouiNonFilter('emailSent', rowLabels.emailSent.label),
  <TextInput
    key="lastname"
    source="lastname"
    label={rowLabels.lastname.label}
    alwaysOn
    resettable
  />,
  <TextInput key="email" source="email" label={rowLabels.email.label} alwaysOn resettable />,
];

function RowStatus() {
  const row = useRecordContext<ImportRow>();
  return row ? <StatusChip status={row.processStatus} kind="row" /> : null;
}

/** The account a row made (or found), a real link to its detail. */
function AccountLink() {
  const row = useRecordContext<ImportRow>();
  if (!row?.userId) return null;
  const who = [row.firstname, row.lastname].filter(Boolean).join(' ') || row.email || '';
  return (
    <MuiLink
      component={Link}
      to={`/users/${row.userId}`}
      aria-label={who ? `Voir le compte de ${who}` : `Voir le compte n° ${row.userId}`}
    >
      Voir le compte
    </MuiLink>
  );
}

function RowsError() {
  const { error } = useListContext();
  if (!error) return null;
  return (
    <Typography role="alert" color="error" sx={{ p: 2 }}>
      {ROWS_LOAD_ERROR}
    </Typography>
  );
}

const rec = (record: unknown) => record as ImportRow;

/** A column of one of the row's texts, under its declared label ('' when it has none). */
const textColumn = (
  source:
    | 'lastname'
    | 'firstname'
    | 'email'
    | 'username'
    | 'regroupementKey'
    | 'errorMessage'
    | 'author'
    | 'authorUsername',
  { sortable = true } = {},
) => (
  <Col
    source={source}
    label={rowLabels[source].label}
    render={(r) => rec(r)[source] ?? ''}
    disableSort={!sortable}
  />
);

/** The import's rows, in the file's order. */
function Rows({ id }: { id: number | string }) {
  const notify = useNotify();
  return (
    <Box component="section" aria-label={UserImportHistory.plural} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {UserImportHistory.plural}
      </Typography>
      <ListBase
        resource="userImportHistories"
        sort={{ field: 'line', order: 'ASC' }}
        perPage={10}
        disableSyncWithLocation
        storeKey={false}
        queryOptions={{
          retry: false,
          meta: { path: rowsPath(id) },
          onError: () => notify(ROWS_LOAD_ERROR, errorToast(ROWS_LOAD_ERROR)),
        }}
      >
        <ListStatus>
          <FilterForm filters={rowFilters} />
          <RowsError />
          <Box sx={{ width: '100%', overflowX: 'auto' }}>
            <SpecTable
              empty={<Typography sx={{ p: 2 }}>Aucune ligne.</Typography>}
              storeKey="userImports.rows"
              hiddenColumns={['createdAt', 'author', 'authorUsername']}
              // On a phone: how the line went and why, then whom it is about.
              cardColumns={[
                'processStatus',
                'errorMessage',
                'lastname',
                'firstname',
                'email',
                'userId',
              ]}
            >
              <Col source="line" label={rowLabels.line.label} />
              {textColumn('lastname')}
              {textColumn('firstname')}
              {textColumn('email')}
              {textColumn('username', { sortable: false })}
              <Col
                source="organisation"
                label={rowLabels.organisation.label}
                render={(r) => rec(r).organisation?.legalname ?? ''}
                disableSort
              />
              {textColumn('regroupementKey', { sortable: false })}
              <Col
                source="processStatus"
                label={rowLabels.processStatus.label}
                field={RowStatus}
                disableSort
              />
              {textColumn('errorMessage', { sortable: false })}
              <Col
                source="emailSent"
                label={rowLabels.emailSent.label}
                render={(r) => ouiNon(rec(r).emailSent)}
                disableSort
              />
              <Col
                source="emailSentAt"
                label={rowLabels.emailSentAt.label}
                render={(r) => importTimestamp(rec(r).emailSentAt)}
                disableSort
              />
              <Col source="userId" label={rowLabels.userId.label} field={AccountLink} disableSort />
              {/* The rest of spec §3's row, offered through « Colonnes » (the import's own
                  author and date head the page). */}
              <Col
                source="createdAt"
                label={rowLabels.createdAt.label}
                render={(r) => importTimestamp(rec(r).createdAt)}
                disableSort
              />
              {textColumn('author', { sortable: false })}
              {textColumn('authorUsername', { sortable: false })}
            </SpecTable>
          </Box>
          <SpecPagination perPageOptions={[10, 25, 50, 100]} />
        </ListStatus>
      </ListBase>
    </Box>
  );
}

function ImportDetail() {
  const log = useRecordContext<ImportLogRow>();
  if (!log) return null;
  return (
    <Box>
      <RefreshWhileRunning running={log.processStatus === 'started'} />
      <Summary log={log} />
      <Rows id={log.id} />
    </Box>
  );
}

export function UserImportLogShow({ title }: PageProps) {
  return (
    <SpecShow
      title={title}
      recordName={(log) => log.fileName || `n° ${log.id}`}
      loadError={LOAD_ERROR}
      missingId={MISSING_IDS.record}
    >
      <ImportDetail />
    </SpecShow>
  );
}

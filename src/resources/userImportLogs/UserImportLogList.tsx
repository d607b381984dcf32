// /users/imports/list (spec administration §2, §3 "Import log", §4, §9): the imports of the
// administrator's scope, the latest first, 10 per page (25, 50, 100 offered); OUI/NON for the
// immediate e-mails, the status coloured by its warning level, timestamps DD/MM/YY HH:mm:ss and
// the duration HH:mm:ss. Each row's file name is a real link to the import's detail.
import { useRecordContext } from 'ra-core';
import { Button, FilterButton, TextInput, TopToolbar } from 'react-admin';
import { Col, SpecList, SpecTable } from '../../components/list/index.ts';
import { UserImportLog } from '../../domain/schema/userImport.ts';
import { importDuration } from '../../domain/userImport.ts';
import type { PageProps } from '../types.ts';
import {
  type Importer,
  importerName,
  importPath,
  importTimestamp,
  ouiNon,
  ouiNonFilter,
  StatusChip,
  statusFilter,
} from './importParts.tsx';
import { userImportLogs } from './index.ts';

export interface ImportLogRow {
  id: number;
  importer?: Importer | null;
  fileName?: string | null;
  comment?: string | null;
  sendMailImmediatly?: boolean;
  processStatus?: string;
  startedAt?: string | null;
  endedAt?: string | null;
  errorMessage?: string | null;
  rowCount?: number | null;
  processedCount?: number | null;
  successCount?: number | null;
  warningCount?: number | null;
  failedCount?: number | null;
}

const labels = UserImportLog.properties;

const filters = [
  statusFilter(labels.processStatus.label, ['started', 'success', 'warning', 'failed']),
  ouiNonFilter('sendMailImmediatly', labels.sendMailImmediatly.label),
  <TextInput key="comment" source="comment" label={labels.comment.label} alwaysOn resettable />,
  <TextInput key="fileName" source="fileName" label={labels.fileName.label} resettable />,
];

function Status() {
  const log = useRecordContext<ImportLogRow>();
  return log ? <StatusChip status={log.processStatus} kind="log" /> : null;
}

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <Button to="/users/imports" label="Importer" />
    </TopToolbar>
  );
}

const row = (record: unknown) => record as ImportLogRow;

export function UserImportLogList({ title }: PageProps) {
  return (
    <SpecList
      title={title}
      loadError={UserImportLog.messages?.loadError ?? ''}
      sort={userImportLogs.defaultSort}
      perPageOptions={[10, 25, 50, 100]}
      filters={filters}
      actions={<Actions />}
      empty={false}
    >
      <SpecTable
        rowLink={(r) => importPath(r.id)}
        linkSource="fileName"
        // On a phone: how it went, when, by whom, and its counts.
        cardColumns={[
          'processStatus',
          'startedAt',
          'importer',
          'rowCount',
          'successCount',
          'warningCount',
          'failedCount',
        ]}
      >
        <Col source="id" />
        <Col source="importer" render={(r) => importerName(row(r).importer)} />
        <Col
          source="fileName"
          render={(log) => (log as ImportLogRow).fileName || `Import n° ${log.id}`}
        />
        <Col source="comment" render={(r) => row(r).comment ?? ''} />
        <Col source="sendMailImmediatly" render={(r) => ouiNon(row(r).sendMailImmediatly)} />
        <Col source="processStatus" field={Status} />
        <Col source="startedAt" render={(r) => importTimestamp(row(r).startedAt)} />
        <Col source="endedAt" render={(r) => importTimestamp(row(r).endedAt)} />
        <Col
          source="duration"
          render={(r) => importDuration(row(r).startedAt, row(r).endedAt)}
          disableSort
        />
        <Col source="rowCount" />
        <Col source="successCount" />
        <Col source="warningCount" />
        <Col source="failedCount" />
      </SpecTable>
    </SpecList>
  );
}

// What the import screens share (spec administration §3 "Import log", "User import history row",
// §4, §9): timestamps DD/MM/YY HH:mm:ss, OUI/NON, the status chip coloured by its warning level,
// the importer's name, file sizes in French units.
import { Chip } from '@mui/material';
import dayjs from 'dayjs';
import { SelectInput } from 'react-admin';
import { count } from '../../domain/format.ts';
import {
  type ImportStatus,
  logWarningLevel,
  rowWarningLevel,
  STATUS_LABELS,
} from '../../domain/userImport.ts';

/** Spec §9: an import timestamp, DD/MM/YY HH:mm:ss in the browser's time; '-' when missing. */
export function importTimestamp(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  const when = dayjs(value as string);
  return when.isValid() ? when.format('DD/MM/YY HH:mm:ss') : '-';
}

/** Spec §3, §4: sendMailImmediatly and emailSent are shown OUI or NON. */
export const ouiNon = (value: unknown): 'OUI' | 'NON' => (value === true ? 'OUI' : 'NON');

const OUI_NON_CHOICES = [
  { id: 'true', name: 'OUI' },
  { id: 'false', name: 'NON' },
];

/** Spec §4: level 1 success, 2 warning, 3 error. */
export const LEVEL_COLORS = { 1: 'success', 2: 'warning', 3: 'error' } as const;

export const statusLabel = (status: unknown): string =>
  STATUS_LABELS[status as ImportStatus] ?? (typeof status === 'string' ? status : '');

/** An import's status (kind 'log') or a row's (kind 'row'), coloured by its warning level. */
export function StatusChip({ status, kind }: { status: unknown; kind: 'log' | 'row' }) {
  if (typeof status !== 'string' || !status) return null;
  const level = kind === 'log' ? logWarningLevel(status) : rowWarningLevel(status);
  return (
    <Chip size="small" color={LEVEL_COLORS[level]} label={statusLabel(status)} data-level={level} />
  );
}

export interface Importer {
  id?: number;
  firstname?: string | null;
  lastname?: string | null;
  username?: string | null;
}

/** 'Claire Martin', else the username; '' when unknown. */
export function importerName(importer: Importer | null | undefined): string {
  const name = [importer?.firstname, importer?.lastname].filter(Boolean).join(' ').trim();
  return name || (importer?.username ?? '');
}

const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** 10 Mo, 1,5 Mo, 12 ko, 800 octets. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${decimal.format(bytes / (1024 * 1024))} Mo`;
  if (bytes >= 1024) return `${decimal.format(bytes / 1024)} ko`;
  return `${count(bytes)} octet${bytes > 1 ? 's' : ''}`;
}

export { count };

/** The status filter of a list: these statuses, in the order given, or all. */
export const statusFilter = (label: string, statuses: readonly ImportStatus[]) => (
  <SelectInput
    key="processStatus"
    source="processStatus"
    label={label}
    choices={statuses.map((id) => ({ id, name: STATUS_LABELS[id] }))}
    emptyText="Tous"
    alwaysOn
  />
);

/** A yes/no filter shown OUI / NON (sent true / false), or all. */
export const ouiNonFilter = (source: string, label: string) => (
  <SelectInput
    key={source}
    source={source}
    label={label}
    choices={OUI_NON_CHOICES}
    emptyText="Tous"
    alwaysOn
  />
);

/** The import's detail page. */
export const importPath = (id: number | string) => `/users/imports/${id}`;
export const DOCUMENTATION_PATH = '/users/imports/documentation';

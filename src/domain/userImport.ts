// Bulk user imports (spec administration §2, §3 "Import log" and "User import history row", §4):
// the file's columns, the limits, the statuses and their warning levels, and how the screens
// show a duration. Pure and shared: the server reads a file with these columns
// (server/src/userImports/), the documentation page and the templates list them, the history
// screens colour a status by its level.
import { User } from './schema/user.ts';

/** One column of an import file: its header, the User property it fills, whether required. */
export interface ImportColumn {
  /** The header a template writes; any header equal to it or to the label is accepted. */
  header: string;
  /** The User property the cell fills (its label is the column's label). */
  property: keyof typeof User.properties;
  required: boolean;
  /** What the cell holds, for the documentation page. */
  help: string;
  /** A value of the template's example row. */
  example: string;
}

export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    header: 'civilite',
    property: 'civility',
    required: false,
    help: 'Mme ou M. (ou 1 pour Mme, 2 pour M.).',
    example: 'Mme',
  },
  {
    header: 'nom',
    property: 'lastname',
    required: true,
    help: '100 caractères au plus.',
    example: 'Martin',
  },
  {
    header: 'prenom',
    property: 'firstname',
    required: true,
    help: '100 caractères au plus.',
    example: 'Claire',
  },
  {
    header: 'email',
    property: 'email',
    required: true,
    help: "L'adresse où l'invitation à choisir un mot de passe est envoyée ; une adresse par compte.",
    example: 'claire.martin@example.fr',
  },
  {
    header: 'identifiant',
    property: 'username',
    required: false,
    help: "Lettres sans accent, chiffres et . _ @ -, en commençant par une lettre ou un chiffre ; l'adresse e-mail si la cellule est vide. Un identifiant qui existe déjà dans le royaume : la ligne est ignorée (avertissement), ce qui permet de réimporter un fichier.",
    example: 'cmartin',
  },
  {
    header: 'organisation',
    property: 'organization',
    required: false,
    help: "Le numéro de l'organisation ou son SIRET (14 chiffres). Obligatoire sans clé de regroupement, sauf pour un administrateur partenaire : son organisation si la cellule est vide.",
    example: '1',
  },
  {
    header: 'cle_regroupement',
    property: 'regroupementKey',
    required: false,
    help: "Une clé déjà portée par des utilisateurs d'une organisation : le compte rejoint cette organisation. Avec une organisation, la clé est enregistrée telle quelle.",
    example: '',
  },
  {
    header: 'type',
    property: 'typeSelected',
    required: false,
    help: "Le type d'utilisateur, par son nom (Vendeur, Manageur…) ou son rôle (PROFILE_SELLER…) ; Vendeur si la cellule est vide. Jamais au-dessus du vôtre.",
    example: 'Vendeur',
  },
  {
    header: 'profil',
    property: 'profileRealm',
    required: false,
    help: "Le nom d'un profil de droits du royaume ; celui du type si la cellule est vide. Jamais un profil qui donne des droits que vous n'avez pas.",
    example: '',
  },
  {
    header: 'fonction',
    property: 'jobFunction',
    required: false,
    help: '100 caractères au plus.',
    example: 'Conseillère',
  },
  {
    header: 'code_vendeur',
    property: 'sellerCode',
    required: false,
    help: 'Lettres sans accent, chiffres, - et _ ; 40 caractères au plus.',
    example: '',
  },
];

/** The label of a column: its property's, from the User declaration. */
export const columnLabel = (column: ImportColumn): string => User.properties[column.property].label;

/** Limits of one upload; the server answers 413 above the size, 422 above the rows. */
export const IMPORT_LIMITS = {
  /** Bytes of the uploaded file. */
  maxBytes: 10 * 1024 * 1024,
  /** Data rows (the header excluded). */
  maxRows: 20_000,
  /** Bytes an XLSX file may unpack to, all its parts together (a zip bomb is refused). */
  maxUnpackedBytes: 100 * 1024 * 1024,
  /** Characters of the comment. */
  maxComment: 255,
} as const;

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What a template or an upload is called, and what a file input accepts. */
export const IMPORT_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const templateName = (format: ImportFormat) => `modele-import-utilisateurs.${format}`;

/**
 * The import form's checkbox for UserImportLog.sendMailImmediatly, worded as a choice (the
 * property's label, « Envoi immédiat des e-mails », heads the history's column); the
 * documentation page quotes it.
 */
export const SEND_MAIL_CHOICE = 'Envoyer les e-mails immédiatement';

/** An import's state: started while it runs, then the worst of its rows. */
export type ImportStatus = 'started' | 'success' | 'warning' | 'failed';
/** A row's outcome. */
export type RowStatus = 'success' | 'warning' | 'failed';

export const STATUS_LABELS: Record<ImportStatus, string> = {
  started: 'En cours',
  success: 'Réussi',
  warning: 'Avertissement',
  failed: 'Échec',
};

/** Spec §4: a history row: failed 3, warning 2, otherwise 1. */
export function rowWarningLevel(status: string | null | undefined): 1 | 2 | 3 {
  if (status === 'failed') return 3;
  if (status === 'warning') return 2;
  return 1;
}

/** Spec §4: an import log: started or failed 3, warning 2, otherwise 1. */
export function logWarningLevel(status: string | null | undefined): 1 | 2 | 3 {
  if (status === 'started' || status === 'failed') return 3;
  if (status === 'warning') return 2;
  return 1;
}

/** An import's outcome from its rows' counts: any failed row fails it, any warning warns. */
export function importOutcome(counts: { failed: number; warning: number }): ImportStatus {
  if (counts.failed > 0) return 'failed';
  if (counts.warning > 0) return 'warning';
  return 'success';
}

/** Spec §9: a duration as HH:mm:ss (hours past 99 kept whole); '-' while not ended. */
export function importDuration(
  startedAt: string | Date | null | undefined,
  endedAt: string | Date | null | undefined,
): string {
  if (!startedAt || !endedAt) return '-';
  const ms = new Date(endedAt).getTime() - new Date(startedAt).getTime();
  if (!Number.isFinite(ms) || ms < 0) return '-';
  const seconds = Math.floor(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

/** What the hub tells the importer on `login/{login}/{uuid}` while an import runs. */
export type ImportMessage =
  | { id: number; status: 'progress'; processed: number; total: number }
  | {
      id: number;
      status: 'done';
      processStatus: ImportStatus;
      total: number;
      success: number;
      warning: number;
      failed: number;
    }
  | { id: number; status: 'error'; message: string };

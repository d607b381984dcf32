// Bulk user imports (spec administration §3 "Import log", "User import history row"; §7 "Import
// logs"): GET /api/user_import_logs (the history), GET /api/user_import_logs/{id} and its rows
// at GET /api/user_import_logs/{id}/user_import_histories. An import is created by uploading a
// file (POST /api/user_import_logs, multipart), never by a JSON write: server/src/userImports/.
// Whoever holds USERS_MANAGEMENT sees the imports of its scope: the operator's administrators
// all of them, a partner administrator those made by its partner's users.
import { defineClass, idProperty, type PropertyDecl } from './types.ts';

const MANAGE = ['USERS_MANAGEMENT'];

const statusOf = (column: string, description: string) =>
  ({
    type: 'string',
    label: 'Statut',
    description,
    column,
    sort: { cursor: false },
    filter: 'exact',
  }) as const satisfies PropertyDecl;

const at = (label: string, column: string, nullable = false) =>
  ({ type: 'dateTime', label, column, nullable, sort: true, filter: 'date' }) as const;

const count = (label: string, column: string) =>
  ({ type: 'integer', label, column, sort: true }) as const satisfies PropertyDecl;

export const UserImportLog = defineClass({
  name: 'UserImportLog',
  resource: 'userImportLogs',
  title: "Import d'utilisateurs",
  plural: "Imports d'utilisateurs",
  description:
    'Un fichier d’utilisateurs importé : qui, quand, avec quel commentaire, et comment ses lignes se sont terminées.',
  paths: { collection: '/api/user_import_logs' },
  table: 'user_import_log',
  display: 'fileName',
  access: { read: MANAGE },
  // Started and ended by the import routes (server/src/users/imports), announced on its topic.
  liveTopic: true,
  messages: {
    notFound: 'Cet import est introuvable.',
    // Spec administration §8: import logs and user list share this message.
    loadError: 'Une erreur est survenue durant le chargement des utilisateurs',
  },
  // Spec administration §9: other lists by ID ascending; the history shows the latest first.
  defaultOrder: [{ field: 'id', direction: 'desc' }],
  // Computed by the screens from startedAt and endedAt.
  shown: { duration: 'Durée' },
  filters: {
    'importer.id': {
      kind: 'iri',
      label: 'Importé par',
      type: 'integer',
      column: 'user_import_log.importer_id',
      aliases: ['importer'],
    },
  },
  properties: {
    id: idProperty('user_import_log'),
    importer: {
      type: 'json',
      label: 'Importé par',
      description:
        "L'utilisateur qui a importé le fichier : { id, firstname, lastname, username }.",
      nullable: true,
      sort: { column: 'user_import_log.importer_id' },
    },
    fileName: {
      type: 'string',
      label: 'Fichier',
      column: 'user_import_log.file_name',
      filter: 'partial',
      sort: true,
    },
    comment: {
      type: 'string',
      label: 'Commentaire',
      column: 'user_import_log.comment',
      nullable: true,
      filter: 'partial',
    },
    sendMailImmediatly: {
      type: 'boolean',
      label: 'Envoi immédiat des e-mails',
      description: 'Spec administration §3 (orthographe de l’API) : OUI ou NON à l’écran.',
      column: 'user_import_log.send_mail_immediately',
      filter: 'exact',
      sort: { cursor: false },
    },
    processStatus: statusOf(
      'user_import_log.process_status',
      'started (en cours), success, warning (au moins une ligne en avertissement) ou failed (au moins une ligne en échec, ou le fichier entier).',
    ),
    startedAt: at('Début', 'user_import_log.started_at'),
    endedAt: at('Fin', 'user_import_log.ended_at', true),
    errorMessage: {
      type: 'string',
      label: 'Message',
      column: 'user_import_log.error_message',
      nullable: true,
    },
    rowCount: count('Lignes', 'user_import_log.row_count'),
    processedCount: count('Lignes traitées', 'user_import_log.processed_count'),
    successCount: count('Créés', 'user_import_log.success_count'),
    warningCount: count('Avertissements', 'user_import_log.warning_count'),
    failedCount: count('Échecs', 'user_import_log.failed_count'),
  },
});

export const UserImportHistory = defineClass({
  name: 'UserImportHistory',
  resource: 'userImportHistories',
  title: "Ligne d'import",
  gender: 'f',
  plural: "Lignes d'import",
  description:
    'Une ligne d’un fichier importé : le compte qu’elle décrit et ce qu’il en est advenu.',
  // Listed under their import only (/api/user_import_logs/{id}/user_import_histories).
  paths: { item: '/api/user_import_histories' },
  display: 'email',
  access: { read: MANAGE },
  messages: {
    notFound: "Cette ligne d'import est introuvable.",
    loadError: 'Une erreur est survenue durant le chargement des utilisateurs',
  },
  // The file's order.
  defaultOrder: [{ field: 'line', direction: 'asc' }],
  properties: {
    id: idProperty('user_import_history'),
    line: {
      type: 'integer',
      label: 'Ligne',
      description: 'Le numéro de la ligne dans le fichier (l’en-tête est la ligne 1).',
      column: 'user_import_history.line',
      sort: true,
    },
    organisation: {
      type: 'json',
      label: 'Organisation',
      description: "L'organisation du compte : { id, legalname }.",
      nullable: true,
    },
    userId: {
      type: 'integer',
      label: 'Utilisateur',
      description: 'Le compte créé (ou déjà existant) ; vide en échec.',
      column: 'user_import_history.user_id',
      nullable: true,
      filter: 'exact',
    },
    lastname: {
      type: 'string',
      label: 'Nom',
      column: 'user_import_history.lastname',
      nullable: true,
      filter: 'partial',
      sort: true,
    },
    firstname: {
      type: 'string',
      label: 'Prénom',
      column: 'user_import_history.firstname',
      nullable: true,
      filter: 'partial',
      sort: true,
    },
    email: {
      type: 'string',
      label: 'Adresse e-mail',
      column: 'user_import_history.email',
      nullable: true,
      filter: 'partial',
      sort: true,
    },
    username: {
      type: 'string',
      label: "Nom d'utilisateur",
      column: 'user_import_history.username',
      nullable: true,
      filter: 'partial',
    },
    processStatus: statusOf(
      'user_import_history.process_status',
      'success (compte créé), warning (ligne ignorée ou e-mail non envoyé) ou failed (rien créé).',
    ),
    errorMessage: {
      type: 'string',
      label: 'Message',
      column: 'user_import_history.error_message',
      nullable: true,
    },
    emailSent: {
      type: 'boolean',
      label: 'E-mail envoyé',
      column: 'user_import_history.email_sent',
      filter: 'exact',
      sort: { cursor: false },
    },
    emailSentAt: at('E-mail envoyé le', 'user_import_history.email_sent_at', true),
    createdAt: at('Créé le', 'user_import_history.created_at'),
    author: {
      type: 'string',
      label: 'Auteur',
      description: "Le prénom et le nom de l'importateur.",
      nullable: true,
    },
    authorUsername: {
      type: 'string',
      label: "Nom d'utilisateur de l'auteur",
      nullable: true,
    },
    regroupementKey: {
      type: 'string',
      label: 'Clé de regroupement',
      column: 'user_import_history.regroupement_key',
      nullable: true,
      filter: 'partial',
    },
  },
});

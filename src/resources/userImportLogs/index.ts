import ImportIcon from '@mui/icons-material/UploadFile';
import type { Declaration } from '../types.ts';

// Bulk user imports and their history (administration §2), API collection user_import_logs.
export const userImportLogs: Declaration = {
  name: 'userImportLogs',
  isResource: true,
  label: { one: "Import d'utilisateurs", many: "Imports d'utilisateurs" },
  icon: ImportIcon,
  // administration §9: other lists by ID ascending.
  defaultSort: { field: 'id', order: 'ASC' },
  routes: [
    {
      path: '/users/imports',
      kind: 'page',
      title: 'Importer des utilisateurs',
      guard: { right: 'usersImport' },
      menu: { subEntry: { parent: 'users', label: 'Importer' } },
    },
    {
      path: '/users/imports/list',
      kind: 'list',
      title: 'Historique des imports',
      guard: { right: 'usersImport' },
      menu: { subEntry: { parent: 'users', label: 'Historique' } },
    },
    {
      path: '/users/imports/documentation',
      kind: 'page',
      title: "Documentation de l'import",
      guard: { right: 'usersImport' },
    },
    {
      path: '/users/imports/:id',
      kind: 'show',
      title: "Détail de l'import",
      guard: { right: 'usersImport' },
    },
  ],
};

import ImportIcon from '@mui/icons-material/UploadFile';
import { UserImportLog } from '../../domain/schema/userImport.ts';
import { lazyPage } from '../../providers/lazyPage.ts';
import { fromClass } from '../fromClass.ts';
import type { Declaration } from '../types.ts';

// Bulk user imports and their history (administration §2), API collection user_import_logs.
// Its name, labels, default order (§9: the history shows the latest first) and API paths come
// from the class (src/domain/schema/userImport.ts).
export const userImportLogs: Declaration = {
  ...fromClass(UserImportLog),
  icon: ImportIcon,
  routes: [
    {
      path: '/users/imports',
      kind: 'page',
      title: 'Importer des utilisateurs',
      guard: { right: 'usersImport' },
      menu: { subEntry: { parent: 'users', label: 'Importer' } },
      page: lazyPage(() => import('./UserImportPage.tsx'), 'UserImportPage'),
    },
    {
      path: '/users/imports/list',
      kind: 'list',
      title: 'Historique des imports',
      guard: { right: 'usersImport' },
      menu: { subEntry: { parent: 'users', label: 'Historique' } },
      page: lazyPage(() => import('./UserImportLogList.tsx'), 'UserImportLogList'),
    },
    {
      path: '/users/imports/documentation',
      kind: 'page',
      title: "Documentation de l'import",
      guard: { right: 'usersImport' },
      page: lazyPage(() => import('./UserImportDocumentation.tsx'), 'UserImportDocumentation'),
    },
    {
      path: '/users/imports/:id',
      kind: 'show',
      title: "Détail de l'import",
      guard: { right: 'usersImport' },
      page: lazyPage(() => import('./UserImportLogShow.tsx'), 'UserImportLogShow'),
    },
  ],
};

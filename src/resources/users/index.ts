import UserIcon from '@mui/icons-material/People';
import { User } from '../../domain/schema/user.ts';
import { lazyPage } from '../../providers/lazyPage.ts';
import { fromClass } from '../fromClass.ts';
import type { Declaration } from '../types.ts';

const ownProfilePage = lazyPage(
  () => import('../../pages/profile/OwnProfilePage.tsx'),
  'OwnProfilePage',
);

// User accounts (administration §2). The Utilisateurs entry opens a submenu: Liste and Ajouter
// are declared here, Importer and Historique by userImportLogs, Groupes partenaires by
// accessGroups.
// Its name, labels, default order (§9: by ID ascending) and API paths (creations POSTed to
// /api/users/create, §7) come from the class (src/domain/schema/user.ts).
const form = (name: 'UserCreate' | 'UserEdit') => lazyPage(() => import('./UserForm.tsx'), name);

export const users: Declaration = {
  ...fromClass(User),
  icon: UserIcon,
  routes: [
    {
      path: '/users/list',
      kind: 'list',
      title: 'Utilisateurs',
      guard: { right: 'usersList' },
      menu: {
        entry: { label: 'Utilisateurs', rule: { anyOf: ['USERS_MANAGEMENT'] } },
        subEntry: { parent: 'users', label: 'Liste' },
      },
      page: lazyPage(() => import('./UserList.tsx'), 'UserList'),
    },
    {
      path: '/users/create',
      kind: 'create',
      title: 'Nouvel utilisateur',
      guard: { right: 'usersCreate' },
      menu: { subEntry: { parent: 'users', label: 'Ajouter' } },
      page: form('UserCreate'),
    },
    {
      path: '/users/:id',
      kind: 'show',
      title: 'Utilisateur',
      guard: { right: 'usersOther' },
      page: lazyPage(() => import('./UserShow.tsx'), 'UserShow'),
    },
    {
      path: '/users/:id?/update',
      kind: 'edit',
      title: "Modifier l'utilisateur",
      guard: { right: 'usersOther' },
      page: form('UserEdit'),
    },
    // The signed-in user's own profile: any signed-in user (user area).
    {
      path: '/user/profile',
      kind: 'page',
      title: 'Mon profil',
      guard: { area: 'user' },
      page: ownProfilePage,
    },
  ],
};

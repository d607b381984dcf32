import UserIcon from '@mui/icons-material/People';
import type { Declaration } from '../types.ts';

// User accounts (administration §2). The Utilisateurs entry opens a submenu: Liste and Ajouter
// are declared here, Importer and Historique by userImportLogs, Groupes partenaires by
// accessGroups.
export const users: Declaration = {
  name: 'users',
  isResource: true,
  label: { one: 'Utilisateur', many: 'Utilisateurs' },
  icon: UserIcon,
  // administration §9: users by ID ascending.
  defaultSort: { field: 'id', order: 'ASC' },
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
    },
    {
      path: '/users/create',
      kind: 'create',
      title: 'Nouvel utilisateur',
      guard: { right: 'usersCreate' },
      menu: { subEntry: { parent: 'users', label: 'Ajouter' } },
    },
    { path: '/users/:id', kind: 'show', title: 'Utilisateur', guard: { right: 'usersOther' } },
    {
      path: '/users/:id?/update',
      kind: 'edit',
      title: "Modifier l'utilisateur",
      guard: { right: 'usersOther' },
    },
    // The signed-in user's own profile: any signed-in user (user area).
    { path: '/user/profile', kind: 'page', title: 'Mon profil', guard: { area: 'user' } },
  ],
};

import GroupIcon from '@mui/icons-material/Groups';
import type { Declaration } from '../types.ts';

// Partner access groups (administration §2). Under /admin but opened by USERS_MANAGEMENT, not by
// the admin area: partner administrators manage their groups from the Utilisateurs submenu.
export const accessGroups: Declaration = {
  name: 'accessGroups',
  isResource: true,
  label: { one: 'Groupe partenaire', many: 'Groupes partenaires' },
  icon: GroupIcon,
  // administration §9: other lists by ID ascending.
  defaultSort: { field: 'id', order: 'ASC' },
  routes: [
    {
      path: '/admin/groups/list',
      kind: 'list',
      title: 'Groupes partenaires',
      guard: { right: 'partnerGroups' },
      menu: { subEntry: { parent: 'users', label: 'Groupes partenaires' } },
    },
    {
      path: '/admin/groups/:id',
      kind: 'show',
      title: 'Groupe partenaire',
      guard: { right: 'partnerGroups' },
    },
  ],
};

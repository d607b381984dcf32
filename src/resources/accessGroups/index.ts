import GroupIcon from '@mui/icons-material/Groups';
import { AccessGroup } from '../../domain/schema/accessGroup.ts';
import { lazyPage } from '../../providers/lazyPage.ts';
import { fromClass } from '../fromClass.ts';
import type { Declaration } from '../types.ts';

// Partner access groups (administration §2, §7; src/domain/schema/accessGroup.ts). Under /admin
// but opened by USERS_MANAGEMENT, not by the admin area: partner administrators manage their
// groups from the Utilisateurs submenu. The API scopes them (docs/security.md).
const guard = { right: 'partnerGroups' } as const;
const base = fromClass(AccessGroup);

export const accessGroups: Declaration = {
  ...base,
  // Spec administration §7, §9: the group list is kept 3 hours per user (emptied by any write).
  api: { ...base.api, cached: true },
  icon: GroupIcon,
  routes: [
    {
      path: '/admin/groups/list',
      kind: 'list',
      title: 'Groupes partenaires',
      guard,
      menu: { subEntry: { parent: 'users', label: 'Groupes partenaires' } },
      page: lazyPage(() => import('./AccessGroupList.tsx'), 'AccessGroupList'),
    },
    {
      path: '/admin/groups/create',
      kind: 'create',
      title: 'Nouveau groupe partenaire',
      guard,
      page: lazyPage(() => import('./AccessGroupForm.tsx'), 'AccessGroupCreate'),
    },
    {
      path: '/admin/groups/:id',
      kind: 'show',
      title: 'Groupe partenaire',
      guard,
      page: lazyPage(() => import('./AccessGroupShow.tsx'), 'AccessGroupShow'),
    },
    {
      path: '/admin/groups/:id/edit',
      kind: 'edit',
      title: 'Modifier le groupe partenaire',
      guard,
      page: lazyPage(() => import('./AccessGroupForm.tsx'), 'AccessGroupEdit'),
    },
  ],
};

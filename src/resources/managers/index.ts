import ManagerIcon from '@mui/icons-material/ManageAccounts';
import { lazyPage } from '../../providers/lazyPage.ts';
import type { Declaration } from '../types.ts';

// Managers (supervisors): the partner-admin area (PROFILE_ADMIN_PARTNER) of spec §6.
export const managers: Declaration = {
  name: 'managers',
  isResource: true,
  label: { one: 'Manager', many: 'Managers' },
  icon: ManagerIcon,
  // No order in spec §9: the server's, by last name then first name.
  defaultSort: { field: 'employee.lastname', order: 'ASC' },
  api: { collection: '/api/supervisors', sortAliases: { type: 'userType.label' } },
  routes: [
    {
      path: '/managers/liste',
      kind: 'list',
      title: 'Managers',
      guard: { area: 'partnerAdmin' },
      menu: {
        entry: {
          label: 'Managers',
          rule: {
            anyOf: ['PROFILE_ADMIN_AGEO', 'VIEW_MANAGER'],
            hiddenForGiven: ['PROFILE_MANAGER'],
          },
        },
      },
      page: lazyPage(() => import('./ManagerList.tsx'), 'ManagerList'),
    },
    {
      path: '/managers/create',
      kind: 'create',
      title: 'Nouveau manager',
      guard: { area: 'partnerAdmin' },
      page: lazyPage(() => import('./ManagerCreate.tsx'), 'ManagerCreate'),
    },
    {
      path: '/managers/:id?',
      kind: 'show',
      title: 'Manager',
      guard: { area: 'partnerAdmin' },
      page: lazyPage(() => import('./ManagerShow.tsx'), 'ManagerShow'),
    },
  ],
};

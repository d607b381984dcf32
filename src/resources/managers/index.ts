import ManagerIcon from '@mui/icons-material/ManageAccounts';
import { Supervisor } from '../../domain/schema/seller.ts';
import { lazyPage } from '../../providers/lazyPage.ts';
import { fromClass } from '../fromClass.ts';
import type { Declaration } from '../types.ts';

// Managers (supervisors): the partner-admin area (PROFILE_ADMIN_PARTNER) of spec §6.
export const managers: Declaration = {
  ...fromClass(Supervisor),
  icon: ManagerIcon,
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

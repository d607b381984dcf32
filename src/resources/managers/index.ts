import ManagerIcon from '@mui/icons-material/ManageAccounts';
import type { Declaration } from '../types.ts';

// Managers (supervisors): the partner-admin area (PROFILE_ADMIN_PARTNER) of spec §6.
export const managers: Declaration = {
  name: 'managers',
  isResource: true,
  label: { one: 'Manager', many: 'Managers' },
  icon: ManagerIcon,
  defaultSort: { field: 'id', order: 'ASC' },
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
    },
    {
      path: '/managers/create',
      kind: 'create',
      title: 'Nouveau manager',
      guard: { area: 'partnerAdmin' },
    },
    { path: '/managers/:id?', kind: 'show', title: 'Manager', guard: { area: 'partnerAdmin' } },
  ],
};

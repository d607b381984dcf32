import AdminIcon from '@mui/icons-material/AdminPanelSettings';
import { ADMIN_MENU_ROLE } from '../../domain/access.ts';
import { lazyPage } from '../../providers/lazyPage.ts';
import type { Declaration } from '../types.ts';

const adminDashboard = lazyPage(() => import('./AdminDashboard.tsx'), 'AdminDashboard');
const rightsDashboard = lazyPage(() => import('./RightsDashboard.tsx'), 'RightsDashboard');
const wholesalersDashboard = lazyPage(
  () => import('./WholesalersDashboard.tsx'),
  'WholesalersDashboard',
);

// The operator's administration dashboards: the admin area (PROFILE_ADMIN_AGEO) of spec §6.
// The menu entry needs ADMIN_MENU_ROLE (VIEW_ADMIN); the pages themselves need the admin profile.
export const admin: Declaration = {
  name: 'admin',
  isResource: false,
  label: { one: 'Administration', many: 'Administration' },
  icon: AdminIcon,
  routes: [
    {
      path: '/admin/dashboard',
      kind: 'page',
      title: 'Administration',
      guard: { area: 'admin' },
      page: adminDashboard,
      menu: {
        entry: { label: 'Admin', rule: { anyOf: [ADMIN_MENU_ROLE] } },
        // Its submenu: the dashboard, the rights' and the wholesalers' dashboards below, then
        // the journal d'audit (src/domain/schema/audit.ts).
        subEntry: { parent: 'admin', label: 'Tableau de bord' },
      },
    },
    {
      path: '/admin/droits/dashboard',
      kind: 'page',
      title: 'Droits et profils',
      guard: { area: 'admin' },
      page: rightsDashboard,
      menu: { subEntry: { parent: 'admin', label: 'Droits et profils' } },
    },
    {
      path: '/admin/grossistes/dashboard',
      kind: 'page',
      title: 'Grossistes',
      guard: { area: 'admin' },
      page: wholesalersDashboard,
      menu: { subEntry: { parent: 'admin', label: 'Grossistes' } },
    },
  ],
};

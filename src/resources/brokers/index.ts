import BrokerIcon from '@mui/icons-material/SupportAgent';
import { lazyPage } from '../../providers/lazyPage.ts';
import type { Declaration } from '../types.ts';

// Sellers (vendeurs): the supervisor area (PROFILE_MANAGER) of spec §6.
export const brokers: Declaration = {
  name: 'brokers',
  isResource: true,
  label: { one: 'Vendeur', many: 'Vendeurs' },
  icon: BrokerIcon,
  // No order in spec §9: the server's, by last name then first name.
  defaultSort: { field: 'employee.lastname', order: 'ASC' },
  api: { collection: '/api/brokers', sortAliases: { type: 'userType.label' } },
  routes: [
    {
      path: '/brokers/list',
      kind: 'list',
      title: 'Vendeurs',
      guard: { area: 'supervisor' },
      menu: {
        entry: { label: 'Vendeurs', rule: { anyOf: ['PROFILE_ADMIN_AGEO', 'VIEW_SELLER'] } },
      },
      page: lazyPage(() => import('./BrokerList.tsx'), 'BrokerList'),
    },
    {
      path: '/brokers/create',
      kind: 'create',
      title: 'Nouveau vendeur',
      guard: { area: 'supervisor' },
      page: lazyPage(() => import('./BrokerCreate.tsx'), 'BrokerCreate'),
    },
    {
      path: '/brokers/:id?',
      kind: 'show',
      title: 'Vendeur',
      guard: { area: 'supervisor' },
      page: lazyPage(() => import('./BrokerShow.tsx'), 'BrokerShow'),
    },
  ],
};

import BrokerIcon from '@mui/icons-material/SupportAgent';
import { Broker } from '../../domain/schema/seller.ts';
import { lazyPage } from '../../providers/lazyPage.ts';
import { fromClass } from '../fromClass.ts';
import type { Declaration } from '../types.ts';

// Sellers (vendeurs): the supervisor area (PROFILE_MANAGER) of spec §6.
export const brokers: Declaration = {
  ...fromClass(Broker),
  icon: BrokerIcon,
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

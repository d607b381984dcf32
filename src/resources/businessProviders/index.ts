import BusinessProviderIcon from '@mui/icons-material/Handshake';
import { lazyPage } from '../../providers/lazyPage.ts';
import type { Declaration } from '../types.ts';

// Business referrers (apporteurs).
export const businessProviders: Declaration = {
  name: 'businessProviders',
  isResource: true,
  label: { one: 'Apporteur', many: 'Apporteurs' },
  icon: BusinessProviderIcon,
  // spec §9: providers by legalname.
  defaultSort: { field: 'legalname', order: 'ASC' },
  api: { collection: '/api/businessProviders' },
  routes: [
    {
      path: '/apporteurs/liste',
      kind: 'list',
      title: 'Apporteurs',
      guard: { area: 'broker' },
      menu: { entry: { label: 'Apporteurs', rule: { anyOf: ['PROFILE_SELLER'] } } },
      page: lazyPage(() => import('./BusinessProviderList.tsx'), 'BusinessProviderList'),
    },
    {
      path: '/apporteurs/:id?',
      kind: 'show',
      title: 'Apporteur',
      guard: { area: 'broker' },
      page: lazyPage(() => import('./BusinessProviderShow.tsx'), 'BusinessProviderShow'),
    },
  ],
};

import CustomerIcon from '@mui/icons-material/Business';
import { lazyPage } from '../../providers/lazyPage.ts';
import type { Declaration } from '../types.ts';

// Subscriber companies (souscripteurs, "Clients" in the routes).
export const customers: Declaration = {
  name: 'customers',
  isResource: true,
  label: { one: 'Souscripteur', many: 'Souscripteurs' },
  icon: CustomerIcon,
  // spec §9: customers by ID ascending.
  defaultSort: { field: 'id', order: 'ASC' },
  api: { collection: '/api/customers' },
  routes: [
    {
      path: '/Clients/liste',
      kind: 'list',
      title: 'Souscripteurs',
      guard: { area: 'broker' },
      menu: { entry: { label: 'Souscripteurs', rule: { anyOf: ['PROFILE_SELLER'] } } },
      page: lazyPage(() => import('./CustomerList.tsx'), 'CustomerList'),
    },
    {
      path: '/Clients/:id?',
      kind: 'show',
      title: 'Souscripteur',
      guard: { area: 'broker' },
      page: lazyPage(() => import('./CustomerShow.tsx'), 'CustomerShow'),
    },
  ],
};

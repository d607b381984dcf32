import InsuredIcon from '@mui/icons-material/FamilyRestroom';
import { lazyPage } from '../../providers/lazyPage.ts';
import type { Declaration } from '../types.ts';

// Insured persons: listed as affiliates (/affilies), shown as insured (/assures).
export const insureds: Declaration = {
  name: 'insureds',
  isResource: true,
  label: { one: 'Assuré', many: 'Assurés' },
  icon: InsuredIcon,
  // spec §9: affiliates by startAt descending.
  defaultSort: { field: 'startAt', order: 'DESC' },
  api: { collection: '/api/assures' },
  routes: [
    {
      path: '/affilies/liste',
      kind: 'list',
      title: 'Assurés',
      guard: { area: 'broker' },
      menu: { entry: { label: 'Assurés', rule: { anyOf: ['PROFILE_SELLER'] } } },
      page: lazyPage(() => import('./InsuredList.tsx'), 'InsuredList'),
    },
    {
      path: '/assures/:id?',
      kind: 'show',
      title: 'Assuré',
      guard: { area: 'broker' },
      page: lazyPage(() => import('./InsuredShow.tsx'), 'InsuredShow'),
    },
  ],
};

import CommissionIcon from '@mui/icons-material/Euro';
import { lazyPage } from '../../providers/lazyPage.ts';
import type { Declaration } from '../types.ts';

const CommissionList = lazyPage(() => import('./CommissionList.tsx'), 'CommissionList');

export const commissions: Declaration = {
  name: 'commissions',
  isResource: true,
  label: { one: 'Commission', many: 'Commissions' },
  icon: CommissionIcon,
  // No order is given for commissions (spec §9): the server's, newest start first.
  defaultSort: { field: 'startAt', order: 'DESC' },
  api: { collection: '/api/commissions' },
  routes: [
    // The spec lists /Commission/list while its menu links /commission/list; both are declared
    // so that both bookmarks keep working (React Router would match either one case-blind).
    {
      path: '/Commission/list',
      kind: 'list',
      title: 'Commissions',
      guard: { area: 'broker', right: 'commissions' },
      page: CommissionList,
    },
    {
      path: '/commission/list',
      kind: 'list',
      title: 'Commissions',
      guard: { area: 'broker', right: 'commissions' },
      menu: { entry: { label: 'Commissions', rule: { anyOf: ['VIEW_COMMISSIONS'] } } },
      page: CommissionList,
    },
  ],
};

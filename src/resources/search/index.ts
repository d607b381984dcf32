import SearchIcon from '@mui/icons-material/Search';
import { lazyPage } from '../../providers/lazyPage.ts';
import type { Declaration } from '../types.ts';

// Full-text search results (administration §2): any signed-in user (user area). The header's
// search box (src/layout/HeaderSearch.tsx) opens /recherche?q=...
export const search: Declaration = {
  name: 'search',
  isResource: false,
  label: { one: 'Recherche', many: 'Recherche' },
  icon: SearchIcon,
  routes: [
    {
      path: '/recherche',
      kind: 'page',
      title: 'Recherche',
      guard: { area: 'user' },
      page: lazyPage(() => import('./SearchPage.tsx'), 'SearchPage'),
    },
  ],
};

import SearchIcon from '@mui/icons-material/Search';
import type { Declaration } from '../types.ts';

// Full-text search results (administration §2): any signed-in user (user area).
export const search: Declaration = {
  name: 'search',
  isResource: false,
  label: { one: 'Recherche', many: 'Recherche' },
  icon: SearchIcon,
  routes: [{ path: '/recherche', kind: 'page', title: 'Recherche', guard: { area: 'user' } }],
};

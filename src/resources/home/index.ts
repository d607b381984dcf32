import HomeIcon from '@mui/icons-material/Home';
import { lazy } from 'react';
import type { Declaration } from '../types.ts';

// The home page: open to whoever reached the app (the sign-in flow already ran).
export const home: Declaration = {
  name: 'home',
  isResource: false,
  label: { one: 'Accueil', many: 'Accueil' },
  icon: HomeIcon,
  routes: [
    {
      path: '/',
      kind: 'page',
      title: 'Accueil',
      guard: {},
      page: lazy(() => import('../../pages/home/HomePage.tsx')),
    },
  ],
};

import ProductIcon from '@mui/icons-material/Inventory2';
import { lazyPage } from '../../providers/lazyPage.ts';
import type { Declaration } from '../types.ts';

export const products: Declaration = {
  name: 'products',
  isResource: true,
  label: { one: 'Produit', many: 'Produits' },
  icon: ProductIcon,
  // No order is given for products in spec §9: by name, as the catalogue is (docs/api.md).
  defaultSort: { field: 'lbProduit', order: 'ASC' },
  api: { collection: '/api/products' },
  routes: [
    {
      path: '/Produits/liste',
      kind: 'list',
      title: 'Produits',
      guard: { area: 'broker' },
      menu: { entry: { label: 'Produits', rule: { anyOf: ['PROFILE_SELLER'] } } },
      page: lazyPage(() => import('./ProductList.tsx'), 'ProductList'),
    },
    {
      path: '/Produits/:id?',
      kind: 'show',
      title: 'Produit',
      guard: { area: 'broker' },
      page: lazyPage(() => import('./ProductShow.tsx'), 'ProductShow'),
    },
  ],
};

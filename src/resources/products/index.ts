import ProductIcon from '@mui/icons-material/Inventory2';
import type { Declaration } from '../types.ts';

export const products: Declaration = {
  name: 'products',
  isResource: true,
  label: { one: 'Produit', many: 'Produits' },
  icon: ProductIcon,
  // No order is given for products (spec §9): the house default, by id ascending.
  defaultSort: { field: 'id', order: 'ASC' },
  api: { collection: '/api/products', sortAliases: { risk: 'lbType' } },
  routes: [
    {
      path: '/Produits/liste',
      kind: 'list',
      title: 'Produits',
      guard: { area: 'broker' },
      menu: { entry: { label: 'Produits', rule: { anyOf: ['PROFILE_SELLER'] } } },
    },
    { path: '/Produits/:id?', kind: 'show', title: 'Produit', guard: { area: 'broker' } },
  ],
};

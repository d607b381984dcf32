import ContractIcon from '@mui/icons-material/Description';
import { Contract } from '../../domain/schema/contract.ts';
import { lazyPage } from '../../providers/lazyPage.ts';
import { fromClass } from '../fromClass.ts';
import type { Declaration } from '../types.ts';

export const contracts: Declaration = {
  ...fromClass(Contract),
  icon: ContractIcon,
  routes: [
    {
      path: '/contrats/liste',
      kind: 'list',
      title: 'Contrats',
      guard: { area: 'broker' },
      menu: { entry: { label: 'Contrats', rule: { anyOf: ['PROFILE_SELLER'] } } },
      page: lazyPage(() => import('./ContractList.tsx'), 'ContractList'),
    },
    {
      path: '/contrats/:id?',
      kind: 'show',
      title: 'Contrat',
      guard: { area: 'broker' },
      page: lazyPage(() => import('./ContractShow.tsx'), 'ContractShow'),
    },
  ],
};

import ContractIcon from '@mui/icons-material/Description';
import { lazyPage } from '../../providers/lazyPage.ts';
import type { Declaration } from '../types.ts';

export const contracts: Declaration = {
  name: 'contracts',
  isResource: true,
  label: { one: 'Contrat', many: 'Contrats' },
  icon: ContractIcon,
  // spec §9: contracts by dateDebVal, descending in most lists.
  defaultSort: { field: 'dateDebVal', order: 'DESC' },
  api: {
    collection: '/api/contrats',
    item: '/api/contracts',
    // spec §7 sort aliases.
    sortAliases: {
      businessProviders: 'organizations.organization.id',
      insuranceCompanies: 'organizations.organization.id',
      risk: 'lbType',
      // The derived type agrees with the stored contract type (server/src/db/seed facts).
      type: 'contractType',
      nbrInsuredActive: 'nbrInsured',
    },
  },
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

import ContractIcon from '@mui/icons-material/Description';
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
    },
    { path: '/contrats/:id?', kind: 'show', title: 'Contrat', guard: { area: 'broker' } },
  ],
};

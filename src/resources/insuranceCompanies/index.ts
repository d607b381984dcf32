import CompanyIcon from '@mui/icons-material/AccountBalance';
import { lazyPage } from '../../providers/lazyPage.ts';
import type { Declaration } from '../types.ts';

// Insurance companies (mutuelles, "Compagnies" in the menu).
export const insuranceCompanies: Declaration = {
  name: 'insuranceCompanies',
  isResource: true,
  label: { one: 'Compagnie', many: 'Compagnies' },
  icon: CompanyIcon,
  // spec §9: companies by legalname.
  defaultSort: { field: 'legalname', order: 'ASC' },
  api: { collection: '/api/insuranceOfCompanies' },
  routes: [
    {
      path: '/mutuelles/liste',
      kind: 'list',
      title: 'Compagnies',
      guard: { area: 'broker' },
      menu: { entry: { label: 'Compagnies', rule: { anyOf: ['PROFILE_SELLER'] } } },
      page: lazyPage(() => import('./InsuranceCompanyList.tsx'), 'InsuranceCompanyList'),
    },
    {
      path: '/mutuelles/:id?',
      kind: 'show',
      title: 'Compagnie',
      guard: { area: 'broker' },
      page: lazyPage(() => import('./InsuranceCompanyShow.tsx'), 'InsuranceCompanyShow'),
    },
  ],
};

// /mutuelles/{id}: an insurance company (GET /api/insuranceOfCompanies/{id}: no ORIAS, missing
// values empty), the contracts it is linked to (GET /api/contrats?contractCompanies.organization=
// {id}, spec §7) and the products of those contracts.
import { OrganizationShow } from '../businessProviders/OrganizationShow.tsx';
import type { PageProps } from '../types.ts';

export const InsuranceCompanyShow = ({ title }: PageProps) => (
  <OrganizationShow title={title} kind="company" />
);

// /apporteurs/{id}: a business provider (GET /api/businessProviders/{id}), the contracts it is
// linked to (GET /api/contrats?contractBusinessProviders.organization={id}, spec §7) and the
// products of those contracts (GET /api/products?contracts.organizations.organization.id={id}).
import type { PageProps } from '../types.ts';
import { OrganizationShow } from './OrganizationShow.tsx';

export const BusinessProviderShow = ({ title }: PageProps) => (
  <OrganizationShow title={title} kind="businessProvider" />
);

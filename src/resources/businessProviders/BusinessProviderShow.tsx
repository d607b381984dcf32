// /apporteurs/{id}: a business provider (GET /api/businessProviders/{id}), the contracts it is
// linked to (GET /api/contrats?contractBusinessProviders.organization={id}, spec §7) and the
// products of those contracts (GET /api/products?contracts.organizations.organization.id={id}).
import { LOAD_ERRORS, MISSING_IDS, SpecShow } from '../../components/list/index.ts';
import { ContractsOf } from '../contracts/ContractsOf.tsx';
import { ProductsOf } from '../products/ProductsOf.tsx';
import type { PageProps } from '../types.ts';
import { DetailBody, Section } from './detailParts.tsx';
import { OrganizationFacts } from './organization.tsx';

export function BusinessProviderShow({ title }: PageProps) {
  return (
    <SpecShow
      title={title}
      recordName={(provider) => provider.legalname}
      loadError={LOAD_ERRORS.businessProvider}
      missingId={MISSING_IDS.businessProvider}
    >
      <DetailBody>
        <OrganizationFacts kind="businessProvider" />
        <Section title="Contrats">
          <ContractsOf
            target="contractBusinessProviders.organization"
            loadError={LOAD_ERRORS.contractsOfProvider}
          />
        </Section>
        <Section title="Produits">
          <ProductsOf target="contracts.organizations.organization.id" />
        </Section>
      </DetailBody>
    </SpecShow>
  );
}

// /apporteurs/{id}: a business provider (GET /api/businessProviders/{id}), the contracts it is
// linked to (GET /api/contrats?contractBusinessProviders.organization[]={id}, spec §7) and the
// products of those contracts (GET /api/products?contracts.organizations.organization.id={id}).
import { useRecordContext } from 'ra-core';
import { LOAD_ERRORS, MISSING_IDS, SpecShow } from '../../components/list/index.ts';
import { ProductsOf } from '../products/ProductsOf.tsx';
import type { PageProps } from '../types.ts';
import { ContractsRelated } from './ContractsRelated.tsx';
import { Section } from './detailParts.tsx';
import { type Organization, OrganizationFacts } from './organization.tsx';

function ProviderRelated() {
  const record = useRecordContext<Organization>();
  if (!record) return null;
  return (
    <>
      <Section title="Contrats">
        <ContractsRelated
          target=""
          filter={{ 'contractBusinessProviders.organization': [record.id] }}
          loadError={LOAD_ERRORS.contractsOfProvider}
        />
      </Section>
      <Section title="Produits">
        <ProductsOf target="contracts.organizations.organization.id" />
      </Section>
    </>
  );
}

export function BusinessProviderShow({ title }: PageProps) {
  return (
    <SpecShow
      title={title}
      loadError={LOAD_ERRORS.businessProvider}
      missingId={MISSING_IDS.businessProvider}
    >
      <OrganizationFacts kind="businessProvider" />
      <ProviderRelated />
    </SpecShow>
  );
}

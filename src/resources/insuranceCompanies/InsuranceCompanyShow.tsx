// /mutuelles/{id}: an insurance company (GET /api/insuranceOfCompanies/{id}: no ORIAS, missing
// values empty), the contracts it is linked to (GET /api/contrats?contractCompanies.organization=
// {id}, spec §7) and the products of those contracts.
import { LOAD_ERRORS, MISSING_IDS, SpecShow } from '../../components/list/index.ts';
import { DetailBody, Section } from '../businessProviders/detailParts.tsx';
import { OrganizationFacts } from '../businessProviders/organization.tsx';
import { ContractsOf } from '../contracts/ContractsOf.tsx';
import { ProductsOf } from '../products/ProductsOf.tsx';
import type { PageProps } from '../types.ts';

export function InsuranceCompanyShow({ title }: PageProps) {
  return (
    <SpecShow
      title={title}
      recordName={(company) => company.legalname}
      loadError={LOAD_ERRORS.company}
      missingId={MISSING_IDS.company}
    >
      <DetailBody>
        <OrganizationFacts kind="company" />
        <Section title="Contrats">
          <ContractsOf
            target="contractCompanies.organization"
            loadError={LOAD_ERRORS.contractsOfCompany}
          />
        </Section>
        <Section title="Produits">
          <ProductsOf target="contracts.organizations.organization.id" />
        </Section>
      </DetailBody>
    </SpecShow>
  );
}

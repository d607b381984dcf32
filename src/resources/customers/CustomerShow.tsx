// /Clients/{id}: a subscriber company (GET /api/customers/{id}) with its contracts (GET
// /api/customers/{id}/contracts, by state: spec §9), its products (GET
// /api/products_by_customer?contracts.customer.id={id}), its premiums and its insured.
import { useRecordContext } from 'ra-core';
import { LOAD_ERRORS, MISSING_IDS, SpecShow } from '../../components/list/index.ts';
import { DetailBody, Facts, Section, text } from '../businessProviders/detailParts.tsx';
import { ContractsOf } from '../contracts/ContractsOf.tsx';
import { PremiumsOf } from '../premiums/PremiumsOf.tsx';
import { ProductsOf } from '../products/ProductsOf.tsx';
import type { PageProps } from '../types.ts';
import { CustomerInsureds } from './CustomerRelated.tsx';

interface Customer {
  id: number;
  subscriber?: string | null;
  siret?: string | null;
  streetAddress?: string | null;
  postalCode?: string | null;
  addressLocality?: string | null;
  idCc1?: string | null;
  customerGroup?: { label: string | null } | null;
  secondaryGroup?: { label: string | null } | null;
  numberOfContract?: number;
  nbrBeneficiary?: number;
}

function CustomerDetail() {
  const customer = useRecordContext<Customer>();
  if (!customer) return null;
  const id = encodeURIComponent(String(customer.id));
  return (
    <>
      <Facts
        facts={[
          ['subscriber', text(customer.subscriber)],
          ['siret', text(customer.siret)],
          ['streetAddress', text(customer.streetAddress)],
          ['postalCode', text(customer.postalCode)],
          ['addressLocality', text(customer.addressLocality)],
          ['idCc1', text(customer.idCc1)],
          ['customerGroup', text(customer.customerGroup?.label)],
          ['secondaryGroup', text(customer.secondaryGroup?.label)],
          ['numberOfContract', text(customer.numberOfContract)],
          ['nbrBeneficiary', text(customer.nbrBeneficiary)],
        ]}
      />
      <Section title="Contrats">
        <ContractsOf
          path={`/api/customers/${id}/contracts`}
          sort={{ field: 'state', order: 'ASC' }}
          loadError={LOAD_ERRORS.contractsOfCustomer}
        />
      </Section>
      <Section title="Produits">
        <ProductsOf
          target=""
          path="/api/products_by_customer"
          filter={{ 'contracts.customer.id': customer.id }}
        />
      </Section>
      <Section title="Cotisations">
        <PremiumsOf of="customer" id={customer.id} />
      </Section>
      <Section title="Assurés">
        <CustomerInsureds id={customer.id} />
      </Section>
    </>
  );
}

export function CustomerShow({ title }: PageProps) {
  return (
    <SpecShow
      title={title}
      recordName={(customer) => customer.subscriber ?? customer.legalname}
      loadError={LOAD_ERRORS.customer}
      missingId={MISSING_IDS.subscriber}
    >
      <DetailBody>
        <CustomerDetail />
      </DetailBody>
    </SpecShow>
  );
}

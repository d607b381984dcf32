// /Produits/{id}: a product (spec §3 "Product": name, contract type, risk, blocked flag, blocking
// date DD/MM/YYYY or '-', its insurance company) and its contracts (GET
// /api/products/{id}/contracts, oldest first).
import { useRecordContext } from 'ra-core';
import { Link } from 'react-router-dom';
import { LOAD_ERRORS, MISSING_IDS, SpecShow } from '../../components/list/index.ts';
import { longDate, yesNo } from '../../domain/format.ts';
import { DetailBody, Facts, Section, text } from '../businessProviders/detailParts.tsx';
import { ContractsOf } from '../contracts/ContractsOf.tsx';
import { specPath } from '../paths.ts';
import type { PageProps } from '../types.ts';
import { type Product, productRisk } from './display.ts';

function CompanyLink({ product }: { product: Product }) {
  const company = product.insuranceCompany;
  if (!company) return '';
  const to = specPath('insuranceCompanies', 'show', company.id);
  return to ? <Link to={to}>{text(company.legalname)}</Link> : text(company.legalname);
}

function ProductDetail() {
  const product = useRecordContext<Product>();
  if (!product) return null;
  return (
    <>
      <Facts
        facts={[
          ['lbProduit', text(product.lbProduit)],
          ['lbTypeContrat', text(product.lbTypeContrat)],
          ['lbType', productRisk(product)],
          ['blBloqueDec', yesNo(product.blBloqueDec)],
          ['dtDatBloque', longDate(product.dtDatBloque)],
          ['insuranceCompany', <CompanyLink key="company" product={product} />],
        ]}
      />
      <Section title="Contrats">
        <ContractsOf
          path={`/api/products/${encodeURIComponent(String(product.id))}/contracts`}
          loadError={LOAD_ERRORS.contractsOfProduct}
        />
      </Section>
    </>
  );
}

export function ProductShow({ title }: PageProps) {
  return (
    <SpecShow
      title={title}
      recordName={(product) => product.lbProduit}
      loadError={LOAD_ERRORS.product}
      missingId={MISSING_IDS.product}
    >
      <DetailBody>
        <ProductDetail />
      </DetailBody>
    </SpecShow>
  );
}

// The identity block of an organisation's detail (spec §3 "Business provider and insurance
// company"): legal name, addresses, postal code, town, country, legal form, SIRET, APE, and
// ORIAS for a provider. A provider without a name reads 'error' (the older screen's default);
// a company's missing values are empty (the API already sends '').
import { useRecordContext } from 'ra-core';
import { type Fact, Facts, text } from './detailParts.tsx';

export interface Organization {
  id: number;
  legalname?: string | null;
  streetAddress?: string | null;
  streetAddress2?: string | null;
  postalCode?: string | null;
  addressLocality?: string | null;
  addressCountry?: string | null;
  legalForm?: string | null;
  siret?: string | null;
  ape?: string | null;
  orias?: string | null;
}

/** Spec §3: "legalname (default 'error' when missing)". */
export const MISSING_LEGALNAME = 'error';

/** The role an organisation's detail shows it in. */
export type OrganizationKind = 'businessProvider' | 'company';

export function OrganizationFacts({ kind }: { kind: OrganizationKind }) {
  const record = useRecordContext<Organization>();
  if (!record) return null;
  const facts: Fact[] = [
    [
      'legalname',
      kind === 'businessProvider' ? record.legalname || MISSING_LEGALNAME : text(record.legalname),
    ],
    ['streetAddress', text(record.streetAddress)],
    ['streetAddress2', text(record.streetAddress2)],
    ['postalCode', text(record.postalCode)],
    ['addressLocality', text(record.addressLocality)],
    ['addressCountry', text(record.addressCountry)],
    ['legalForm', text(record.legalForm)],
    ['siret', text(record.siret)],
    ['ape', text(record.ape)],
  ];
  if (kind === 'businessProvider') facts.push(['orias', text(record.orias)]);
  return <Facts facts={facts} />;
}

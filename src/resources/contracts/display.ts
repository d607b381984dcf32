// How a contract's related people and organisations read in the screens (spec §3), from the
// record the API sends: the providers rule of src/domain/contract.ts applied to its
// organisations (so the SPA shows the added main referrer whatever the back end sends).
import {
  type ContractOrganization,
  contractProviders,
  ORGANIZATION_TYPES,
} from '../../domain/contract.ts';

export interface ContractRecord {
  id: number | string;
  lbApporteur?: string | null;
  organizations?: { organization: ContractOrganization & { email?: string | null } }[];
  customerPortfolios?: {
    broker: {
      id: number;
      firstname?: string;
      lastname?: string;
      username?: string;
      sellerCode?: string | null;
      organization?: { legalname: string } | null;
    };
  }[];
  [key: string]: unknown;
}

export const providersOf = (record: ContractRecord) =>
  contractProviders(
    (record.organizations ?? []).map((o) => o.organization),
    record.lbApporteur,
  );

/** Type 5 organisations (spec §3), by legalname. */
export const companiesOf = (record: ContractRecord) =>
  (record.organizations ?? [])
    .map((o) => o.organization)
    .filter((o) => o.type?.id === ORGANIZATION_TYPES.insuranceCompany)
    .sort((a, b) => a.legalname.localeCompare(b.legalname, 'fr'));

/** Portfolio brokers that have a seller code (spec §3). */
export const sellersOf = (record: ContractRecord) =>
  (record.customerPortfolios ?? []).map((p) => p.broker).filter((b) => Boolean(b.sellerCode));

export const personName = (p: { firstname?: string; lastname?: string; username?: string }) =>
  [p.firstname, p.lastname].filter(Boolean).join(' ') || p.username || '';

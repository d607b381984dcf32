// How a contract's related people and organisations read in the screens (spec §3), from the
// record the API sends: the rules of src/domain/contract.ts (which contractDerived applies too)
// applied to its organisations (so the SPA shows the added main referrer whatever the back end
// sends).
import {
  type ContractOrganization,
  contractOrganizations,
  contractProviders,
  insuranceCompaniesOf,
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
  contractProviders(contractOrganizations(record), record.lbApporteur);

/** Type 5 organisations (spec §3), by legalname. */
export const companiesOf = (record: ContractRecord) =>
  insuranceCompaniesOf(contractOrganizations(record)).sort((a, b) =>
    a.legalname.localeCompare(b.legalname, 'fr'),
  );

export const personName = (p: { firstname?: string; lastname?: string; username?: string }) =>
  [p.firstname, p.lastname].filter(Boolean).join(' ') || p.username || '';

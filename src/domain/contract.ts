// Contract rules of spec partner-extranet §3 and §4, shared by the API server (which sends the
// derived fields type, typeID, risk and riskId) and the SPA (labels, filters, default filters).
// Pure: no I/O, no React.

/** Contract states (spec §3; labels with their accents). Filters show 1, 2 and 4 only. */
export const CONTRACT_STATES = [
  { id: 1, label: 'Actif' },
  { id: 2, label: 'Impayé' },
  { id: 3, label: 'Résilié' },
  { id: 4, label: 'À venir' },
  { id: 5, label: 'Suspendu' },
] as const;

/** The state values the contract list's state filter offers (spec §3 "Other"). */
export const STATE_FILTER_VALUES = [1, 2, 4] as const;

/** Contract types by id, with their codes (spec §3). */
export const CONTRACT_TYPES = [
  { id: 1, label: 'Base', code: 'B' },
  { id: 2, label: 'Portabilité', code: 'P' },
  { id: 3, label: 'Surco', code: 'S' },
  { id: 4, label: 'Surco en portabilité', code: 'SP' },
  { id: 5, label: 'Loi Evin', code: 'BLE' },
] as const;

export type ContractTypeId = (typeof CONTRACT_TYPES)[number]['id'];
export type ContractTypeCode = (typeof CONTRACT_TYPES)[number]['code'];

/** The collective code (idCodCol) that makes a contract without flags a Loi Evin one. */
export const LOI_EVIN_CODE = 'LOIEVAPR07';

/** The default filters of the contract list (spec §4): states 1, 2, 4; types 1, 3; active insured. */
export const DEFAULT_CONTRACT_FILTERS = {
  state: [1, 2, 4],
  contractType: [1, 3],
  nbrInsured: true,
} as const;

export interface ContractFlags {
  blAni: boolean | null | undefined;
  blSurcomp: boolean | null | undefined;
  idContrat2?: string | null;
  idCodCol?: string | null;
}

/** No value, or only spaces (an idContrat2 the older system left blank). */
export const isBlank = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '';

/**
 * The contract type derived from the flags (spec §3): neither flag and no idContrat2 gives
 * Loi Evin when the collective code is LOIEVAPR07, otherwise Base; ANI only, Portabilité;
 * surcomplementary only, Surco; both, Surco en portabilité. Neither flag with an idContrat2
 * is a combination the spec does not name: undefined.
 */
export function contractTypeIdFromFlags(flags: ContractFlags): ContractTypeId | undefined {
  const ani = Boolean(flags.blAni);
  const surcomp = Boolean(flags.blSurcomp);
  if (ani && surcomp) return 4;
  if (ani) return 2;
  if (surcomp) return 3;
  if (!isBlank(flags.idContrat2)) return undefined;
  return flags.idCodCol?.trim() === LOI_EVIN_CODE ? 5 : 1;
}

export function contractTypeById(id: number | null | undefined) {
  return CONTRACT_TYPES.find((t) => t.id === id);
}

/** The derived fields the API sends with a contract: type (French label) and typeID. */
export function derivedContractType(flags: ContractFlags): {
  type: string | null;
  typeID: ContractTypeId | null;
  typeCode: ContractTypeCode | null;
} {
  const found = contractTypeById(contractTypeIdFromFlags(flags));
  return { type: found?.label ?? null, typeID: found?.id ?? null, typeCode: found?.code ?? null };
}

/**
 * The older view's type (spec §3): Base (no flag, no idContrat2), Base/Ani (ANI only, no
 * idContrat2), Surco (surcomplementary without ANI), Surco/Ani (both); otherwise ''.
 */
export function olderContractType(flags: ContractFlags): string {
  const ani = Boolean(flags.blAni);
  const surcomp = Boolean(flags.blSurcomp);
  const noSecond = isBlank(flags.idContrat2);
  if (surcomp) return ani ? 'Surco/Ani' : 'Surco';
  if (!noSecond) return '';
  return ani ? 'Base/Ani' : 'Base';
}

/** Risks (lbType, spec §3) and how lists show them. */
export const RISKS = [
  { id: 'P', label: 'PREV.', name: 'Prévoyance' },
  { id: 'S', label: 'SANTE', name: 'Santé' },
  { id: 'R', label: 'RETR.', name: 'Retraite' },
] as const;

export type RiskId = (typeof RISKS)[number]['id'];

/** The derived fields the API sends with a contract: risk ('PREV.') and riskId ('P'). */
export function derivedRisk(lbType: string | null | undefined): {
  risk: string | null;
  riskId: RiskId | null;
} {
  const found = RISKS.find((r) => r.id === lbType?.trim());
  return { risk: found?.label ?? null, riskId: found?.id ?? null };
}

/** Spec §3: organisations of type 3 are business providers, type 5 insurance companies. */
export const ORGANIZATION_TYPES = { businessProvider: 3, insuranceCompany: 5 } as const;

/** An organisation linked to a contract (spec §3 `organizations[].organization`). */
export interface ContractOrganization {
  id?: number | string | null;
  legalname: string;
  type?: { id: number } | null;
}

/** A business provider of a contract, with its role (spec §3 "Providers"). */
export type ContractProvider<O extends ContractOrganization = ContractOrganization> = (
  | O
  | { id: null; legalname: string; type: { id: 3 } }
) & {
  /** The main referrer (apporteur principal): named like the contract's lbApporteur. */
  main: boolean;
  /** Not linked to the contract: added because no linked provider bears the lbApporteur name. */
  added: boolean;
};

// Collators made once: localeCompare with a locale builds one on every call (~0.1 ms of a
// contract page's CPU on the server, docs/benchmarks.md).
const FRENCH = new Intl.Collator('fr');
const FRENCH_ACCENTS = new Intl.Collator('fr', { sensitivity: 'accent' });

const byLegalname = (a: { legalname: string }, b: { legalname: string }) =>
  FRENCH.compare(a.legalname, b.legalname);

/** Equal but for case (accents count); the same text first, which spares the collator. */
const sameName = (a: string, b: string) => {
  const x = a.trim();
  const y = b.trim();
  return x === y || FRENCH_ACCENTS.compare(x, y) === 0;
};

/**
 * The business providers of a contract (spec §3): its organisations of type 3, sorted by
 * legalname; the one named like lbApporteur is the main referrer, the others are co-providers;
 * when none bears that name, a provider with that name is added (as the main referrer). Names
 * compare trimmed and ignoring case. A blank lbApporteur names no main referrer and adds nothing.
 */
export function contractProviders<O extends ContractOrganization>(
  organizations: readonly O[],
  lbApporteur: string | null | undefined,
): ContractProvider<O>[] {
  const name = lbApporteur?.trim() ?? '';
  const linked = organizations.filter((o) => o.type?.id === ORGANIZATION_TYPES.businessProvider);
  let mainFound = false;
  const providers: ContractProvider<O>[] = linked.map((o) => {
    const main = name !== '' && !mainFound && sameName(o.legalname, name);
    if (main) mainFound = true;
    return { ...o, main, added: false };
  });
  if (name !== '' && !mainFound) {
    providers.push({
      id: null,
      legalname: name,
      type: { id: ORGANIZATION_TYPES.businessProvider },
      main: true,
      added: true,
    });
  }
  return providers.sort(byLegalname);
}

/** The main referrer and the co-providers apart (spec §3), for display. */
export function splitProviders<O extends ContractOrganization>(providers: ContractProvider<O>[]) {
  return {
    main: providers.find((p) => p.main) ?? null,
    coProviders: providers.filter((p) => !p.main),
  };
}

/** The fields of a contract the derived ones are computed from (spec §3, as the API sends them). */
export interface ContractSourceFields extends ContractFlags {
  lbType?: string | null;
  lbApporteur?: string | null;
  organizations?: ReadonlyArray<{ organization: ContractOrganization }> | null;
  customerPortfolios?: ReadonlyArray<{ broker: { sellerCode?: string | null } }> | null;
}

/** The organisations linked to a contract (spec §3 `organizations[].organization`). */
export const contractOrganizations = <O extends ContractOrganization>(contract: {
  organizations?: ReadonlyArray<{ organization: O }> | null;
}): O[] => (contract.organizations ?? []).map((o) => o.organization);

/** The insurance companies among them (type 5, spec §3), in their order. */
export const insuranceCompaniesOf = <O extends ContractOrganization>(organizations: readonly O[]) =>
  organizations.filter((o) => o.type?.id === ORGANIZATION_TYPES.insuranceCompany);

/**
 * The portfolio brokers that have a seller code (spec §3 `sellers`): a code left empty is none.
 * The screens and the derived fields both read it here.
 */
export const contractSellers = <B extends { sellerCode?: string | null }>(contract: {
  customerPortfolios?: ReadonlyArray<{ broker: B }> | null;
}): B[] => (contract.customerPortfolios ?? []).map((p) => p.broker).filter((b) => !!b.sellerCode);

/**
 * The derived fields of spec §3 (type, typeID, typeCode, risk, riskId, businessProviders,
 * insuranceCompanies, sellers), from the contract's own fields. The API adds them to a full
 * answer; a lean page (`Prefer: return=minimal`) leaves them to the client, and the SPA's data
 * provider adds them back with this same function (the Contract declaration's `derived`).
 */
export function contractDerived(contract: ContractSourceFields) {
  const organizations = contractOrganizations(contract);
  return {
    ...derivedContractType(contract),
    ...derivedRisk(contract.lbType),
    businessProviders: contractProviders(organizations, contract.lbApporteur),
    insuranceCompanies: insuranceCompaniesOf(organizations),
    sellers: contractSellers(contract),
  };
}

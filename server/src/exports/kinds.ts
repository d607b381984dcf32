// The three exports of spec §7 (and the commissions download): which list declaration they
// read (the same filters, order and data scope as the screen's list), their French columns,
// and their default file name (spec §5).

import {
  type DefaultName,
  defaultFileBase,
  type ExportKind,
} from '../../../src/domain/exportFile.ts';
import { Commission } from '../../../src/domain/schema/commission.ts';
import { Contract } from '../../../src/domain/schema/contract.ts';
import { ContractInsured, Insured } from '../../../src/domain/schema/insured.ts';
import { Premium } from '../../../src/domain/schema/premium.ts';
import { collectionPath } from '../../../src/domain/schema/types.ts';
import type { CollectionQuery } from '../hydra/query.ts';
import { contractInsuredList } from '../resources/beneficiaries/index.ts';
import { COMMISSION_LIST, commissions } from '../resources/commissions/source.ts';
import { contractList } from '../resources/contracts/list.ts';
import { type CollectionDecl, parseId } from '../resources/framework/index.ts';
import { INSURED_COLLECTION } from '../resources/insureds/index.ts';
import { PREMIUM_COLLECTION } from '../resources/premiums/declaration.ts';
import { type Column, classColumns } from './columns.ts';
import { contractRows } from './contractRows.ts';
import type { BatchShape } from './rows.ts';

// biome-ignore lint/suspicious/noExplicitAny: members are the lists' JSON, read field by field.
export type Member = Record<string, any>;

export interface ExportSheet {
  /** The list it reads: filters, default order, scope (the paths are not used). */
  decl: CollectionDecl;
  /** Worksheet title (XLSX). */
  title: string;
  columns: ReadonlyArray<Column<Member>>;
  /**
   * A leaner read than the list's source (the file's columns only), made afresh for each
   * export; the source's otherwise.
   */
  rows?: () => BatchShape;
}

export interface ExportDefinition extends ExportSheet {
  /** The default name (without extension) for these filters. */
  defaultName(query: CollectionQuery, uuid: string): string;
  /** Another list for some requests (raw query): the per-contract variant of a list. */
  variant?(query: Record<string, unknown>): ExportSheet | undefined;
}

/** The first id among these filters (the per-contract or per-customer variant of a list). */
function filterId(query: CollectionQuery, ...filters: string[]): number | undefined {
  for (const name of filters) {
    const raw = query.filters[name];
    const id = parseId(Array.isArray(raw) ? raw[0] : raw);
    if (id !== undefined) return id;
  }
  return undefined;
}

const base = (name: DefaultName) => defaultFileBase(name);

const CONTRACTS: ExportDefinition = {
  // Spec §9: the contract list is newest first.
  decl: contractList(['/api/contrats'], [{ field: 'dateDebVal', direction: 'desc' }]),
  title: 'Contrats',
  rows: contractRows,
  columns: classColumns(Contract),
  defaultName: (query, uuid) =>
    base({
      kind: 'contracts',
      id: filterId(query, 'idSouscrip', 'customer.id', 'customer') ?? uuid,
    }),
};

/** A contract's insured persons, as its screen's Assurés tab lists them (spec §5). */
const CONTRACT_INSUREDS: ExportSheet = {
  decl: contractInsuredList('contrat.id'),
  title: 'Assurés du contrat',
  columns: classColumns(ContractInsured),
};

const INSUREDS: ExportDefinition = {
  decl: INSURED_COLLECTION,
  title: 'Assurés',
  columns: classColumns(Insured),
  // Exported from a contract's screen: its affiliations to that contract, not each person's.
  variant: (query) => (query['contrat.id'] === undefined ? undefined : CONTRACT_INSUREDS),
  defaultName(query, uuid) {
    const contract = filterId(query, 'contrat.id', 'contract.id', 'subscriptions.contract.id');
    if (contract !== undefined) return base({ kind: 'insureds', id: contract });
    const customer = filterId(query, 'customer.id');
    if (customer !== undefined) return base({ kind: 'insureds', id: customer, accented: true });
    return base({ kind: 'insureds', id: uuid });
  },
};

const COTISATIONS: ExportDefinition = {
  decl: { ...PREMIUM_COLLECTION, paths: ['/api/cotisations'] },
  title: 'Cotisations',
  columns: classColumns(Premium),
  defaultName: (_query, uuid) => base({ kind: 'cotisations', uuid }),
};

export const EXPORTS: Readonly<Record<ExportKind, ExportDefinition>> = {
  contracts: CONTRACTS,
  insureds: INSUREDS,
  cotisations: COTISATIONS,
};

/** GET /api/commissions/download: the list of /api/commissions (same filters, same order). */
export const COMMISSIONS: ExportSheet = {
  decl: {
    ...COMMISSION_LIST,
    paths: [collectionPath(Commission)],
    source: commissions,
  },
  title: 'Commissions',
  columns: classColumns(Commission),
};

// The contract file's rows: its columns alone, on the list's FROM (its scope and filters),
// instead of the list's JSON relations. Companies and sellers are read as ids (the contract's
// organisations; broker_ids, the sellers of its customer portfolios, the column that also
// decides who sees it) and named here from one read of the few companies and sellers per
// export: two correlated name aggregates per row were half of PostgreSQL's work for a file,
// and PostgreSQL shares the machine with the writer (docs/benchmarks.md, "Exports").
// Derived fields by the rules of src/domain/contract.ts, as the list computes them.
import { type Kysely, sql } from 'kysely';
import {
  derivedContractType,
  derivedRisk,
  ORGANIZATION_TYPES,
} from '../../../src/domain/contract.ts';
import type { DB } from '../db/schema.ts';
import { contractLabelJoins } from '../resources/contracts/source.ts';
import type { AnySelect } from '../resources/framework/index.ts';
import type { Member } from './kinds.ts';
import { onceEach } from './onceEach.ts';
import type { BatchShape } from './rows.ts';

/** A name, and its place among all the names in the database's order. */
type Names = Map<number, { name: string; rank: number }>;

async function namesOf(
  db: Kysely<DB>,
  query: ReturnType<typeof sql<{ id: number; name: string }>>,
): Promise<Names> {
  const { rows } = await query.execute(db);
  return new Map(rows.map(({ id, name }, rank) => [Number(id), { name, rank }] as const));
}

/** The insurance companies, and the sellers (users with a seller code), by name. */
const readNames = async (db: Kysely<DB>) => ({
  companies: await namesOf(
    db,
    sql`SELECT id, legalname AS name FROM organization
      WHERE type_id = ${ORGANIZATION_TYPES.insuranceCompany} AND legalname IS NOT NULL
      ORDER BY legalname, id`,
  ),
  sellers: await namesOf(
    db,
    sql`SELECT id, name FROM (SELECT id, firstname || ' ' || lastname AS name FROM app_user
      WHERE seller_code IS NOT NULL) AS seller WHERE name IS NOT NULL ORDER BY name, id`,
  ),
});

/**
 * The distinct names of these ids, in the order of the names, joined by ', ' (what
 * string_agg(DISTINCT name, ', ') gives); ids without a name here are not of the kind.
 */
export function joinNames(ids: readonly number[] | null, names: Names): string {
  const found = [];
  for (const id of ids ?? []) {
    const named = names.get(Number(id));
    if (named) found.push(named);
  }
  found.sort((a, b) => a.rank - b.rank);
  let text = '';
  let last: string | undefined;
  for (const { name } of found) {
    if (name === last) continue;
    text = last === undefined ? name : `${text}, ${name}`;
    last = name;
  }
  return text;
}

/** Distinct id lists an export keeps named (companies and sellers each) before starting over. */
const LISTS_KEPT = 10_000;

/**
 * Names a list of ids read as text ('{3,12}', an array, or '3,12', string_agg's), each
 * distinct list once per export: a million contracts share a few thousand lists of sellers and
 * a handful of companies, so neither the array nor the names are made again per row.
 */
export function idListNamer(names: Names): (ids: string | null) => string {
  const named = onceEach(LISTS_KEPT, (ids) => {
    const list = ids.replace(/[{}]/g, '');
    return joinNames(list ? list.split(',').map(Number) : [], names);
  });
  return (ids) => (ids ? named(ids) : '');
}

const columns = (qb: AnySelect) =>
  contractLabelJoins(qb).select([
    'contract.lb_contrat',
    'customer.legalname',
    'product.lb_produit',
    'contract_category.lb_college',
    'contract.bl_ani',
    'contract.bl_surcomp',
    'contract.id_contrat2',
    'contract.id_cod_col',
    'contract.lb_type',
    'contract_state.label as state_label',
    'contract.date_deb_val',
    'contract.date_fin_val',
    'contract.lb_apporteur',
    'contract.nbr_insured',
    'contract.nbr_beneficiary',
    'contract.nbr_total_affiliate',
    sql<string>`contract.broker_ids::text`.as('broker_ids'),
  ]) as AnySelect;

/** A batch: each contract's organisations by an index lookup (a thousand of them). */
const select = (qb: AnySelect) =>
  columns(qb).select(
    sql<string | null>`(SELECT string_agg(co.organization_id::text, ',')
      FROM contract_organization AS co WHERE co.contract_id = contract.id)`.as('organization_ids'),
  ) as AnySelect;

/**
 * The whole file: the insurance companies of every contract aggregated once and joined by hash,
 * where a lookup per row was half of PostgreSQL's work for a million rows (3 s of 6).
 */
const selectAll = (qb: AnySelect) =>
  columns(
    qb.leftJoin(
      sql`(SELECT co.contract_id, string_agg(co.organization_id::text, ',') AS ids
        FROM contract_organization AS co
        WHERE co.organization_id IN (SELECT id FROM organization WHERE type_id = ${ORGANIZATION_TYPES.insuranceCompany})
        GROUP BY co.contract_id)`.as('company'),
      (join) => join.onRef('company.contract_id', '=', 'contract.id'),
    ),
  ).select(sql<string | null>`company.ids`.as('organization_ids')) as AnySelect;

/** A fresh reader per export: the names are read once, when its first batch comes. */
export function contractRows(): BatchShape {
  let namers: Promise<Record<'companies' | 'sellers', (ids: string | null) => string>> | undefined;
  return {
    select,
    selectAll,
    async members(rows, ctx): Promise<Member[]> {
      namers ??= readNames(ctx.db).then((names) => ({
        companies: idListNamer(names.companies),
        sellers: idListNamer(names.sellers),
      }));
      const { companies, sellers } = await namers;
      // One object per row with only the fields the columns read (no spread of the derived
      // records: a million rows made them a third of the shaping's garbage).
      return rows.map((r) => ({
        lbContrat: r.lb_contrat,
        lbSouscrip: r.legalname,
        lbProduit: r.lb_produit,
        lbCollege: r.lb_college,
        type: derivedContractType({
          blAni: r.bl_ani,
          blSurcomp: r.bl_surcomp,
          idContrat2: r.id_contrat2,
          idCodCol: r.id_cod_col,
        }).type,
        risk: derivedRisk(r.lb_type).risk,
        state: r.state_label,
        dateDebVal: r.date_deb_val,
        dateFinVal: r.date_fin_val,
        lbApporteur: r.lb_apporteur,
        insuranceCompanies: companies(r.organization_ids),
        sellers: sellers(r.broker_ids),
        nbrInsured: r.nbr_insured,
        nbrBeneficiary: r.nbr_beneficiary,
        nbrTotalAffiliate: r.nbr_total_affiliate,
      }));
    },
  };
}

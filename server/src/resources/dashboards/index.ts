// The operator's dashboards (spec administration §2): GET /api/dashboards/admin, the figures of
// /admin/dashboard (users by profile and by partner, sign-ins of the last 30 days, exports of the
// last 14 days), and GET /api/dashboards/wholesalers, those of /admin/grossistes/dashboard (per
// wholesaler: its products, contracts, premiums called and commissions paid). Operator
// administrators only. Days are counted in Paris time, as the screens show them.
import { sql } from 'kysely';
import { type Api, contextOf, type ResourceDeps } from '../framework/context.ts';

const OPERATOR = ['PROFILE_ADMIN_AGEO'];
const ZONE = 'Europe/Paris';

export interface Count {
  label: string;
  count: number;
}
export interface DayCount {
  /** YYYY-MM-DD, Paris time. */
  day: string;
  count: number;
}

/** Each of the last `days` days (today included) with its count: days without any say 0. */
const perDay = (table: string, column: string, days: number) => sql<DayCount>`
  SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(t.${sql.ref(column)})::int AS count
  FROM generate_series(
    (now() AT TIME ZONE ${ZONE})::date - ${days - 1}::int,
    (now() AT TIME ZONE ${ZONE})::date,
    interval '1 day') AS d (day)
  LEFT JOIN ${sql.table(table)} t
    ON (t.${sql.ref(column)} AT TIME ZONE ${ZONE})::date = d.day::date
  GROUP BY d.day ORDER BY d.day`;

/** The total of a column of a contract's rows (premiums, commissions) per wholesaler. */
const sumBySupplier = (table: string, amount: string) => sql`
  SELECT product.supplier_id, sum(${sql.ref(`${table}.${amount}`)}) AS total
  FROM ${sql.table(table)}
  JOIN contract ON contract.id = ${sql.ref(`${table}.contract_id`)}
  JOIN product ON product.id = contract.product_id
  GROUP BY product.supplier_id`;

export function register(api: Api, deps: ResourceDeps): void {
  const db = deps.database.db;

  api.get('/api/dashboards/admin', async (request) => {
    await contextOf(request, deps, OPERATOR);
    const [byProfile, byPartner, signIns, exports, totals] = await Promise.all([
      sql<Count>`SELECT COALESCE(profile.name, 'Sans profil') AS label, count(*)::int AS count
        FROM app_user
        LEFT JOIN profile_realm ON profile_realm.id = app_user.profile_realm_id
        LEFT JOIN profile ON profile.id = profile_realm.profile_id
        GROUP BY 1 ORDER BY 2 DESC, 1`.execute(db),
      sql<Count>`SELECT COALESCE(partner.legalname, 'Opérateur') AS label, count(*)::int AS count
        FROM app_user LEFT JOIN organization partner ON partner.id = app_user.partner_id
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10`.execute(db),
      perDay('sign_in', 'signed_in_at', 30).execute(db),
      perDay('export_file', 'created_at', 14).execute(db),
      sql<{ users: number; enabled: number }>`SELECT count(*)::int AS users,
        (count(*) FILTER (WHERE enabled))::int AS enabled FROM app_user`.execute(db),
    ]);
    return {
      users: totals.rows[0].users,
      enabledUsers: totals.rows[0].enabled,
      usersByProfile: byProfile.rows,
      usersByPartner: byPartner.rows,
      signIns: signIns.rows,
      exports: exports.rows,
    };
  });

  api.get('/api/dashboards/wholesalers', async (request) => {
    await contextOf(request, deps, OPERATOR);
    const { rows } = await sql<{
      label: string;
      products: number;
      contracts: number;
      activeContracts: number;
      premiums: string;
      commissions: string;
    }>`
      WITH by_contract AS (
        SELECT product.supplier_id, count(*) AS contracts,
          count(*) FILTER (WHERE contract.is_actif) AS active
        FROM contract JOIN product ON product.id = contract.product_id
        GROUP BY product.supplier_id
      ), by_premium AS (${sumBySupplier('premium', 'num_total_cot')}
      ), by_commission AS (${sumBySupplier('commission', 'amound_paid')}
      )
      SELECT supplier.name AS label,
        (SELECT count(*) FROM product WHERE product.supplier_id = supplier.id)::int AS products,
        COALESCE(c.contracts, 0)::int AS contracts,
        COALESCE(c.active, 0)::int AS "activeContracts",
        COALESCE(p.total, 0)::numeric(14, 2)::text AS premiums,
        COALESCE(m.total, 0)::numeric(14, 2)::text AS commissions
      FROM supplier
      LEFT JOIN by_contract c ON c.supplier_id = supplier.id
      LEFT JOIN by_premium p ON p.supplier_id = supplier.id
      LEFT JOIN by_commission m ON m.supplier_id = supplier.id
      ORDER BY contracts DESC, label`.execute(db);
    return {
      wholesalers: rows.map((r) => ({
        ...r,
        premiums: Number(r.premiums),
        commissions: Number(r.commissions),
      })),
    };
  });
}

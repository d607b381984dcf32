// Two past imports (spec administration §3 "Import log"), so that the history and its detail
// show something from the first start: the operator's administrator imported two sellers
// (success); the first partner's administrator imported a file of three lines: one seller
// created, the same one again (skipped, a warning) and an address that is none (failed).
// Made of the users seeded before, at fixed dates (the seed never reads the clock).
import type { Kysely } from 'kysely';
import { PROFILE_TYPES } from '../../../../src/domain/roles.ts';
import type { DB } from '../schema.ts';

const at = (time: string) => new Date(`2025-10-06T${time}Z`);

export async function seedUserImports(db: Kysely<DB>): Promise<void> {
  const admins = await db
    .selectFrom('app_user')
    .select(['id', 'partner_id', 'user_type'])
    .where('username', 'in', ['ageo', 'partenaire'])
    .orderBy('id')
    .execute();
  const operator = admins.find((a) => a.user_type === PROFILE_TYPES.PROFILE_ADMIN_AGEO);
  const partner = admins.find((a) => a.user_type === PROFILE_TYPES.PROFILE_ADMIN_PARTNER);
  if (!operator || !partner) return;
  const sellers = (partnerId: number | null) =>
    db
      .selectFrom('app_user')
      .select(['id', 'lastname', 'firstname', 'email', 'username', 'organization_id'])
      .where('user_type', '=', PROFILE_TYPES.PROFILE_SELLER)
      .$if(partnerId !== null, (qb) => qb.where('partner_id', '=', partnerId as number))
      .orderBy('id')
      .limit(2)
      .execute();

  const created = (
    log: number,
    line: number,
    seller: Awaited<ReturnType<typeof sellers>>[number],
    sentAt: Date | null,
  ) => ({
    import_log_id: log,
    line,
    organization_id: seller.organization_id,
    user_id: seller.id,
    lastname: seller.lastname,
    firstname: seller.firstname,
    email: seller.email,
    username: seller.username,
    process_status: 'success' as const,
    email_sent: sentAt !== null,
    email_sent_at: sentAt,
    created_at: sentAt ?? at('09:12:03'),
  });

  const [first] = await db
    .insertInto('user_import_log')
    .values({
      importer_id: operator.id,
      partner_id: null,
      file_name: 'vendeurs-octobre.xlsx',
      comment: 'Reprise des vendeurs du réseau',
      send_mail_immediately: true,
      process_status: 'success',
      started_at: at('08:30:00'),
      ended_at: at('08:30:02'),
      heartbeat_at: at('08:30:02'),
      row_count: 2,
      processed_count: 2,
      success_count: 2,
    })
    .returning('id')
    .execute();
  const operatorSellers = await sellers(null);
  await db
    .insertInto('user_import_history')
    .values(operatorSellers.map((s, n) => created(first.id, n + 2, s, at(`08:30:0${n + 1}`))))
    .execute();

  const [seller] = await sellers(partner.partner_id);
  if (!seller) return;
  const [second] = await db
    .insertInto('user_import_log')
    .values({
      importer_id: partner.id,
      partner_id: partner.partner_id,
      file_name: 'nouveaux-vendeurs.csv',
      comment: 'Agence de Lyon',
      send_mail_immediately: false,
      process_status: 'failed',
      started_at: at('09:12:00'),
      ended_at: at('09:12:04'),
      heartbeat_at: at('09:12:04'),
      row_count: 3,
      processed_count: 3,
      success_count: 1,
      warning_count: 1,
      failed_count: 1,
    })
    .returning('id')
    .execute();
  await db
    .insertInto('user_import_history')
    .values([
      created(second.id, 2, seller, null),
      {
        ...created(second.id, 3, seller, null),
        process_status: 'warning',
        error_message: `Le nom d'utilisateur « ${seller.username} » est déjà utilisé dans ce royaume. La ligne est ignorée : le compte existant est conservé.`,
      },
      {
        import_log_id: second.id,
        line: 4,
        organization_id: seller.organization_id,
        user_id: null,
        lastname: 'Morel',
        firstname: 'Inès',
        email: 'ines.morel-at-exemple.fr',
        username: 'ines.morel-at-exemple.fr',
        process_status: 'failed',
        error_message: "« Adresse e-mail » n'est pas une adresse e-mail valide.",
        created_at: at('09:12:03'),
      },
    ])
    .execute();
}

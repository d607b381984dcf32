// People who sign in: the four demo accounts (src/domain/demoAccounts.ts, kept exactly), the
// other partners' administrators, managers and the sellers they supervise. Every account's
// password is 'demo': seeded only where DEMO_DATA asks for it (db/prepare.ts).
import type { Faker } from '@faker-js/faker';
import { type Insertable, type Kysely, sql } from 'kysely';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  type DemoAccount,
} from '../../../../src/domain/demoAccounts.ts';
import { PROFILE_TYPES } from '../../../../src/domain/roles.ts';
import { DEFAULT_REALM } from '../../../../src/domain/userForm.ts';
import { hashPassword } from '../../auth/password.ts';
import { seedSalt } from '../demoPasswords.ts';
import { assignProfiles } from '../migrations/012_rights.ts';
import type { AppUserTable, DB } from '../schema.ts';
import { PARTNERS, type SeededOrganizations } from './organizations.ts';
import { familyName, slug } from './random.ts';

export const CIVILITY = { Mme: 1, 'M.': 2 } as const;

// Each user holds its type's role; the rest comes from the profile its type is served by
// (migration 012_rights), so that what the Admin area edits is what everyone may do.
const ROLES = {
  partnerAdmin: ['PROFILE_ADMIN_PARTNER'],
  manager: ['PROFILE_MANAGER'],
  seller: ['PROFILE_SELLER'],
};
/** The demo account's own role: its type's; the others are its profile's. */
const ownRoles = (account: DemoAccount) => account.roles.filter((r) => r in PROFILE_TYPES);

// Job titles in their masculine and feminine forms, as French business cards print them.
const JOBS = {
  admin: [['Administrateur', 'Administratrice']],
  manager: [
    ['Responsable commercial', 'Responsable commerciale'],
    ["Directeur d'agence", "Directrice d'agence"],
    ['Chef des ventes', 'Cheffe des ventes'],
  ],
  seller: [
    ['Conseiller commercial', 'Conseillère commerciale'],
    ["Chargé d'affaires", "Chargée d'affaires"],
    ['Conseiller en protection sociale', 'Conseillère en protection sociale'],
    ['Commercial sédentaire', 'Commerciale sédentaire'],
  ],
} as const;

type Kind = keyof typeof JOBS;
type Civility = (typeof CIVILITY)[keyof typeof CIVILITY];

/** Extra managers per partner (partner #1 also has the demo manager). */
const EXTRA_MANAGERS = [1, 2, 1];
/** Sellers under the demo manager besides the demo seller, then under each other manager. */
const SELLERS_UNDER_DEMO_MANAGER = 3;
const SELLERS_PER_MANAGER = 3;

type Row = Insertable<AppUserTable>;

// A salt derived from the user name keeps two seeds byte-identical; these are demo accounts
// with a published password, not secrets. It also lets a production start find the accounts
// still holding it (../demoPasswords.ts), and refuse to start.
const saltFor = seedSalt;

const profileType = (roles: readonly string[]) => {
  const profile = roles.find((r) => r in PROFILE_TYPES) as keyof typeof PROFILE_TYPES;
  return PROFILE_TYPES[profile];
};

/** A seller and where it sits: its partner (index in PARTNERS) and its manager. */
export interface SeededSeller {
  id: number;
  partner: number;
  managerId: number;
}

export interface SeededPeople {
  sellers: SeededSeller[];
  managers: Array<{ id: number; partner: number }>;
  /** Ids of the demo accounts by username. */
  demo: Record<'ageo' | 'partenaire' | 'manager' | 'vendeur', number>;
}

export async function seedUsers(
  db: Kysely<DB>,
  faker: Faker,
  orgs: SeededOrganizations,
): Promise<SeededPeople> {
  const usernames = new Set(DEMO_ACCOUNTS.map((a) => a.username));
  let sellerNumber = 0;
  const nextSellerCode = () => `VD${String(++sellerNumber).padStart(4, '0')}`;

  const job = (kind: Kind, civility: Civility) =>
    faker.helpers.arrayElement(JOBS[kind] as ReadonlyArray<readonly [string, string]>)[
      civility === CIVILITY.Mme ? 1 : 0
    ];

  const person = (kind: Kind, partner: number, roles: readonly string[]): Row => {
    const civility: Civility = faker.helpers.arrayElement([CIVILITY.Mme, CIVILITY['M.']]);
    const firstname = faker.person.firstName(civility === CIVILITY.Mme ? 'female' : 'male');
    const lastname = familyName(faker.person.lastName());
    let username = `${slug(firstname)}.${slug(lastname)}`;
    for (let n = 2; usernames.has(username); n++)
      username = `${slug(firstname)}.${slug(lastname)}${n}`;
    usernames.add(username);
    return {
      username,
      realm: DEFAULT_REALM,
      email: `${username}@${PARTNERS[partner].domain}`,
      civility,
      firstname,
      lastname,
      job_function: job(kind, civility),
      roles: roles.join(','),
      user_type: profileType(roles),
      organization_id: orgs.partnerIds[partner],
      partner_id: orgs.partnerIds[partner],
    };
  };

  const demo = (username: string) =>
    DEMO_ACCOUNTS.find((a) => a.username === username) as DemoAccount;
  const demoRow = (
    account: DemoAccount,
    civility: Civility,
    kind: Kind,
    partner: number | null,
    email: string,
  ): Row => ({
    username: account.username,
    realm: DEFAULT_REALM,
    email,
    civility,
    firstname: account.firstname,
    lastname: account.lastname,
    job_function: job(kind, civility),
    roles: ownRoles(account).join(','),
    user_type: profileType(account.roles),
    organization_id: partner === null ? orgs.operatorId : orgs.partnerIds[partner],
    partner_id: partner === null ? null : orgs.partnerIds[partner],
  });

  // Administrators and managers first: sellers point at their manager's id.
  const leaders: Row[] = [
    demoRow(demo('ageo'), CIVILITY.Mme, 'admin', null, 'aurelie.garnier@ageo.fr'),
    demoRow(demo('partenaire'), CIVILITY['M.'], 'admin', 0, `paul.lefevre@${PARTNERS[0].domain}`),
    demoRow(demo('manager'), CIVILITY.Mme, 'manager', 0, `mathilde.roux@${PARTNERS[0].domain}`),
    person('admin', 1, ROLES.partnerAdmin),
    person('admin', 2, ROLES.partnerAdmin),
    ...EXTRA_MANAGERS.flatMap((count, partner) =>
      Array.from({ length: count }, () => person('manager', partner, ROLES.manager)),
    ),
  ];
  const leaderIds = await insertUsers(db, leaders);
  const managers = leaders
    .map((row, i) => ({ row, id: leaderIds[i] }))
    .filter(({ row }) => row.user_type === PROFILE_TYPES.PROFILE_MANAGER);
  const [demoManager, ...otherManagers] = managers;

  const seller = (row: Row, managerId: number): Row => ({
    ...row,
    managed_by: managerId,
    seller_code: nextSellerCode(),
  });
  const partnerOf = (row: Row) => orgs.partnerIds.indexOf(row.partner_id as number);
  const sellers: Row[] = [
    seller(
      demoRow(demo('vendeur'), CIVILITY['M.'], 'seller', 0, `victor.morel@${PARTNERS[0].domain}`),
      demoManager.id,
    ),
    ...Array.from({ length: SELLERS_UNDER_DEMO_MANAGER }, () =>
      seller(person('seller', 0, ROLES.seller), demoManager.id),
    ),
    ...otherManagers.flatMap(({ row, id }) =>
      Array.from({ length: SELLERS_PER_MANAGER }, () =>
        seller(person('seller', partnerOf(row), ROLES.seller), id),
      ),
    ),
  ];
  const sellerIds = await insertUsers(db, sellers);
  await assignProfiles(db as Kysely<unknown>);
  const idOf = (username: string) =>
    [...leaders, ...sellers].reduce<number>(
      (found, row, i) => (row.username === username ? [...leaderIds, ...sellerIds][i] : found),
      0,
    );
  return {
    sellers: sellers.map((row, i) => ({
      id: sellerIds[i],
      partner: partnerOf(row),
      managerId: row.managed_by as number,
    })),
    managers: managers.map(({ row, id }) => ({ id, partner: partnerOf(row) })),
    demo: {
      ageo: idOf('ageo'),
      partenaire: idOf('partenaire'),
      manager: idOf('manager'),
      vendeur: idOf('vendeur'),
    },
  };
}

async function insertUsers(db: Kysely<DB>, rows: Row[]): Promise<number[]> {
  const hashed = await Promise.all(
    rows.map(async (row) => ({
      ...row,
      password_hash: await hashPassword(DEMO_PASSWORD, saltFor(row.username)),
    })),
  );
  const inserted = await db.insertInto('app_user').values(hashed).returning('id').execute();
  return inserted.map((r) => r.id);
}

/**
 * Each partner's sellers and managers in one of the poles (seeded with the reference data,
 * after the users), in turn by id: the users list's « Pôle » column has values. No faker draw,
 * so every other seeded value stays as it was.
 */
export async function assignPoles(db: Kysely<DB>): Promise<void> {
  await sql`UPDATE app_user SET pole_id = 1 + id % (SELECT count(*) FROM pole)
    WHERE user_type IN (${PROFILE_TYPES.PROFILE_MANAGER}, ${PROFILE_TYPES.PROFILE_SELLER})`.execute(
    db,
  );
}

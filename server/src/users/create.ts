// Creating a seller (profile type 4) or a manager (type 3): who may create whom, the checks on
// each field and against the database, and the insert, all in one transaction so that nothing
// is saved when anything is refused (docs/security.md, "Creating sellers and managers").
//
// The row is an account of the embedded identity provider like the seeded ones (realm
// 'partenaires', roles as a comma list, the profile type of its profile role) but without a
// password: it cannot sign in until the administration's invitation flow (/finalise-account)
// lets its owner choose one.
import { type Kysely, sql, type Transaction } from 'kysely';
import { hasAnyRole, PROFILE_TYPES, rolesToString } from '../../../src/domain/roles.ts';
import { DEFAULT_REALM } from '../../../src/domain/userForm.ts';
import type { Principal } from '../auth/principal.ts';
import { assignProfiles } from '../db/migrations/012_rights.ts';
import type { DB } from '../db/schema.ts';
import { httpError } from '../http/problem.ts';
import { ValidationFailed, type Violation } from '../http/violations.ts';
import { organizationPartners } from '../resources/organizations/shape.ts';
import { checkFields, type FieldName, type FieldValues } from './fields.ts';

export type MemberKind = 'seller' | 'manager';

/** Roles a created member gets, and the only ones a body may ask for (as the seed gives). */
export const MEMBER_ROLES: Record<MemberKind, { profile: string; allowed: readonly string[] }> = {
  seller: { profile: 'PROFILE_SELLER', allowed: ['PROFILE_SELLER'] },
  manager: {
    profile: 'PROFILE_MANAGER',
    allowed: ['PROFILE_MANAGER', 'VIEW_SELLER', 'VIEW_COMMISSIONS'],
  },
};
/** A new member's own roles: its type's; the rest comes from its type's profile (migration 012). */
const DEFAULT_ROLES: Record<MemberKind, readonly string[]> = {
  seller: ['PROFILE_SELLER'],
  manager: ['PROFILE_MANAGER'],
};
const KIND_WORD: Record<MemberKind, string> = { seller: 'un vendeur', manager: 'un manager' };

/**
 * Who creates: the operator's administrators anywhere; a partner administrator within its own
 * partner; a manager (sellers only) a seller it will manage. Anyone else: 403.
 */
type Creator =
  | { kind: 'operator' }
  | { kind: 'partner'; partnerId: number; organizationId: number | null }
  | { kind: 'manager'; userId: number; partnerId: number; organizationId: number | null };

export function creatorOf(principal: Principal, member: MemberKind): Creator {
  const roles = principal.roles;
  if (roles.includes('PROFILE_ADMIN_AGEO')) return { kind: 'operator' };
  if (roles.includes('PROFILE_ADMIN_PARTNER') && principal.partnerId !== null) {
    return {
      kind: 'partner',
      partnerId: principal.partnerId,
      organizationId: principal.organizationId,
    };
  }
  // PROFILE_GROUP expands to PROFILE_MANAGER, but a group user supervises nobody.
  if (
    member === 'seller' &&
    !hasAnyRole(roles, ['PROFILE_ADMIN_PARTNER', 'PROFILE_GROUP']) &&
    roles.includes('PROFILE_MANAGER') &&
    principal.userId !== null &&
    principal.partnerId !== null
  ) {
    return {
      kind: 'manager',
      userId: principal.userId,
      partnerId: principal.partnerId,
      organizationId: principal.organizationId,
    };
  }
  throw httpError(403);
}

// biome-ignore lint/suspicious/noExplicitAny: a JSON body, read field by field.
type Json = Record<string, any>;

/** The partner an organisation belongs to: itself when it is a partner, else its parent. */
export async function partnerOfOrganization(db: Kysely<DB>, id: number) {
  const [found] = await organizationPartners(db, [id]);
  return found ? { exists: true as const, partnerId: found.partnerId } : { exists: false as const };
}

/** The checks that need the database, on the fields that passed their own checks. */
async function checkAgainstDatabase(
  trx: Transaction<DB>,
  creator: Creator,
  member: MemberKind,
  values: FieldValues,
): Promise<{ violations: Violation[]; partnerId: number | null }> {
  const violations: Violation[] = [];
  const refuse = (propertyPath: FieldName, message: string) =>
    violations.push({ propertyPath, message });

  if (values.username !== undefined) {
    const taken = await trx
      .selectFrom('app_user')
      .select('id')
      .where(sql`lower(username)`, '=', values.username.toLowerCase())
      .where('realm', '=', DEFAULT_REALM)
      .executeTakeFirst();
    if (taken) refuse('username', "Ce nom d'utilisateur est déjà utilisé.");
  }
  if (values.email !== undefined) {
    const taken = await trx
      .selectFrom('app_user')
      .select('id')
      .where(sql`lower(email)`, '=', values.email.toLowerCase())
      .executeTakeFirst();
    if (taken) refuse('email', 'Cette adresse e-mail est déjà utilisée.');
  }
  if (values.sellerCode !== undefined) {
    const taken = await trx
      .selectFrom('app_user')
      .select('id')
      .where(sql`upper(seller_code)`, '=', values.sellerCode.toUpperCase())
      .executeTakeFirst();
    if (taken) refuse('sellerCode', 'Ce code vendeur est déjà attribué à un autre vendeur.');
  }

  let partnerId: number | null = null;
  const organization = values['employee.organization'];
  if (organization !== undefined) {
    const found = await partnerOfOrganization(trx, organization);
    if (!found.exists) refuse('employee.organization', "Cette organisation n'existe pas.");
    else if (found.partnerId === null) {
      refuse(
        'employee.organization',
        "L'organisation doit être un partenaire ou l'une de ses entités.",
      );
    } else if (creator.kind !== 'operator' && found.partnerId !== creator.partnerId) {
      refuse(
        'employee.organization',
        "Vous ne pouvez pas créer d'utilisateur dans une organisation d'un autre partenaire.",
      );
    } else partnerId = found.partnerId;
  }
  if (values.partnerId !== undefined && partnerId !== null && values.partnerId !== partnerId) {
    refuse('partnerId', "Le partenaire doit être celui de l'organisation choisie.");
  }

  const manager = values['employee.managedBy'];
  if (member === 'seller' && manager !== undefined) {
    if (creator.kind === 'manager' && manager !== creator.userId) {
      refuse('employee.managedBy', "Un manager ne peut créer que des vendeurs qu'il encadre.");
    } else {
      const row = await trx
        .selectFrom('app_user')
        .select(['partner_id', 'enabled'])
        .where('id', '=', manager)
        .where('user_type', '=', PROFILE_TYPES.PROFILE_MANAGER)
        .executeTakeFirst();
      // A manager of another partner is "not found" to a partner administrator.
      const visible = row && (creator.kind === 'operator' || row.partner_id === creator.partnerId);
      if (!row || !visible) refuse('employee.managedBy', 'Ce manager est introuvable.');
      else if (!row.enabled) refuse('employee.managedBy', 'Ce manager est désactivé.');
      else if (partnerId !== null && row.partner_id !== partnerId) {
        refuse(
          'employee.managedBy',
          "Le manager doit appartenir au même partenaire que l'organisation choisie.",
        );
      }
    }
  }
  return { violations, partnerId };
}

/** Roles given: the profile's defaults, or those asked for when each is allowed. */
function rolesOf(
  member: MemberKind,
  asked: readonly string[] | undefined,
  violations: Violation[],
) {
  if (asked === undefined) return DEFAULT_ROLES[member];
  const { profile, allowed } = MEMBER_ROLES[member];
  const forged = asked.filter((role) => !allowed.includes(role));
  for (const role of forged) {
    violations.push({
      propertyPath: 'roles',
      message: `Le rôle « ${role} » ne peut pas être attribué à ${KIND_WORD[member]}.`,
    });
  }
  return [...new Set([profile, ...asked])];
}

/**
 * Creates the member in the write's transaction and returns its id, or throws ValidationFailed
 * (422) listing every field at fault, or an HttpError (403, 400). The transaction is rolled
 * back on any error (server/src/resources/framework/write.ts), so nothing is saved.
 */
export async function createMember(
  trx: Transaction<DB>,
  principal: Principal,
  member: MemberKind,
  body: unknown,
): Promise<number> {
  const creator = creatorOf(principal, member);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw httpError(400, 'Le corps de la requête doit être un objet JSON.');
  }
  const input = body as Json;
  // A partner administrator's or manager's own organisation when none is named.
  const defaultOrganization = creator.kind === 'operator' ? null : creator.organizationId;
  const withDefaults: Json =
    input.employee?.organization == null && defaultOrganization !== null
      ? { ...input, employee: { ...input.employee, organization: defaultOrganization } }
      : input;
  // A manager's sellers are its own: managedBy defaults to the manager.
  if (creator.kind === 'manager' && withDefaults.employee?.managedBy == null) {
    withDefaults.employee = { ...withDefaults.employee, managedBy: creator.userId };
  }

  const required: FieldName[] = [
    'username',
    'email',
    'employee.civility',
    'employee.firstname',
    'employee.lastname',
    'employee.organization',
  ];
  if (member === 'seller') required.push('sellerCode');
  const optional: FieldName[] = ['enabled', 'partnerId', 'roles', 'employee.jobFunction'];
  if (member === 'seller') optional.push('employee.managedBy');
  const { values, violations } = checkFields(withDefaults, required, optional);
  const roles = rolesOf(member, values.roles, violations);

  try {
    return await insertChecked(trx, creator, member, values, roles, violations);
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

// The unique indexes stay the last word (another writer than this module may race it).
const UNIQUE_FIELDS: Record<string, Violation> = {
  app_user_username_realm: {
    propertyPath: 'username',
    message: "Ce nom d'utilisateur est déjà utilisé.",
  },
  app_user_seller_code: {
    propertyPath: 'sellerCode',
    message: 'Ce code vendeur est déjà attribué à un autre vendeur.',
  },
};

function uniqueViolation(error: unknown): ValidationFailed | undefined {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  const violation = code === '23505' ? UNIQUE_FIELDS[String(constraint)] : undefined;
  return violation ? new ValidationFailed([violation]) : undefined;
}

async function insertChecked(
  trx: Transaction<DB>,
  creator: Creator,
  member: MemberKind,
  values: FieldValues,
  roles: readonly string[],
  violations: Violation[],
): Promise<number> {
  // One creation at a time: the uniqueness checks below cannot race another creation.
  await sql`SELECT pg_advisory_xact_lock(hashtext('app_user:create'))`.execute(trx);
  const checked = await checkAgainstDatabase(trx, creator, member, values);
  violations.push(...checked.violations);
  if (violations.length) throw new ValidationFailed(violations);

  const inserted = await trx
    .insertInto('app_user')
    .values({
      username: values.username as string,
      realm: DEFAULT_REALM,
      password_hash: null,
      email: values.email as string,
      civility: values['employee.civility'] as number,
      firstname: values['employee.firstname'] as string,
      lastname: values['employee.lastname'] as string,
      job_function: values['employee.jobFunction'] ?? null,
      enabled: values.enabled ?? true,
      roles: rolesToString(roles),
      user_type: PROFILE_TYPES[MEMBER_ROLES[member].profile as keyof typeof PROFILE_TYPES],
      organization_id: values['employee.organization'] as number,
      partner_id: checked.partnerId,
      managed_by: member === 'seller' ? (values['employee.managedBy'] ?? null) : null,
      seller_code: member === 'seller' ? (values.sellerCode as string) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Its type's profile, as every seeded user has (migration 012_rights).
  await assignProfiles(trx as unknown as Kysely<unknown>, inserted.id);
  return inserted.id;
}

// The rules of a user's write, whatever the client sends (docs/security.md, "Managing users"):
// - whoever holds USERS_MANAGEMENT manages the accounts of its data scope (the operator's
//   administrators: all; a partner administrator: its partner's), never one of a type above
//   its own;
// - nobody grants a type, a profile or a right it does not hold itself (the operator grants
//   any), but a type it may grant comes with the profile that type is served by; a profile is
//   judged when given or changed; PROFILE_* roles never come from the body: a new user's one
//   role is its type's;
// - the organisation, the access group and the manager stay within the granter's partner;
// - a username is unique in its realm whatever its case (409), an e-mail address among users;
// - managedBy is set at creation only; a password follows the policy of the password links.
// Each refusal is a 422 on its field (or the 409, or 403 for an account above the caller's),
// and nothing is written (one transaction: server/src/resources/framework/write.ts).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { RIGHT_CODE, rolesToString } from '../../../../src/domain/roles.ts';
import { DEFAULT_REALM, DEFAULT_TYPE } from '../../../../src/domain/userForm.ts';
import { hashPassword } from '../../auth/password.ts';
import { typeProfileName } from '../../db/migrations/012_rights.ts';
import type { DB } from '../../db/schema.ts';
import { conflictOn, httpError } from '../../http/problem.ts';
import type { Violation } from '../../http/violations.ts';
import { partnerOfOrganization } from '../../users/create.ts';
import { passwordViolations } from '../../users/passwordLinks.ts';
import { USER_TYPE } from '../brokers/member.ts';
import type { Ctx } from '../framework/index.ts';

const isProfileRole = (role: string) => role.startsWith('PROFILE_');

/** What the checks decided, for the columns derive() writes. */
interface Plan {
  userType?: { id: number; role: string };
  extraRoles?: string[];
  partnerId?: number | null;
  /** A partner administrator's new user without one: the administrator's own organisation. */
  organization?: number;
  realm: string;
  /** The type changes and the profile does not: the new type's profile comes with it. */
  profileFollowsType?: boolean;
}
const plans = new WeakMap<object, Plan>();

const isOperator = (ctx: Ctx) => ctx.principal.roles.includes('PROFILE_ADMIN_AGEO');
/** A right as the screens name it: « Voir les vendeurs » (VIEW_SELLER), its code alone without a description. */
const rightName = (role: { name: string; description: string | null }) =>
  role.description ? `« ${role.description} » (${role.name})` : `« ${role.name} »`;

/** What the caller may give: any right for the operator, else what it holds (expanded). */
const mayGrant = (ctx: Ctx, role: string) => isOperator(ctx) || ctx.principal.roles.includes(role);

/** §5 on the server too: managedBy is never changed by an update; empty passwords mean none. */
export function prepareUser(values: Record<string, unknown>, before?: Record<string, unknown>) {
  if (before) delete values.managedBy;
  if (values.plainPassword == null && values.repeatPassword == null) {
    delete values.plainPassword;
    delete values.repeatPassword;
  }
}

/** The account being updated, as stored. */
function stored(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('app_user')
    .innerJoin('user_type', 'user_type.id', 'app_user.user_type')
    .select([
      'app_user.username',
      'app_user.realm',
      'app_user.roles',
      'app_user.profile_realm_id as profileRealmId',
      'app_user.partner_id as partnerId',
      'app_user.access_group_id as accessGroupId',
      'user_type.id as typeId',
      'user_type.role as typeRole',
      'user_type.name as typeName',
    ])
    .where('app_user.id', '=', id)
    .executeTakeFirstOrThrow();
}

/**
 * The checks of the fields one may also change on one's own profile (./profile.ts): the
 * civility of §3, and an e-mail address no other account uses.
 */
export async function ownFieldFaults(
  db: Kysely<DB>,
  values: Record<string, unknown>,
  id?: number,
): Promise<Violation[]> {
  const violations: Violation[] = [];
  if (values.civility != null && ![1, 2].includes(values.civility as number)) {
    violations.push({
      propertyPath: 'civility',
      message: '« Civilité » doit valoir 1 (Mme) ou 2 (M.).',
    });
  }
  if (typeof values.email === 'string') {
    let taken = db
      .selectFrom('app_user')
      .select('id')
      .where(sql`lower(email)`, '=', values.email.toLowerCase());
    if (id !== undefined) taken = taken.where('id', '<>', id);
    if (await taken.executeTakeFirst()) {
      violations.push({
        propertyPath: 'email',
        message: 'Cette adresse e-mail est déjà utilisée par un autre compte.',
      });
    }
  }
  return violations;
}

export async function checkUser(
  db: Kysely<DB>,
  values: Record<string, unknown>,
  ctx: Ctx,
  id?: number,
): Promise<Violation[]> {
  const violations: Violation[] = [];
  const refuse = (propertyPath: string, message: string) =>
    violations.push({ propertyPath, message });
  const operator = isOperator(ctx);
  const own = ctx.principal.partnerId;
  const current = id === undefined ? undefined : await stored(db, id);

  if (current && !mayGrant(ctx, current.typeRole)) {
    throw httpError(403, `Vous ne pouvez pas modifier un compte « ${current.typeName} ».`);
  }

  const realm = (values.realm as string | undefined) ?? current?.realm ?? DEFAULT_REALM;
  const plan: Plan = { realm };
  if (values.realm !== undefined) {
    const known = await db
      .selectFrom('realm')
      .select('id')
      .where('name', '=', realm)
      .executeTakeFirst();
    if (!known) refuse('realm', "Ce royaume n'existe pas.");
  }

  // Spec administration §5: an exact username and realm name one account.
  const username = (values.username as string | undefined) ?? current?.username;
  if (username !== undefined && (values.username !== undefined || values.realm !== undefined)) {
    let taken = db
      .selectFrom('app_user')
      .select('id')
      .where(sql`lower(username)`, '=', username.toLowerCase())
      .where('realm', '=', realm);
    if (id !== undefined) taken = taken.where('id', '<>', id);
    if (await taken.executeTakeFirst()) {
      throw conflictOn(
        'username',
        `Le nom d'utilisateur « ${username} » est déjà utilisé dans ce royaume.`,
      );
    }
  }
  violations.push(...(await ownFieldFaults(db, values, id)));
  // One directory account signs in as one user: a second user on the same SSO id would take
  // the first's place (and hide it from the directory search).
  if (typeof values.idSso === 'string') {
    let linked = db.selectFrom('app_user').select('id').where('id_sso', '=', values.idSso);
    if (id !== undefined) linked = linked.where('id', '<>', id);
    if (await linked.executeTakeFirst()) {
      refuse('idSso', 'Ce compte de l’annuaire est déjà relié à un autre utilisateur.');
    }
  }

  const typeRole =
    (values.typeSelected as string | undefined) ?? (current ? undefined : DEFAULT_TYPE);
  if (typeRole !== undefined) {
    const type = await db
      .selectFrom('user_type')
      .select(['id', 'role', 'name'])
      .where('role', '=', typeRole)
      .executeTakeFirst();
    if (!type) refuse('typeSelected', "Ce type d'utilisateur n'existe pas.");
    else if (!mayGrant(ctx, type.role)) {
      refuse(
        'typeSelected',
        `Vous ne pouvez pas attribuer le type « ${type.name} », supérieur au vôtre.`,
      );
    } else plan.userType = { id: type.id, role: type.role };
  }

  if (values.roles !== undefined) {
    const asked = JSON.parse(values.roles as string) as unknown;
    if (!Array.isArray(asked) || asked.some((role) => typeof role !== 'string')) {
      refuse('roles', '« Droits supplémentaires » doit être une liste de codes de droits.');
    } else {
      // PROFILE_* roles come from the type alone (spec §5): dropped, as the SPA drops them.
      const extras = [...new Set(asked as string[])].filter((role) => !isProfileRole(role));
      const malformed = extras.filter((role) => !RIGHT_CODE.test(role));
      for (const role of malformed) refuse('roles', `« ${role} » n'est pas un code de droit.`);
      const wellFormed = extras.filter((role) => RIGHT_CODE.test(role));
      const known = new Map(
        wellFormed.length
          ? (
              await db
                .selectFrom('role')
                .select(['name', 'description'])
                .where('name', 'in', wellFormed)
                .where('is_folder', '=', false)
                .execute()
            ).map((r) => [r.name, r] as const)
          : [],
      );
      for (const role of wellFormed) {
        const found = known.get(role);
        if (!found) refuse('roles', `Le droit « ${role} » n'existe pas.`);
        else if (!mayGrant(ctx, role)) {
          refuse(
            'roles',
            `Vous ne pouvez pas attribuer le droit ${rightName(found)}, que vous ne détenez pas.`,
          );
        }
      }
      plan.extraRoles = wellFormed;
    }
  }

  // A type changed with the profile left as it was (the form sends the account's own): the new
  // type's profile comes with it (deriveUser), not a profile of the old type beside the new
  // type (« Administrateur partenaire » with the seller's profile, which gives no right).
  if (current && plan.userType && plan.userType.id !== current.typeId) {
    plan.profileFollowsType =
      values.profileRealm == null || values.profileRealm === current.profileRealmId;
  }

  // A profile is judged when it is given: on creation, or changed by an update (an update of
  // other fields sends the profile the account already has).
  if (values.profileRealm != null && values.profileRealm !== current?.profileRealmId) {
    const chosen = await db
      .selectFrom('profile_realm')
      .innerJoin('profile', 'profile.id', 'profile_realm.profile_id')
      .innerJoin('realm', 'realm.id', 'profile_realm.realm_id')
      .select(['profile.id', 'profile.name', 'profile.is_restricted', 'realm.name as realm'])
      .where('profile_realm.id', '=', values.profileRealm as number)
      .executeTakeFirst();
    if (!chosen) refuse('profileRealm', "Ce profil n'existe pas.");
    else {
      if (chosen.is_restricted && !operator) {
        refuse(
          'profileRealm',
          `Le profil « ${chosen.name} » est réservé aux administrateurs AGEO.`,
        );
      }
      if (chosen.realm !== realm) {
        refuse(
          'profileRealm',
          `Ce profil est celui du royaume « ${chosen.realm} », pas de « ${realm} ».`,
        );
      }
      const given = await db
        .selectFrom('profile_role')
        .innerJoin('role', 'role.id', 'profile_role.role_id')
        .select(['role.name', 'role.description'])
        .where('profile_role.profile_id', '=', chosen.id)
        .execute();
      // The profile a type is served by comes with the type, which was checked above: the
      // profile a creation without one gets (deriveUser), chosen by hand too.
      const typeId = plan.userType?.id ?? current?.typeId;
      const typesOwn = typeId !== undefined && typeProfileName(typeId) === chosen.name;
      const above = given.filter((role) => !mayGrant(ctx, role.name));
      if (above.length && !typesOwn) {
        refuse(
          'profileRealm',
          `Le profil « ${chosen.name} » donne des droits que vous ne détenez pas : ${above.map(rightName).join(', ')}.`,
        );
      }
    }
  }

  if (values.organization != null) {
    const found = await partnerOfOrganization(db, values.organization as number);
    if (!found.exists) refuse('organization', "Cette organisation n'existe pas.");
    else if (!operator && found.partnerId !== own) {
      refuse(
        'organization',
        "Vous ne pouvez pas rattacher un utilisateur à une organisation d'un autre partenaire.",
      );
    } else plan.partnerId = found.partnerId;
  } else if (!operator && (values.organization === null || id === undefined)) {
    // A partner administrator's users stay in its partner; a new one given no organisation is
    // attached to the administrator's own, as a seller created from the sellers' list is.
    plan.partnerId = own;
    const mine = ctx.principal.organizationId;
    if (id === undefined && mine !== null) plan.organization = mine;
  }
  if (values.partnerId != null) {
    if (!operator && values.partnerId !== own) {
      refuse('partnerId', 'Vous ne pouvez gérer que les utilisateurs de votre partenaire.');
    } else if (plan.partnerId !== undefined && plan.partnerId !== values.partnerId) {
      refuse('partnerId', "Le partenaire doit être celui de l'organisation choisie.");
    }
  }

  // The user's partner once saved: the one its organisation gives, the one the body names,
  // else the one it has. A group opens its own partner's organisations: another partner's user
  // has no place in it (and that partner's administrators would see a competitor's group).
  const partnerAfter =
    plan.partnerId !== undefined
      ? plan.partnerId
      : values.partnerId !== undefined
        ? (values.partnerId as number | null)
        : (current?.partnerId ?? null);
  const otherPartners = "Ce groupe partenaire est celui d'un autre partenaire que l'utilisateur.";
  if (values.accessGroup != null) {
    const group = await db
      .selectFrom('access_group')
      .select(['partner_id', 'enabled'])
      .where('id', '=', values.accessGroup as number)
      .executeTakeFirst();
    if (!group || (!operator && group.partner_id !== own)) {
      refuse('accessGroup', 'Ce groupe partenaire est introuvable.');
    } else if (!group.enabled) refuse('accessGroup', 'Ce groupe partenaire est désactivé.');
    else if (group.partner_id !== partnerAfter) refuse('accessGroup', otherPartners);
  } else if (
    values.accessGroup === undefined &&
    current?.accessGroupId != null &&
    partnerAfter !== current.partnerId
  ) {
    // The partner changes under the group the user keeps: it must be the new partner's too.
    const kept = await db
      .selectFrom('access_group')
      .select('partner_id')
      .where('id', '=', current.accessGroupId)
      .executeTakeFirst();
    if (kept && kept.partner_id !== partnerAfter) refuse('accessGroup', otherPartners);
  }

  if (values.managedBy != null) {
    const manager = await db
      .selectFrom('app_user')
      .select(['user_type', 'partner_id', 'enabled'])
      .where('id', '=', values.managedBy as number)
      .executeTakeFirst();
    if (
      !manager ||
      manager.user_type !== USER_TYPE.manager ||
      (!operator && manager.partner_id !== own)
    ) {
      refuse('managedBy', 'Ce manager est introuvable.');
    } else if (!manager.enabled) refuse('managedBy', 'Ce manager est désactivé.');
  }

  if (values.plainPassword !== undefined || values.repeatPassword !== undefined) {
    violations.push(...passwordViolations(values.plainPassword, values.repeatPassword ?? null));
  }
  if (values.enabled === false && id !== undefined && id === ctx.principal.userId) {
    refuse('enabled', 'Vous ne pouvez pas désactiver votre propre compte.');
  }

  plans.set(values, plan);
  return violations;
}

/** The columns no property holds: type, own roles, password hash, partner, default profile. */
export async function deriveUser(
  db: Kysely<DB>,
  values: Record<string, unknown>,
  _ctx: Ctx,
  before?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const plan = plans.get(values);
  if (!plan) throw new Error('deriveUser: the values were not checked');
  const row: Record<string, unknown> = {};
  const creating = before === undefined;
  if (plan.userType) row.user_type = plan.userType.id;
  if (creating) {
    // Spec administration §4: a new user gets the chosen type's role as its single role.
    row.roles = plan.userType?.role ?? DEFAULT_TYPE;
  } else if (plan.userType || plan.extraRoles) {
    const typeRole = plan.userType?.role ?? (before.typeSelected as string);
    const kept = Array.isArray(before.roles) ? (before.roles as string[]) : [];
    const extras = plan.extraRoles ?? kept.filter((role) => !isProfileRole(role));
    row.roles = rolesToString([typeRole, ...extras]);
  }
  if (typeof values.plainPassword === 'string') {
    row.password_hash = await hashPassword(values.plainPassword);
  }
  if (plan.partnerId !== undefined) row.partner_id = plan.partnerId;
  if (plan.organization !== undefined) row.organization_id = plan.organization;
  if ((creating && values.profileRealm == null) || plan.profileFollowsType) {
    // The profile its type is given (migration 012), in its realm.
    const profile = typeProfileName(plan.userType?.id ?? 4);
    const served = profile
      ? await db
          .selectFrom('profile_realm')
          .innerJoin('profile', 'profile.id', 'profile_realm.profile_id')
          .innerJoin('realm', 'realm.id', 'profile_realm.realm_id')
          .select('profile_realm.id')
          .where('profile.name', '=', profile)
          .where('realm.name', '=', plan.realm)
          .executeTakeFirst()
      : undefined;
    // A type no profile serves leaves an account's profile as it was.
    if (creating || served) row.profile_realm_id = served?.id ?? null;
  }
  return row;
}

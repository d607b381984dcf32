// Partner access groups (spec administration §7 "Access groups"; src/domain/schema/accessGroup.ts):
// the list, the item, the writes of the framework, and GET /api/access_groups/{id}/with_organizations.
// What no declaration can say lives here (docs/security.md, "Partner access groups"):
// - the scope: the operator administrator every group, a partner administrator (or group user)
//   the groups of its own partner (access_group.partner_id), anyone else none;
// - a partner administrator puts only its own partner's organisations in a group (the partner
//   itself or an organisation whose parent it is): anything else is a 422 on groupOrganizations;
// - on create the server sets created_by and partner_id: the partner administrator's partner, or
//   for the operator the partner of the organisations chosen (null when none is a partner's);
//   the operator's later choice of organisations moves the group to their partner.
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { AccessGroup } from '../../../../src/domain/schema/accessGroup.ts';
import type { DB } from '../../db/schema.ts';
import { httpError } from '../../http/problem.ts';
import type { Violation } from '../../http/violations.ts';
import type { DataScope } from '../../scope/index.ts';
import { genericResource } from '../framework/generic.ts';
import {
  type AnySelect,
  type Api,
  type Ctx,
  endpoint,
  iri,
  loadItem,
  type ResourceDeps,
} from '../framework/index.ts';
import { classSource, itemBase } from '../framework/schema.ts';
import { organizationPartners } from '../organizations/shape.ts';

const ORGANIZATIONS = 'groupOrganizations';
const organizationIri = (id: number) => iri('/api/organizations', id);

/** The groups a scope reaches. */
function groupScope(scope: DataScope): Expression<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  if (scope.kind === 'partner') return sql<SqlBool>`access_group.partner_id = ${scope.partnerId}`;
  return sql<SqlBool>`false`;
}

const groups = classSource(AccessGroup, {
  from: (ctx) =>
    ctx.db.selectFrom('access_group').where(groupScope(ctx.scope)) as unknown as AnySelect,
  joins: (qb) => qb.leftJoin('app_user as creator', 'creator.id', 'access_group.created_by'),
  select: (qb) =>
    qb.select([
      'creator.id as creator_id',
      'creator.firstname as creator_firstname',
      'creator.lastname as creator_lastname',
    ]),
  compute: (rows) =>
    rows.map((row) => ({
      createdBy:
        row.creator_id === null
          ? null
          : { firstname: row.creator_firstname, lastname: row.creator_lastname },
    })),
});

/** The partner_id a write gives its group, decided by `check`, written by `derive`. */
const chosenPartner = new WeakMap<Record<string, unknown>, number | null>();

/**
 * The rules of a group's organisations, in the write's transaction. Ids naming no organisation
 * are the framework's violation already (links.ts); the others must be in the caller's reach.
 */
async function checkGroup(
  trx: Kysely<DB>,
  values: Record<string, unknown>,
  ctx: Ctx,
  id?: number,
): Promise<Violation[]> {
  const scope = ctx.scope;
  // USERS_MANAGEMENT without a partner (a manager given the right alone): no group to manage.
  if (scope.kind !== 'all' && scope.kind !== 'partner') throw httpError(403);
  const ids = values[ORGANIZATIONS] as number[] | undefined;
  if (scope.kind === 'partner') {
    if (id === undefined) chosenPartner.set(values, scope.partnerId);
    if (!ids?.length) return [];
    // What the group already holds may stay (an organisation the operator put there).
    const kept = new Set(
      id === undefined
        ? []
        : (
            await trx
              .selectFrom('access_group_organization')
              .select('organization_id')
              .where('access_group_id', '=', id)
              .execute()
          ).map((r) => r.organization_id),
    );
    const foreign = (await organizationPartners(trx, ids))
      .filter((o) => o.partnerId !== scope.partnerId && !kept.has(o.id))
      .sort((a, b) => a.id - b.id);
    if (foreign.length === 0) return [];
    return [
      {
        propertyPath: ORGANIZATIONS,
        message: `« Organisations » : ${
          foreign.length > 1
            ? 'ces organisations n’appartiennent pas à votre partenaire'
            : 'cette organisation n’appartient pas à votre partenaire'
        } : ${foreign.map((o) => `« ${o.legalname} »`).join(', ')}.`,
      },
    ];
  }
  // The operator: the group belongs to the partner of its organisations, if any.
  if (ids === undefined) {
    if (id === undefined) chosenPartner.set(values, null);
    return [];
  }
  const partners = [
    ...new Set(
      (await organizationPartners(trx, ids)).flatMap((o) =>
        o.partnerId === null ? [] : [o.partnerId],
      ),
    ),
  ];
  if (partners.length > 1) {
    return [
      {
        propertyPath: ORGANIZATIONS,
        message:
          '« Organisations » : les organisations d’un groupe appartiennent toutes au même partenaire.',
      },
    ];
  }
  // On an edit too: the group moves to the partner of its organisations.
  chosenPartner.set(values, partners[0] ?? null);
  return [];
}

/** The organisations of a group, embedded: what the group detail shows (spec §7). */
async function organizationsOf(ctx: Ctx, groupId: number) {
  const rows = await ctx.db
    .selectFrom('access_group_organization as link')
    .innerJoin('organization', 'organization.id', 'link.organization_id')
    .select([
      'organization.id',
      'organization.legalname',
      'organization.siret',
      'organization.postal_code',
      'organization.address_locality',
    ])
    .where('link.access_group_id', '=', groupId)
    .orderBy('organization.legalname')
    .orderBy('organization.id')
    .execute();
  return rows.map((r) => ({
    '@id': organizationIri(r.id),
    '@type': 'Organization',
    id: r.id,
    legalname: r.legalname,
    siret: r.siret,
    postalCode: r.postal_code,
    addressLocality: r.address_locality,
  }));
}

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  await genericResource(api, deps, AccessGroup, {
    source: groups,
    partnerColumn: 'access_group.partner_id',
    check: (trx, values, ctx, id) => checkGroup(trx, values, ctx, id),
    derive: (_trx, values) =>
      chosenPartner.has(values) ? { partner_id: chosenPartner.get(values) ?? null } : {},
    onCreate: (ctx) => ({ created_by: ctx.principal.userId }),
  });
  endpoint(api, deps, {
    paths: [`${itemBase(AccessGroup)}/:id/with_organizations`],
    roles: AccessGroup.access.read,
    async handle(ctx) {
      const id = ctx.pathId('id', AccessGroup.messages?.notFound);
      const group = (await loadItem(groups, ctx, id)) as Record<string, unknown> | undefined;
      if (group === undefined) throw httpError(404, AccessGroup.messages?.notFound);
      return {
        '@context': `/api/contexts/${AccessGroup.name}`,
        ...group,
        groupOrganizations: await organizationsOf(ctx, id),
      };
    },
  });
}

// The roles tree's two operations (spec administration §7): POST /api/roles/updateRolesTree
// places roles (its body: the tree, each node `{ id, listOrder, children: [...] }`, top-level
// nodes at the root) and POST /api/roles/updateOrderRoles reorders them in place (`[{ id,
// listOrder }]`). Each runs in one transaction, is refused whole with 422 in French (an unknown
// or repeated id, a cycle, a role placed under a role that is no folder), and is history.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { TREE_CHANGED_ELSEWHERE, treeVersion } from '../../../../src/domain/rolesTree.ts';
import { Role } from '../../../../src/domain/schema/rights.ts';
import { recordAudit } from '../../audit/record.ts';
import { httpError } from '../../http/problem.ts';
import { ValidationFailed, type Violation } from '../../http/violations.ts';
import { type Api, contextOf, parseId, type ResourceDeps } from '../framework/context.ts';
import { ifMatchAllows } from '../framework/etag.ts';
import { recordChange } from '../framework/history.ts';

interface Placement {
  id: number;
  parent: number | null;
  listOrder: number;
  /** Where the body gives it, for the messages: '[0].children[2]'. */
  path: string;
}

const MAX_DEPTH = 20;

/** The body's nodes, flattened; every fault of its shape at once. */
export function readTree(body: unknown, nested: boolean): Placement[] {
  if (!Array.isArray(body)) {
    throw httpError(400, 'Le corps de la requête doit être une liste de droits.');
  }
  const placements: Placement[] = [];
  const violations: Violation[] = [];
  const seen = new Map<number, string>();
  const visit = (nodes: unknown[], parent: number | null, ancestors: number[], at: string) => {
    nodes.forEach((node, index) => {
      const path = `${at}[${index}]`;
      if (typeof node !== 'object' || node === null || Array.isArray(node)) {
        violations.push({ propertyPath: path, message: 'Chaque élément doit être un objet.' });
        return;
      }
      const { id: rawId, listOrder, children } = node as Record<string, unknown>;
      const id = parseId(rawId);
      if (id === undefined) {
        violations.push({ propertyPath: `${path}.id`, message: 'Identifiant de droit invalide.' });
        return;
      }
      const order = listOrder ?? index;
      if (typeof order !== 'number' || !Number.isInteger(order) || Math.abs(order) > 1_000_000) {
        violations.push({
          propertyPath: `${path}.listOrder`,
          message: 'L’ordre doit être un entier.',
        });
      }
      if (ancestors.includes(id)) {
        violations.push({
          propertyPath: `${path}.id`,
          message: `Le droit ${id} est placé dans son propre contenu : l'arbre ferait une boucle.`,
        });
        return;
      }
      const first = seen.get(id);
      if (first !== undefined) {
        violations.push({
          propertyPath: `${path}.id`,
          message: `Le droit ${id} figure deux fois dans l'arbre (déjà en ${first}).`,
        });
        return;
      }
      seen.set(id, path);
      placements.push({ id, parent, listOrder: order as number, path });
      if (children === undefined || children === null) return;
      if (!nested || !Array.isArray(children)) {
        violations.push({
          propertyPath: `${path}.children`,
          message: nested ? 'Le contenu doit être une liste.' : 'Ce corps ne déplace aucun droit.',
        });
        return;
      }
      if (ancestors.length >= MAX_DEPTH) {
        violations.push({ propertyPath: path, message: "L'arbre est trop profond." });
        return;
      }
      visit(children, id, [...ancestors, id], `${path}.children`);
    });
  };
  visit(body, null, [], '');
  if (violations.length) throw new ValidationFailed(violations);
  return placements;
}

interface RoleRow {
  id: number;
  name: string;
  is_folder: boolean;
  parent_id: number | null;
  list_order: number;
}

const snapshot = (rows: RoleRow[]) =>
  rows.map((r) => ({ id: r.id, name: r.name, parent: r.parent_id, listOrder: r.list_order }));

async function apply(
  trx: Kysely<unknown>,
  placements: Placement[],
  moving: boolean,
  allows: (version: string) => boolean,
): Promise<{ before: RoleRow[]; after: RoleRow[] }> {
  const ids = placements.map((p) => p.id);
  if (ids.length === 0) return { before: [], after: [] };
  const { rows: before } = await sql<RoleRow>`
    SELECT id, name, is_folder, parent_id, list_order FROM role
    WHERE id IN (${sql.join(ids)}) ORDER BY id FOR UPDATE`.execute(trx);
  // The version the client loaded (If-Match), of the roles it places: another session's save
  // meanwhile is not undone in silence.
  if (!allows(treeVersion(snapshot(before)))) throw httpError(412, TREE_CHANGED_ELSEWHERE);
  const known = new Map(before.map((r) => [r.id, r]));
  const violations: Violation[] = [];
  for (const p of placements) {
    if (!known.has(p.id)) {
      violations.push({ propertyPath: `${p.path}.id`, message: `Le droit ${p.id} n'existe pas.` });
    } else if (moving && p.parent !== null && !known.get(p.parent)?.is_folder) {
      violations.push({
        propertyPath: `${p.path}.id`,
        message: `« ${known.get(p.parent)?.name} » n'est pas un dossier : un droit ne se range que dans un dossier.`,
      });
    }
  }
  if (violations.length) throw new ValidationFailed(violations);

  const values = placements.map((p) => sql`(${p.id}::int, ${p.parent}::int, ${p.listOrder}::int)`);
  await sql`UPDATE role SET list_order = placed.list_order
    ${moving ? sql`, parent_id = placed.parent_id` : sql``}
    FROM (VALUES ${sql.join(values)}) AS placed (id, parent_id, list_order)
    WHERE role.id = placed.id`.execute(trx);
  if (moving) await refuseCycles(trx);
  const { rows: after } = await sql<RoleRow>`
    SELECT id, name, is_folder, parent_id, list_order FROM role
    WHERE id IN (${sql.join(ids)}) ORDER BY id`.execute(trx);
  return { before, after };
}

/** The whole tree, once placed, still has no loop (a node moved under what it held). */
async function refuseCycles(trx: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: number }>`
    WITH RECURSIVE up (start, id, depth) AS (
      SELECT id, parent_id, 1 FROM role WHERE parent_id IS NOT NULL
      UNION ALL
      SELECT up.start, role.parent_id, up.depth + 1 FROM up JOIN role ON role.id = up.id
      WHERE role.parent_id IS NOT NULL AND up.id <> up.start AND up.depth < 1000
    )
    SELECT start AS id FROM up WHERE id = start LIMIT 1`.execute(trx);
  if (rows[0]) {
    throw new ValidationFailed([
      { propertyPath: '', message: `Le droit ${rows[0].id} serait placé dans son propre contenu.` },
    ]);
  }
}

export async function registerTree(api: Api, deps: ResourceDeps): Promise<void> {
  const operation = (moving: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const ctx = await contextOf(request, deps, Role.access.update);
    const placements = readTree(request.body, moving);
    const db = deps.database.db as unknown as Kysely<unknown>;
    await db.transaction().execute(async (trx) => {
      const { before, after } = await apply(trx, placements, moving, (version) =>
        ifMatchAllows(request, version),
      );
      await recordChange(trx, ctx.principal, {
        className: Role.name,
        targetId: null,
        action: moving ? 'tree' : 'order',
        before: snapshot(before),
        after: snapshot(after),
      });
      await recordAudit(trx, ctx, {
        action: 'rights.tree',
        targetType: Role.name,
        targetIds: placements.map((p) => p.id),
        detail: { operation: moving ? 'tree' : 'order' },
      });
    });
    await api.hub.announceChange(Role.resource);
    return reply.code(204).send();
  };
  api.post('/api/roles/updateRolesTree', operation(true));
  api.post('/api/roles/updateOrderRoles', operation(false));
}

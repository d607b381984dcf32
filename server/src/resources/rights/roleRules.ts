// What a role's write must respect beyond its fields (spec administration §4): a folder has no
// realms nor profiles; a role that warns on deletion does not also warn when given; a role sits
// under a folder, never under itself or one of its own descendants; a right's code has the form
// of one (RIGHT_CODE), since users' roles are stored joined by commas. A right the product's
// code reads is kept as it is by the class's declaration (Role.kept, src/domain/schema/rights.ts).
import { type Kysely, sql } from 'kysely';
import { RIGHT_CODE } from '../../../../src/domain/roles.ts';
import type { Violation } from '../../http/violations.ts';

export function prepareRole(values: Record<string, unknown>, before?: Record<string, unknown>) {
  // A body saving a folder drops what a right would have (spec §4: the client sends them
  // empty). A body that names realms or profiles for a role already a folder, without saying
  // it is one, is refused by checkRole rather than silently emptied.
  if (values.isFolder === true) {
    values.realms = [];
    values.profiles = [];
  }
  if ((values.deleteWarning ?? before?.deleteWarning) === true) values.hasWarning = false;
}

/** Whether the role is stored as a folder; undefined when there is no such role. */
async function isStoredFolder(trx: Kysely<unknown>, id: number): Promise<boolean | undefined> {
  const { rows } = await sql<{ isFolder: boolean }>`
    SELECT is_folder AS "isFolder" FROM role WHERE id = ${id}`.execute(trx);
  return rows[0]?.isFolder;
}

export async function checkRole(
  trx: Kysely<unknown>,
  values: Record<string, unknown>,
  id?: number,
): Promise<Violation[]> {
  const violations: Violation[] = [];
  // Whether the role is stored as a folder (a creation is none), read once whichever rule asks.
  let stored: Promise<boolean> | undefined;
  const storedIsFolder = () =>
    (stored ??= id === undefined ? Promise.resolve(false) : isStoredFolder(trx, id).then(Boolean));
  if (typeof values.name === 'string' && !RIGHT_CODE.test(values.name)) {
    if ((values.isFolder ?? (await storedIsFolder())) !== true) {
      violations.push({
        propertyPath: 'name',
        message:
          '« Code » : le code d’un droit s’écrit en majuscules sans accent, chiffres et _, en commençant par une lettre (VIEW_ADMIN), sans espace ni virgule.',
      });
    }
  }
  const parent = values.parent;
  if (typeof parent === 'number') {
    const parentIsFolder = await isStoredFolder(trx, parent);
    // A parent that is no folder is the declaration's refusal (Role.parent, relation.only).
    if (parentIsFolder === undefined) {
      violations.push({ propertyPath: 'parent', message: "Ce dossier n'existe pas." });
    } else if (parentIsFolder && id !== undefined && (await isWithin(trx, parent, id))) {
      violations.push({
        propertyPath: 'parent',
        message: 'Un dossier ne peut pas être rangé en lui-même ni dans son propre contenu.',
      });
    }
  }
  if (values.isFolder === undefined) {
    const given = (['realms', 'profiles'] as const).filter(
      (name) => Array.isArray(values[name]) && (values[name] as unknown[]).length > 0,
    );
    if (given.length && (await storedIsFolder())) {
      for (const name of given) {
        violations.push({
          propertyPath: name,
          message: 'Un dossier n’a ni royaumes ni profils : ils se donnent à ses droits.',
        });
      }
    }
  }
  if (values.isFolder === false && id !== undefined) {
    const { rows } = await sql`SELECT 1 FROM role WHERE parent_id = ${id} LIMIT 1`.execute(trx);
    if (rows.length) {
      violations.push({
        propertyPath: 'isFolder',
        message: 'Ce dossier contient des droits : déplacez-les avant d’en faire un droit.',
      });
    }
  }
  return violations;
}

/** Whether `role` is `ancestor` or lies somewhere under it. */
async function isWithin(trx: Kysely<unknown>, role: number, ancestor: number): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    WITH RECURSIVE up (id, parent_id, depth) AS (
      SELECT id, parent_id, 0 FROM role WHERE id = ${role}
      UNION ALL
      SELECT role.id, role.parent_id, up.depth + 1 FROM role JOIN up ON role.id = up.parent_id
      WHERE up.depth < 100
    )
    SELECT EXISTS (SELECT 1 FROM up WHERE id = ${ancestor}) AS found`.execute(trx);
  return rows[0]?.found === true;
}

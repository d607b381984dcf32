// What a role's write must respect beyond its fields (spec administration §4): a folder has no
// realms nor profiles; a role that warns on deletion does not also warn when given; a role sits
// under a folder, never under itself or one of its own descendants; a right's code has the form
// of one (RIGHT_CODE), since users' roles are stored joined by commas; a right the product's
// code reads (PRODUCT_RIGHTS) keeps its code, stays a right and is never deleted.
import { type Kysely, sql } from 'kysely';
import { RIGHT_CODE } from '../../../../src/domain/roles.ts';
import { PRODUCT_RIGHTS } from '../../../../src/domain/schema/productRights.ts';
import { httpError } from '../../http/problem.ts';
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

interface StoredRole {
  name: string;
  isFolder: boolean;
}

/** The role's code and kind as stored; undefined when there is no such role. */
async function storedRoleOf(trx: Kysely<unknown>, id: number): Promise<StoredRole | undefined> {
  const { rows } = await sql<StoredRole>`
    SELECT name, is_folder AS "isFolder" FROM role WHERE id = ${id}`.execute(trx);
  return rows[0];
}

/** Why a right the product's code reads is kept as it is: deleted, renamed, made a folder. */
const PRODUCT_RIGHT_KEPT = {
  delete: (code: string) =>
    `Suppression impossible : l’application s’appuie sur le droit ${code}. Retirez-le des profils qui ne doivent plus l’avoir.`,
  rename: (code: string) =>
    `Code non modifiable : l’application lit le droit ${code} sous ce code. Changez plutôt son libellé.`,
  folder: (code: string) =>
    `Le droit ${code} ne peut pas devenir un dossier : l’application s’appuie sur lui, et un dossier ne se donne à aucun profil.`,
};

/** A right the product's code reads (PRODUCT_RIGHTS) is never deleted: 409, nothing deleted. */
export function refuseProductRight(before: Record<string, unknown>): void {
  const code = String(before.name);
  if (PRODUCT_RIGHTS.has(code)) throw httpError(409, PRODUCT_RIGHT_KEPT.delete(code));
}

export async function checkRole(
  trx: Kysely<unknown>,
  values: Record<string, unknown>,
  id?: number,
): Promise<Violation[]> {
  const violations: Violation[] = [];
  // The role as stored (a creation is none), read once whichever rule asks first.
  let stored: Promise<StoredRole | undefined> | undefined;
  const storedRole = () =>
    (stored ??= id === undefined ? Promise.resolve(undefined) : storedRoleOf(trx, id));
  const storedIsFolder = async () => (await storedRole())?.isFolder ?? false;
  if (typeof values.name === 'string' && !RIGHT_CODE.test(values.name)) {
    if ((values.isFolder ?? (await storedIsFolder())) !== true) {
      violations.push({
        propertyPath: 'name',
        message:
          '« Code » : le code d’un droit s’écrit en majuscules sans accent, chiffres et _, en commençant par une lettre (VIEW_ADMIN), sans espace ni virgule.',
      });
    }
  }
  if (typeof values.name === 'string' || values.isFolder === true) {
    const code = (await storedRole())?.name;
    if (code !== undefined && PRODUCT_RIGHTS.has(code)) {
      if (typeof values.name === 'string' && values.name !== code) {
        violations.push({ propertyPath: 'name', message: PRODUCT_RIGHT_KEPT.rename(code) });
      }
      // A folder has no profiles (prepareRole empties them): every profile would lose it.
      if (values.isFolder === true) {
        violations.push({ propertyPath: 'isFolder', message: PRODUCT_RIGHT_KEPT.folder(code) });
      }
    }
  }
  const parent = values.parent;
  if (typeof parent === 'number') {
    const parentIsFolder = (await storedRoleOf(trx, parent))?.isFolder;
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

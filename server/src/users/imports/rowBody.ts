// A line of an import file as the body of a user's creation (POST /api/users/create): the
// cells translated to what the User class takes (a civility's word to its number, an
// organisation's SIRET or regroupement key to its id, a type's name to its role, a profile's
// name to its profile in the realm). What the line says wrong here is its failure; everything
// else is judged by the User rules themselves, as for a user created by hand.
// Lookups are remembered for the whole file: a file of 10,000 sellers of one organisation asks
// the database once for it.
import { type Kysely, sql } from 'kysely';
import { User } from '../../../../src/domain/schema/user.ts';
import { DEFAULT_REALM } from '../../../../src/domain/userForm.ts';
import { IMPORT_COLUMNS } from '../../../../src/domain/userImport.ts';
import type { DB } from '../../db/schema.ts';
import { parseValue } from '../../resources/framework/body.ts';
import type { DataScope } from '../../scope/index.ts';
import type { ImportRow } from './readFile.ts';

export interface RowBody {
  /** The body for the User write path, when the line could be translated. */
  body?: Record<string, unknown>;
  /** What the line says wrong, in French, each naming its column. */
  faults: string[];
  /** Why the line is skipped without being wrong (a warning): the template's example line. */
  skipped?: string;
  /** What the history row keeps of the line. */
  facts: {
    lastname: string | null;
    firstname: string | null;
    email: string | null;
    username: string | null;
    regroupementKey: string | null;
    organizationId: number | null;
  };
}

const CIVILITIES = new Map([
  ['mme', 1],
  ['madame', 1],
  ['1', 1],
  ['m', 2],
  ['m.', 2],
  ['monsieur', 2],
  ['2', 2],
]);

const orNull = (text: string | undefined) => (text ? text : null);

/** The texts of a line the User class checks on its own (required, length, form). */
const TEXTS = [
  'lastname',
  'firstname',
  'email',
  'username',
  'jobFunction',
  'sellerCode',
  'regroupementKey',
] as const;

function textFaults(body: Record<string, unknown>): string[] {
  return TEXTS.flatMap((name) => {
    const p = User.properties[name];
    const value = body[name] ?? null;
    if ((value === null || value === '') && !p.required) return [];
    const parsed = parseValue(p, value ?? '');
    return parsed.ok ? [] : [parsed.message];
  });
}

// The templates' example line left in a file (rows added under it) would create its account
// and send it an invitation: a line with its e-mail address is skipped, and says so.
const EXAMPLE_EMAIL = IMPORT_COLUMNS.find((c) => c.header === 'email')?.example ?? '';
const EXAMPLE_SKIPPED = `Ligne d'exemple du modèle (${EXAMPLE_EMAIL}) : ignorée, aucun compte n'est créé. Retirez-la du fichier.`;

/** The translation of lines for one importer, with what it has looked up so far. */
export function rowTranslator(db: Kysely<DB>, scope: DataScope) {
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    let found = memo.get(key) as Promise<T> | undefined;
    if (!found) {
      found = load();
      memo.set(key, found);
    }
    return found;
  };

  const bySiret = (siret: string) =>
    once(`siret:${siret}`, async () => {
      const rows = await db
        .selectFrom('organization')
        .select('id')
        .where('siret', '=', siret)
        .limit(2)
        .execute();
      return rows.map((r) => r.id);
    });

  // A key names the organisation of the users who carry it, among the users the importer sees.
  const byKey = (key: string) =>
    once(`key:${key.toLowerCase()}`, async () => {
      let query = db
        .selectFrom('app_user')
        .select('organization_id')
        .distinct()
        .where(sql`lower(regroupement_key)`, '=', key.toLowerCase())
        .where('organization_id', 'is not', null);
      if (scope.kind === 'partner') query = query.where('partner_id', '=', scope.partnerId);
      else if (scope.kind !== 'all') return [];
      return (await query.limit(2).execute()).map((r) => r.organization_id as number);
    });

  const typeRole = (text: string) =>
    once(`type:${text.toLowerCase()}`, async () => {
      const found = await db
        .selectFrom('user_type')
        .select('role')
        .where((eb) =>
          eb.or([
            eb('role', '=', text.toUpperCase()),
            eb(sql`lower(name)`, '=', text.toLowerCase()),
          ]),
        )
        .executeTakeFirst();
      return found?.role;
    });

  const typeNames = () =>
    once('types', async () =>
      (await db.selectFrom('user_type').select('name').orderBy('id').execute()).map((t) => t.name),
    );

  const profileIn = (name: string, realm: string) =>
    once(`profile:${name.toLowerCase()}@${realm}`, async () => {
      const found = await db
        .selectFrom('profile_realm')
        .innerJoin('profile', 'profile.id', 'profile_realm.profile_id')
        .innerJoin('realm', 'realm.id', 'profile_realm.realm_id')
        .select('profile_realm.id')
        .where(sql`lower(profile.name)`, '=', name.toLowerCase())
        .where('realm.name', '=', realm)
        .executeTakeFirst();
      return found?.id;
    });

  async function organisationOf(
    given: string,
    key: string,
    faults: string[],
  ): Promise<number | null> {
    let fromColumn: number | null = null;
    if (given) {
      if (/^\d{14}$/.test(given.replace(/\s/g, ''))) {
        const ids = await bySiret(given.replace(/\s/g, ''));
        if (ids.length === 1) fromColumn = ids[0];
        else {
          faults.push(
            ids.length
              ? `Organisation : plusieurs organisations ont le SIRET ${given} ; indiquez son numéro.`
              : `Organisation : aucune organisation n'a le SIRET ${given}.`,
          );
          return null;
        }
      } else if (/^\d{1,9}$/.test(given)) fromColumn = Number(given);
      else {
        faults.push(
          `Organisation : « ${given} » n'est ni un numéro d'organisation ni un SIRET (14 chiffres).`,
        );
        return null;
      }
    }
    if (!key) {
      // A partner administrator's line without one joins the administrator's own organisation,
      // as a user created from the form does (the users' create rules attach it).
      if (fromColumn === null && scope.kind !== 'partner') {
        faults.push('Organisation : indiquez une organisation ou une clé de regroupement connue.');
      }
      return fromColumn;
    }
    const ids = await byKey(key);
    if (fromColumn !== null) {
      if (ids.length && !ids.includes(fromColumn)) {
        faults.push(
          `Clé de regroupement : « ${key} » est celle d'une autre organisation que ${fromColumn}.`,
        );
      }
      return fromColumn;
    }
    if (ids.length === 1) return ids[0];
    faults.push(
      ids.length
        ? `Clé de regroupement : « ${key} » désigne plusieurs organisations ; indiquez l'organisation.`
        : `Clé de regroupement : « ${key} » est inconnue ; indiquez l'organisation.`,
    );
    return null;
  }

  return async function translate(row: ImportRow): Promise<RowBody> {
    const cell = (header: string) => row.cells.get(header) ?? '';
    const faults: string[] = [];
    const email = cell('email');
    const username = cell('identifiant') || email;
    const key = cell('cle_regroupement');
    if (email.toLowerCase() === EXAMPLE_EMAIL) {
      const facts = { lastname: orNull(cell('nom')), firstname: orNull(cell('prenom')) };
      return {
        faults,
        skipped: EXAMPLE_SKIPPED,
        facts: {
          ...facts,
          email,
          username: orNull(username),
          regroupementKey: orNull(key),
          organizationId: null,
        },
      };
    }
    const body: Record<string, unknown> = {
      lastname: cell('nom'),
      firstname: cell('prenom'),
      email,
      username,
      jobFunction: orNull(cell('fonction')),
      sellerCode: orNull(cell('code_vendeur')),
      regroupementKey: orNull(key),
      enabled: true,
    };

    const civility = cell('civilite');
    if (civility) {
      const id = CIVILITIES.get(civility.toLowerCase());
      if (id) body.civility = id;
      else faults.push(`Civilité : « ${civility} » n'est ni Mme ni M.`);
    }

    const type = cell('type');
    if (type) {
      const role = await typeRole(type);
      if (role) body.typeSelected = role;
      else {
        faults.push(
          `Type : « ${type} » n'est pas un type d'utilisateur (${(await typeNames()).join(', ')}).`,
        );
      }
    }

    const profile = cell('profil');
    if (profile) {
      const id = await profileIn(profile, DEFAULT_REALM);
      if (id) body.profileRealm = id;
      else faults.push(`Profil : « ${profile} » n'est pas un profil de droits des partenaires.`);
    }

    const organizationId = await organisationOf(cell('organisation'), key, faults);
    if (organizationId !== null) body.organization = organizationId;
    // A line already at fault is not given to the User rules: say what they would say of its
    // texts too, so that one import names every fault of the line.
    if (faults.length) faults.push(...textFaults(body));

    return {
      body: faults.length ? undefined : body,
      faults,
      facts: {
        lastname: orNull(body.lastname as string),
        firstname: orNull(body.firstname as string),
        email: orNull(email),
        username: orNull(username),
        regroupementKey: orNull(key),
        organizationId,
      },
    };
  };
}

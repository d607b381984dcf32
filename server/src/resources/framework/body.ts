// A write's body read against its class declaration (src/domain/schema): each writable property
// checked by its type with a French message naming its label, every fault of the body listed
// at once (a ConstraintViolationList, server/src/http/violations.ts).
//
// A key the class does not have is refused. A property the caller may not write (read-only, or
// writeRoles it lacks) is refused when it would change the value, and ignored when it repeats
// the current one: a client's edit form sends the whole record back (react-admin, HydraAdmin),
// and API Platform ignores what it cannot write. docs/api.md, "Writes".
import { hasAnyRole } from '../../../../src/domain/roles.ts';
import {
  type AnyClass,
  entries,
  isWritable,
  maxLengthFault,
  minimumFault,
  type PropertyDecl,
  patternFault,
  requiredFault,
} from '../../../../src/domain/schema/types.ts';
import type { Principal } from '../../auth/principal.ts';
import { httpError } from '../../http/problem.ts';
import type { Violation } from '../../http/violations.ts';
import { PG_INT_MAX, PG_INT_MIN } from '../../hydra/query.ts';
import { parseId } from './context.ts';

/** create: POST; replace: PUT (the whole object); patch: PATCH (merge-patch, the keys given). */
export type WriteMode = 'create' | 'replace' | 'patch';

/** JSON-LD keys a client sends back that are no property. */
const LINKED_DATA_KEYS = new Set(['@context', '@id', '@type']);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const hasControl = (value: string) =>
  [...value].some((c) => {
    const code = c.charCodeAt(0);
    return (code < 0x20 && c !== '\n' && c !== '\t') || code === 0x7f;
  });

/** « Nom » */
const quoted = (p: PropertyDecl) => `« ${p.label} »`;

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };
const fault = (message: string): Parsed => ({ ok: false, message });
const ok = (value: unknown): Parsed => ({ ok: true, value });

function isValidDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * The id a reference gives: 12, '/api/realms/12', an object with its '@id' or id, or an object
 * naming one related record (spec administration §7: `realms: [{ realm: '/api/realms/1' }]`).
 */
function referenceId(input: unknown): number | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return parseId(input);
  const record = input as Record<string, unknown>;
  if (record['@id'] !== undefined || record.id !== undefined) {
    return parseId(record['@id'] ?? record.id);
  }
  const values = Object.entries(record).filter(([key]) => key !== '@type');
  return values.length === 1 ? referenceId(values[0][1]) : undefined;
}

/** One value of a property, as the body gives it, to the value written. */
export function parseValue(p: PropertyDecl, input: unknown): Parsed {
  if (input === null || input === undefined) {
    if (p.required) return fault(requiredFault(p));
    return p.nullable ? ok(null) : fault(`${quoted(p)} ne peut pas être vide.`);
  }
  if (p.relation?.many) {
    if (!p.relation.through) return fault(`${quoted(p)} ne peut pas être modifié ainsi.`);
    if (!Array.isArray(input)) return fault(`${quoted(p)} doit être une liste.`);
    const ids = input.map(referenceId);
    return ids.includes(undefined)
      ? fault(`${quoted(p)} : chaque élément doit être désigné par son identifiant ou son IRI.`)
      : ok([...new Set(ids)]);
  }
  if (p.relation) {
    const id = referenceId(input);
    return id === undefined
      ? fault(`${quoted(p)} doit être désigné par son identifiant ou son IRI.`)
      : ok(id);
  }
  switch (p.type) {
    case 'string': {
      if (typeof input !== 'string') return fault(`${quoted(p)} doit être un texte.`);
      const text = input.trim();
      if (text === '') {
        if (p.required) return fault(requiredFault(p));
        return p.nullable ? ok(null) : fault(`${quoted(p)} ne peut pas être vide.`);
      }
      if (p.maxLength !== undefined && text.length > p.maxLength) {
        return fault(maxLengthFault(p));
      }
      if (hasControl(text)) return fault(`${quoted(p)} contient un caractère interdit.`);
      if (p.pattern && !new RegExp(p.pattern.regex).test(text)) {
        return fault(patternFault(p));
      }
      return ok(text);
    }
    case 'integer':
      if (typeof input !== 'number' || !Number.isInteger(input)) {
        return fault(`${quoted(p)} doit être un nombre entier.`);
      }
      if (p.minimum !== undefined && input < p.minimum) return fault(minimumFault(p));
      // Past what the column holds, it is an integer, just too large.
      return input >= PG_INT_MIN && input <= PG_INT_MAX
        ? ok(input)
        : fault(
            `${quoted(p)} doit être un nombre entier entre ${p.minimum ?? PG_INT_MIN} et ${PG_INT_MAX}.`,
          );
    case 'decimal': {
      const value = typeof input === 'string' && input.trim() !== '' ? Number(input) : input;
      return typeof value === 'number' && Number.isFinite(value)
        ? ok(value)
        : fault(`${quoted(p)} doit être un nombre.`);
    }
    case 'boolean':
      return typeof input === 'boolean'
        ? ok(input)
        : fault(`${quoted(p)} doit valoir vrai ou faux.`);
    case 'date':
      return typeof input === 'string' && isValidDate(input)
        ? ok(input)
        : fault(`${quoted(p)} doit être une date (AAAA-MM-JJ).`);
    case 'dateTime':
      return typeof input === 'string' &&
        /^\d{4}-\d{2}-\d{2}T/.test(input) &&
        !Number.isNaN(Date.parse(input))
        ? ok(input)
        : fault(`${quoted(p)} doit être une date et une heure (ISO 8601).`);
    case 'json':
      return ok(JSON.stringify(input));
  }
}

/** Whether the caller may write the property. */
export function writableBy(p: PropertyDecl, principal: Principal): boolean {
  return isWritable(p) && (!p.writeRoles?.length || hasAnyRole(principal.roles, p.writeRoles));
}

/** A value sent back unchanged: equal to the current one, an IRI or embedded record included. */
function repeats(input: unknown, current: unknown): boolean {
  if (JSON.stringify(input) === JSON.stringify(current)) return true;
  const id = (value: unknown) =>
    value && typeof value === 'object' ? (value as Record<string, unknown>)['@id'] : value;
  return current !== undefined && id(input) !== undefined && id(input) === id(current);
}

export interface ReadBody {
  /** Values to write, by property name. */
  values: Record<string, unknown>;
  violations: Violation[];
}

/**
 * Reads a body for a write. `current` is the member as GET shows it (replace, patch): a value
 * it already holds may be sent back whatever the caller may write. A body that is no JSON
 * object is a 400; faults of its fields are violations (422).
 */
export function readBody(
  decl: AnyClass,
  body: unknown,
  mode: WriteMode,
  principal: Principal,
  current?: Record<string, unknown>,
): ReadBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw httpError(400, 'Le corps de la requête doit être un objet JSON.');
  }
  const input = body as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  const violations: Violation[] = [];
  const refuse = (propertyPath: string, message: string) =>
    violations.push({ propertyPath, message });

  for (const [key, value] of Object.entries(input)) {
    if (LINKED_DATA_KEYS.has(key)) continue;
    const p = decl.properties[key];
    if (!p) {
      refuse(key, "Ce champ n'existe pas.");
      continue;
    }
    if (writableBy(p, principal)) continue;
    if (current && key in current && repeats(value, current[key])) continue;
    refuse(key, `${quoted(p)} ne peut pas être modifié.`);
  }

  for (const [name, p] of entries(decl)) {
    if (!writableBy(p, principal)) continue;
    const given = Object.hasOwn(input, name);
    if (!given) {
      // PATCH changes only what it names; POST and PUT must name what is required.
      if (p.required && mode !== 'patch') refuse(name, requiredFault(p));
      continue;
    }
    const parsed = parseValue(p, input[name]);
    if (parsed.ok) values[name] = parsed.value;
    else refuse(name, parsed.message);
  }
  return { values, violations };
}

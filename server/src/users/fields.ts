// The fields of a seller or manager as the API takes them (API Platform's JSON-LD body: nested
// `employee`, references as IRIs), each checked on its own with zod so that one answer names
// every field at fault, with a French message (spec §3 "Seller/broker and manager").
import { z } from 'zod';
import { User } from '../../../src/domain/schema/user.ts';
import type { Violation } from '../http/violations.ts';
import { parseId } from '../resources/framework/index.ts';

// biome-ignore lint/suspicious/noExplicitAny: a JSON body, read field by field.
type Json = Record<string, any>;

/** Control characters (PostgreSQL refuses NUL in text; none belongs in a name). */
const hasControl = (value: string) =>
  [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
const missing = (input: unknown) => input === undefined || input === null;

/** A required text: trimmed, not blank, bounded, without control characters. */
function text(label: string, required: string, max: number) {
  return z
    .string({
      error: (issue) => (missing(issue.input) ? required : `${label} doit être un texte.`),
    })
    .trim()
    .min(1, { error: required })
    .max(max, { error: `${label} ne doit pas dépasser ${max} caractères.` })
    .refine((value) => !hasControl(value), { error: `${label} contient un caractère interdit.` });
}

/** A reference: an IRI ('/api/organizations/3'), an id, or an embedded {'@id'} / {id}. */
function reference(required: string, malformed: string) {
  return z.unknown().transform((input, ctx) => {
    if (missing(input) || input === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const raw = typeof input === 'object' ? ((input as Json)['@id'] ?? (input as Json).id) : input;
    const id = parseId(raw);
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', message: malformed });
      return z.NEVER;
    }
    return id;
  });
}

// The same limits and forms as a user written through the User class (the administration's
// form, the imports): a seller created here can be edited there.
const { properties } = User;
// A declaration without the limit or form read here would check nothing: refused at start.
const limit = (name: keyof typeof properties): number =>
  properties[name].maxLength ?? fail(`User.${name} declares no maxLength`);
const form = (name: keyof typeof properties): RegExp =>
  new RegExp(properties[name].pattern?.regex ?? fail(`User.${name} declares no pattern`));
function fail(message: string): never {
  throw new Error(message);
}
const USERNAME = form('username');
const EMAIL = form('email');
const SELLER_CODE = form('sellerCode');

export const FIELDS = {
  username: text(
    "Le nom d'utilisateur",
    "Le nom d'utilisateur est obligatoire.",
    limit('username'),
  ).refine((value) => USERNAME.test(value), {
    error:
      "Le nom d'utilisateur commence par une lettre ou un chiffre et ne contient que des lettres sans accent, des chiffres et les caractères . _ @ -",
  }),
  email: text("L'adresse e-mail", "L'adresse e-mail est obligatoire.", limit('email')).refine(
    (value) => EMAIL.test(value),
    { error: "L'adresse e-mail n'est pas valide." },
  ),
  enabled: z.boolean({ error: 'Le champ « Actif » doit valoir vrai ou faux.' }),
  sellerCode: text(
    'Le code vendeur',
    'Le code vendeur est obligatoire.',
    limit('sellerCode'),
  ).refine((value) => SELLER_CODE.test(value), {
    error: 'Le code vendeur ne peut contenir que des lettres sans accent, des chiffres, - et _.',
  }),
  partnerId: reference(
    'Le partenaire est obligatoire.',
    'Le partenaire doit être désigné par son identifiant ou son IRI (/api/organizations/{id}).',
  ),
  roles: z.array(z.string({ error: 'Chaque rôle doit être un texte.' }), {
    error: 'Les rôles doivent être une liste.',
  }),
  'employee.civility': z
    .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], {
      error: (issue) =>
        missing(issue.input)
          ? 'La civilité est obligatoire.'
          : 'La civilité doit être 1 (Mme) ou 2 (M.).',
    })
    .transform(Number),
  'employee.firstname': text('Le prénom', 'Le prénom est obligatoire.', limit('firstname')),
  'employee.lastname': text('Le nom', 'Le nom est obligatoire.', limit('lastname')),
  'employee.jobFunction': text('La fonction', 'La fonction est vide.', limit('jobFunction')),
  'employee.organization': reference(
    "L'organisation est obligatoire.",
    "L'organisation doit être désignée par son IRI (/api/organizations/{id}).",
  ),
  'employee.managedBy': reference(
    'Le manager est obligatoire.',
    'Le manager doit être désigné par son IRI (/api/supervisors/{id}).',
  ),
} as const;

export type FieldName = keyof typeof FIELDS;
export type FieldValues = { [K in FieldName]?: z.output<(typeof FIELDS)[K]> };

/** The value at a dotted path of the body ('employee.firstname'). */
function at(body: Json, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Json)?.[key], body);
}

/**
 * Checks the named fields of the body. Required fields are checked even when absent; an
 * optional field that is absent or null is left out of the values.
 */
export function checkFields(
  body: Json,
  required: readonly FieldName[],
  optional: readonly FieldName[],
): { values: FieldValues; violations: Violation[] } {
  const values: Record<string, unknown> = {};
  const violations: Violation[] = [];
  for (const name of [...required, ...optional]) {
    const input = at(body, name);
    if (!required.includes(name) && missing(input)) continue;
    const result = FIELDS[name].safeParse(input);
    if (result.success) values[name] = result.data;
    else violations.push({ propertyPath: name, message: result.error.issues[0].message });
  }
  return { values: values as FieldValues, violations };
}

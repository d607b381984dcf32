// The shape of a class declaration: the ONE place where each property of an API class is named,
// with its type, French label, relation, filter, sort, export column and who may read or write
// it. The server derives its SQL mapping, parameter parsing, write validation, Hydra
// documentation and export columns from it; the SPA its labels (resources.<name>.fields.*),
// sort aliases, sortable columns and the plain inputs of the generic screens
// (docs/architecture.md, "Adding a resource"). Pure data: no I/O, shared by both halves.

import type { Area } from '../access.ts';
import type { AuditDecl } from '../audit.ts';

/** The JSON value of a property. 'json' is an embedded value with no class of its own. */

/** A member as the API shows it, read by name. */
// biome-ignore lint/suspicious/noExplicitAny: a member is JSON, read by name.
export type Member = Record<string, any>;
export type ValueType = 'string' | 'integer' | 'decimal' | 'boolean' | 'date' | 'dateTime' | 'json';

/**
 * How a property is filtered (API Platform's filters):
 * - exact: equality, several values mean any (`state[]=1&state[]=2`);
 * - partial: contains the text, ignoring case and French accents;
 * - iri: equality on an id, given as a number or an IRI (`/api/products/12`);
 * - date: bounds `name[after]`, `name[before]`, `name[strictly_after]`, `name[strictly_before]`;
 * - range: numeric bounds `name[gte]`, `name[lte]`, `name[gt]`, `name[lt]`, `name[between]=a..b`.
 */
export type FilterKind = 'exact' | 'partial' | 'iri' | 'date' | 'range';

/** The most members a page of any collection holds (`itemsPerPage` 1 to this). */
export const MAX_ITEMS_PER_PAGE = 100;

export interface FilterDecl {
  kind: FilterKind;
  /** Other parameter names meaning the same filter (spec §7 aliases: 'product.id'). */
  aliases?: readonly string[];
  /** Value type when it is not the property's (a filter that is no property). */
  type?: 'string' | 'integer' | 'boolean';
  /**
   * French label of a filter that is no property; on a property, the filter input's own
   * wording when it is not the column's ('Code postal (début)': filterLabel).
   */
  label?: string;
  /** The SQL column of a filter that is no property ('subscription.contract_id'). */
  column?: string;
}

export interface SortDecl {
  /** Other order names the server accepts for it (spec §7 aliases: 'contract.lbContrat'). */
  aliases?: readonly string[];
  /** The order name the SPA sends for this column (a §7 alias), when not its own name. */
  as?: string;
  /** Sorts on another column than the property's own (a label sorted by its id...). */
  column?: string;
  /**
   * No keyset cursor past the counted rows (a column with few distinct values, a boolean):
   * deep pages of this order need a narrower filter. Nullable columns never have one.
   */
  cursor?: false;
  /**
   * Empty values last whichever the direction (a user never signed in comes after every
   * sign-in, newest or oldest first), where PostgreSQL puts them first when descending.
   */
  emptyLast?: true;
}

/** Kinds of export cell (server/src/exports/columns.ts writes each as XLSX and CSV). */
export type ExportKind = 'text' | 'integer' | 'amount' | 'percent' | 'date' | 'shortDate';

/** A column of the class's Excel and CSV exports, headed by its field's label (allLabels). */
export interface ExportColumnDecl<P extends string = string> {
  /** A property, or a shown column ('contrat.lbProduit', 'total'). */
  field: P | (string & {});
  kind: ExportKind;
  /** Width in characters (XLSX). */
  width: number;
  /** The cell when it is not the field's value as it is (a number made of two fields). */
  value?: (member: Member) => unknown;
}

/** An order on a column of a related table, named as API Platform names it ('contract.lbContrat'). */
export interface ClassSortDecl {
  column: string;
  /** French label of the column that shows it ('Contrat'). */
  label?: string;
  aliases?: readonly string[];
  /** The column may hold null (no keyset cursor on it). */
  nullable?: boolean;
}

export interface RelationDecl {
  /** The Hydra class it points at: 'Product'. */
  target: string;
  /** A list of them (to-many); a single one otherwise (owl:maxCardinality 1). */
  many?: boolean;
  /**
   * A to-many relation held in a link table: the framework reads it as a list of IRIs, filters
   * on it (`profiles.profile=3`), and a writable one replaces the links with the list a body
   * gives (IRIs, ids, or objects naming one: `[{ realm: '/api/realms/1' }]`).
   */
  through?: LinkDecl;
  /**
   * How a client writes each element: `{ [member]: IRI }` (spec administration §7, a profile's
   * `realms[{realm}]`), the link table's row as the older API named it. The server takes this
   * shape, an id or an IRI alike.
   */
  member?: string;
  /**
   * Which targets may be chosen, by one of the target's boolean properties (a profile's rights
   * are rights, not folders; a role's parent is a folder): the server refuses any other with
   * `message` (422), the forms offer only these.
   */
  only?: { property: string; equals: boolean; message: string };
}

/** A link table: `owner` holds the declared class's id, `target` the related class's id. */
export interface LinkDecl {
  table: string;
  owner: string;
  target: string;
  /** The link's order when listed (the target id by default): 'list_order'. */
  order?: string;
}
// A relation of type 'json' is sent embedded (the object, with its '@id'): documented as an
// rdf:Property, which Hydra clients show in place. Any other type is sent as the IRI string:
// a hydra:Link, which they fetch.

export interface PropertyDecl {
  type: ValueType;
  /** French, the one label: column header, form label, export header, hydra:description. */
  label: string;
  description?: string;
  relation?: RelationDecl;
  /**
   * The SQL column it is read from ('contract.lb_contrat'); written to when writable (the
   * part after the dot). Without it the server computes the value (a relation, a derived rule).
   */
  column?: string;
  /** Sent in answers (default true). */
  readable?: boolean;
  /** Left out of the generic list's columns: another column already shows its value. */
  listed?: false;
  /** Accepted in POST/PUT/PATCH bodies (default false). */
  writable?: boolean;
  /**
   * It applies only while other properties hold these values (a right's realms: not a
   * folder's): the forms show its input only then. What the server does with it otherwise is
   * the class's own rule (server/src/resources/rights/roleRules.ts empties a folder's realms).
   */
  onlyWhen?: Readonly<Record<string, string | number | boolean | null>>;
  /** A write must give it (POST and PUT). */
  required?: boolean;
  /** null is a value it may hold (and be written). */
  nullable?: boolean;
  /** Longest text accepted on write. */
  maxLength?: number;
  /** Smallest integer accepted on write (an order is never negative). */
  minimum?: number;
  /** A text written must match (an anchored regular expression), else « label » + message. */
  pattern?: { regex: string; message: string };
  /** Only these (expanded) roles read it; others get the member without it. */
  readRoles?: readonly string[];
  /** Only these (expanded) roles write it; for others it is not writable. */
  writeRoles?: readonly string[];
  filter?: FilterKind | FilterDecl;
  sort?: true | SortDecl;
  /** A closed list of values, each with its French label: screens show and filter by label. */
  choices?: Readonly<Record<string, string>>;
  /**
   * No two records hold the same value (the database's unique index has the last word: 422
   * « Cette valeur est déjà utilisée. »). Forms offer only the choices no other record holds.
   */
  unique?: true;
}

/**
 * Records the product's own code relies on (a right it reads by its code). For a stored record
 * `when` holds for, the server refuses its deletion (409, `deleted`) and a change of any of
 * `fields` (422, that field's message); the screens offer neither.
 */
export interface KeptDecl<P extends string = string> {
  when(record: Member): boolean;
  /** Why such a record cannot be deleted. */
  deleted(record: Member): string;
  /** The fields such a record keeps, each with why. */
  fields: Readonly<Partial<Record<P, (record: Member) => string>>>;
}

export interface ClassDecl<P extends string = string> {
  /** Hydra class, also the JSON-LD context's name: 'Contract'. */
  name: string;
  /** react-admin resource name and the entrypoint's key: 'contracts'. */
  resource: string;
  /** French names: one record, several (react-admin resources.<name>.name). */
  title: string;
  plural: string;
  /** The title's grammatical gender, for the words said of one record (./words.ts): masculine unless 'f'. */
  gender?: 'f';
  description?: string;
  /**
   * Its records change through hand-written routes, not the write path (an import and its
   * progress): they publish on the class's hub topic, as every write of a writable class does,
   * and its lists and details follow it (hasLiveTopic).
   */
  liveTopic?: true;
  /**
   * Where the API serves it: its collection (listed in the entrypoint) and the item base when it
   * differs. A class listed only under a parent (a contract's subscriptions) has no collection
   * of its own: its item base then says where its members live.
   */
  paths:
    | {
        collection: string;
        item?: string;
        /** Other paths serving the same list (spec §7: /api/roles_by_profile). */
        also?: readonly string[];
        /** Another path a POST creates at, besides the collection (spec §7: /api/users/create). */
        create?: string;
      }
    | { collection?: undefined; item: string; also?: undefined; create?: undefined };
  /** The property that names a record in a reference or a title ('lbProduit'). */
  display?: NoInfer<P>;
  properties: Readonly<Record<P, PropertyDecl>>;
  /** Filters that are no property of the class (a relation's id, a search across tables). */
  filters?: Readonly<Record<string, FilterDecl>>;
  /**
   * Labels of the columns screens and exports show that are no property: a field of an
   * embedded record ('contrat.lbProduit': 'Produit') or a value computed for display ('total').
   */
  shown?: Readonly<Record<string, string>>;
  /**
   * The properties computed from a member's own fields by a rule both halves share (a
   * contract's type and providers, spec §3 "Derived"): the server adds them to every answer but
   * a lean page (`Prefer: return=minimal`), where the SPA's data provider adds them back with
   * the same function. The keys it returns are declared properties.
   */
  derived?(member: Member): Record<string, unknown>;
  /** Orders that are no property of the class: a related record's column ('insured.lastname'). */
  sorts?: Readonly<Record<string, ClassSortDecl>>;
  /**
   * The order of a list when none is asked (spec §9); the id is always the last key. A property
   * or one of `sorts` (checked when the server starts).
   */
  defaultOrder: readonly { field: NoInfer<P> | (string & {}); direction: 'asc' | 'desc' }[];
  /**
   * Members per page when the request names none (10 otherwise): an option list gives all its
   * choices at once (100), as the SPA's selectors read it without a page size (spec §7).
   */
  pageSize?: number;
  /** The columns of its Excel and CSV exports, in order (a list that has export buttons). */
  exports?: readonly ExportColumnDecl<NoInfer<P>>[];
  /** The table a write goes to; writes need it and a writable property. */
  table?: string;
  /**
   * Served by the framework from this declaration alone: list, item, writes on the server
   * (server/src/resources/framework/generic.ts) and the generic screens in the SPA. Needs
   * `table`, and properties whose columns are `<table>.<column>`.
   */
  generic?: boolean;
  /**
   * Where the SPA shows a generic class: the base path of its screens (list at the path,
   * `/create`, `/:id`, `/:id/edit`) and the area whose roles open them (src/domain/access.ts).
   */
  screens?: {
    path: string;
    area: Area;
    /** The list's entry in a submenu of the side menu (the key of its parent declaration). */
    menu?: { parent: string; label: string };
  };
  /**
   * What the screens say before a delete, read from the record: its own warning (shown when
   * its `flag` property is true, the text of its `message` property), and how many records its
   * `inUse` list holds (a role's profiles, which lose it).
   */
  deleteWarning?: { flag: NoInfer<P>; message: NoInfer<P>; inUse?: NoInfer<P> };
  /** The records kept as they are, in part, because the product's code relies on them. */
  kept?: KeptDecl<NoInfer<P>>;
  /**
   * Its records tell a change of another class's record (the rights history): the detail
   * shows what differs between the `before` and `after` snapshots, each under the label the
   * changed class (named by `classOf`) gives it, rather than the raw JSON alone.
   */
  changeOf?: {
    classOf: NoInfer<P>;
    before: NoInfer<P>;
    after: NoInfer<P>;
    /** The label of what differs (« Changements »); its columns are `before`'s and `after`'s. */
    label: string;
  };
  /** French messages of the writes; sensible defaults otherwise (framework/write.ts). */
  messages?: {
    /** 404: 'Ce fournisseur est introuvable.' */
    notFound?: string;
    /** 409, a DELETE of a record others refer to. */
    inUse?: string;
    /** The SPA's toast when its list or a record cannot be loaded (spec §8). */
    loadError?: string;
    /** The SPA's toast when a save fails for another reason than the form's fields. */
    saveError?: string;
  };
  /**
   * Each write is history (rights_change, read at /api/rights_changes): who, when, which record,
   * the member before and after. The classes that say who may do what.
   */
  audited?: boolean;
  /**
   * What its reads and writes leave in the audit trail (audit_event, read at
   * /api/audit_events): the framework's item, list and write handlers record them
   * (server/src/audit/record.ts, src/domain/audit.ts).
   */
  audit?: AuditDecl;
  /** Roles any one of which may read it; may create, update, delete it (none: no such write). */
  access: {
    read?: readonly string[];
    create?: readonly string[];
    update?: readonly string[];
    delete?: readonly string[];
  };
}

/** The id of a class read from `<table>.id`: sorted, and filtered by a number or an IRI. */
export const idProperty = (table: string) =>
  ({
    type: 'integer',
    label: 'Identifiant',
    column: `${table}.id`,
    sort: true,
    filter: 'iri',
  }) as const;

/** Identity function that checks a declaration and keeps its literal property names. */
export function defineClass<P extends string>(decl: ClassDecl<P>): ClassDecl<P> {
  return decl;
}

export type AnyClass = ClassDecl<string>;

export const filterOf = (p: PropertyDecl): FilterDecl | undefined =>
  typeof p.filter === 'string' ? { kind: p.filter } : p.filter;

export const sortOf = (p: PropertyDecl): SortDecl | undefined => (p.sort === true ? {} : p.sort);

export const isReadable = (p: PropertyDecl) => p.readable !== false;
/** The link table of a to-many relation held in one. */
export const linkOf = (p: PropertyDecl): LinkDecl | undefined =>
  p.relation?.many ? p.relation.through : undefined;
export const isWritable = (p: PropertyDecl) => p.writable === true;

/**
 * Whether a property applies to a record or a form's values (`onlyWhen`): each named property
 * holds the value asked, an absent flag counting as false (an unticked box).
 */
export function applies(p: PropertyDecl, read: (name: string) => unknown): boolean {
  return Object.entries(p.onlyWhen ?? {}).every(([name, expected]) => {
    const value = read(name);
    return expected === false ? !value : (value ?? null) === expected;
  });
}

/** Whether the class takes any write (it names roles for one of create, update, delete). */
export const isWritableClass = (decl: AnyClass) =>
  Boolean(decl.access.create || decl.access.update || decl.access.delete);

/** Whether the hub has a topic named after the class, on which its changes are announced. */
export const hasLiveTopic = (decl: AnyClass) => isWritableClass(decl) || decl.liveTopic === true;

export function entries(decl: AnyClass): Array<[string, PropertyDecl]> {
  return Object.entries(decl.properties);
}

/** resources.<name>.fields.<field> for react-admin, and the class's names. */
export function fieldLabels(decl: AnyClass): Record<string, string> {
  return Object.fromEntries(entries(decl).map(([name, p]) => [name, p.label]));
}

/**
 * Every label of the class by source: a property's filter aliases ('assure.lastname' is the
 * last name), shown columns, filters and orders that are no property, then the properties. The
 * SPA's resources.<name>.fields and the exports' headers read it.
 */
export function allLabels(decl: AnyClass): Record<string, string> {
  const named = [...Object.entries(decl.filters ?? {}), ...Object.entries(decl.sorts ?? {})];
  const aliases = entries(decl).flatMap(([, p]) =>
    (filterOf(p)?.aliases ?? []).map((alias) => [alias, p.label] as const),
  );
  return {
    ...Object.fromEntries(aliases),
    ...decl.shown,
    ...Object.fromEntries(named.flatMap(([name, f]) => (f.label ? [[name, f.label]] : []))),
    ...fieldLabels(decl),
  };
}

/** How a date bound's input reads after its field's label (spec §5: field[after], field[before]). */
const BOUND_WORDS = { after: 'à partir du', before: "jusqu'au" } as const;

/**
 * The label of a list's filter input named `name`: a filter that is no property, or a
 * property's filter with its own wording ('Code postal (début)'), else the property's label.
 * An alias names its filter: 'dtDebVal' is dateDebVal's, 'profile' a user's
 * profileRealm.profile. A date bound adds its word: 'Date de naissance (à partir du)'.
 */
export function filterLabel(
  decl: AnyClass,
  name: string,
  bound?: keyof typeof BOUND_WORDS,
): string {
  const filters = decl.filters ?? {};
  const own = Object.hasOwn(filters, name)
    ? filters[name]
    : Object.values(filters).find((f) => f.aliases?.includes(name));
  const property = Object.hasOwn(decl.properties, name)
    ? decl.properties[name]
    : entries(decl).find(([, p]) => filterOf(p)?.aliases?.includes(name))?.[1];
  const label = own?.label ?? (property && (filterOf(property)?.label ?? property.label));
  if (!label) throw new Error(`Class ${decl.name} has no filter ${name}`);
  return bound ? `${label} (${BOUND_WORDS[bound]})` : label;
}

/** Screen column -> the order name the API is sent (only where they differ). */
export function sortAliases(decl: AnyClass): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, p] of entries(decl)) {
    const as = sortOf(p)?.as;
    if (as && as !== name) out[name] = as;
  }
  return out;
}

/** The columns a list may sort: the properties declared sortable, and the class's own orders. */
export function sortableFields(decl: AnyClass): string[] {
  return [
    ...entries(decl)
      .filter(([, p]) => p.sort)
      .map(([name]) => name),
    ...Object.keys(decl.sorts ?? {}),
  ];
}

/** What a missing required value is told: by the API's 422 and by the forms alike. */
export const requiredFault = (p: PropertyDecl): string => `« ${p.label} » est obligatoire.`;

/** What a text over the property's length is told: by the API's 422 and by the forms alike. */
export const maxLengthFault = (p: PropertyDecl): string =>
  `« ${p.label} » ne doit pas dépasser ${p.maxLength} caractères.`;

/** What a text breaking the property's pattern is told: by the API's 422 and by the forms alike. */
export const patternFault = (p: PropertyDecl): string =>
  `« ${p.label} » ${p.pattern?.message ?? "n'a pas la forme attendue."}`;

/** What an integer under the property's minimum is told: by the API's 422 and by the forms alike. */
export const minimumFault = (p: PropertyDecl): string =>
  `« ${p.label} » ne peut pas être inférieur à ${p.minimum}.`;

/** The collection path of a class that has one (the entrypoint lists it). */
export function collectionPath(decl: AnyClass): string {
  if (!decl.paths.collection) throw new Error(`Class ${decl.name} has no collection of its own`);
  return decl.paths.collection;
}

/** The item path base of a member: /api/contracts for /api/contracts/12. */
export const itemBase = (decl: AnyClass): string => decl.paths.item ?? collectionPath(decl);

/** Whether the stored record is one the product's code relies on (the class's `kept`). */
export const isKept = (decl: AnyClass, record: Member | undefined): record is Member =>
  Boolean(record && decl.kept?.when(record));

/** Why the record keeps each of its kept fields as it is (`kept.fields`); none if it is not kept. */
export function keptReasons(decl: AnyClass, record: Member | undefined): Record<string, string> {
  if (!isKept(decl, record)) return {};
  return Object.fromEntries(
    Object.entries(decl.kept?.fields ?? {}).flatMap(([field, why]) =>
      why ? [[field, why(record)]] : [],
    ),
  );
}

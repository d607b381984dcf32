// Members built in one object literal, not key by key. A member given its ~40 properties one
// assignment at a time keeps most of them outside the object (V8 grows a separate property
// store again and again), which cost 11 to 16% more server CPU per computed contract page
// than the hand-written literal it replaced (docs/benchmarks.md, "Schema-first"); measured
// alone, a page of 10 members built and serialised took 80 µs key by key, 35 µs as a literal.
// So each shape (the keys a caller may read, the computed keys) gets a function whose body is
// that literal, compiled once and kept. The keys come from the class declarations and the
// resource modules' code, never from a request; each is written as a JSON string.

type Row = Record<string, unknown>;

export interface MemberShape {
  type: string;
  /** Properties copied from the row as they are. */
  columns: readonly string[];
  /** To-one relations held as an id in the row, sent as the IRI `${base}/${id}`. */
  links: ReadonlyArray<{ name: string; base: string }>;
  /** Computed properties, copied from the compute's object of the member. */
  computed: readonly string[];
}

export type BuildMember = (id: string, row: Row, extra: Row | undefined) => Row;

const built = new Map<string, BuildMember>();

const key = JSON.stringify;

function compile(shape: MemberShape): BuildMember {
  const names = [...shape.columns, ...shape.links.map((l) => l.name), ...shape.computed];
  // In a literal, "__proto__": x would set the prototype instead of a property.
  if (names.includes('__proto__')) throw new Error(`Class ${shape.type}: no property __proto__`);
  const parts = [
    `"@id": id`,
    `"@type": ${key(shape.type)}`,
    ...shape.columns.map((name) => `${key(name)}: row[${key(name)}]`),
    ...shape.links.map(
      ({ name, base }) =>
        `${key(name)}: row[${key(name)}] == null ? null : ${key(`${base}/`)} + row[${key(name)}]`,
    ),
    ...shape.computed.map((name) => `${key(name)}: extra[${key(name)}]`),
  ];
  return new Function('id', 'row', 'extra', `return { ${parts.join(', ')} };`) as BuildMember;
}

/** The builder of members of this shape (compiled the first time the shape is met). */
export function memberBuilder(shape: MemberShape): BuildMember {
  const signature = key([
    shape.type,
    shape.columns,
    shape.links.map((l) => [l.name, l.base]),
    shape.computed,
  ]);
  let build = built.get(signature);
  if (!build) {
    build = compile(shape);
    built.set(signature, build);
  }
  return build;
}

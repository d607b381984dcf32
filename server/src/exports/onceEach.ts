// A function of a text computed once per distinct text during one export: a million rows repeat
// a few thousand dates and lists of ids. Past `limit` texts it starts over, so that an export
// whose texts are all different holds no more than that.
export function onceEach<T>(limit: number, make: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      if (known.size >= limit) known.clear();
      value = make(key);
      known.set(key, value);
    }
    return value;
  };
}

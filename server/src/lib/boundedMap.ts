// A Map that holds at most `max` entries: setting a key past that drops the oldest one (the key
// set longest ago; setting a key again makes it the newest). The server's small caches (verified
// tokens, principals, recent counts, compiled page plans and their audit events, query strings
// read) stay bounded this way whatever the traffic, with a lookup as cheap as a Map's.
export class BoundedMap<K, V> extends Map<K, V> {
  readonly #max: number;

  constructor(max: number) {
    super();
    if (!(max >= 1)) throw new RangeError(`BoundedMap: max must be at least 1, not ${max}`);
    this.#max = max;
  }

  override set(key: K, value: V): this {
    if (this.has(key)) this.delete(key);
    else if (this.size >= this.#max) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}

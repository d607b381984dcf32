// The resources the API publishes, added by each resource module from its class declaration
// (`app.hydra.add(hydraClass(Product))`, src/domain/schema), from which the API documentation,
// the entrypoint and the JSON-LD contexts are all derived.

/** XML Schema ranges api-doc-parser maps to field types, or '#Class' for a link. */
export type HydraRange =
  | 'xmls:string'
  | 'xmls:integer'
  | 'xmls:decimal'
  | 'xmls:boolean'
  | 'xmls:date'
  | 'xmls:dateTime'
  | `#${string}`;

export interface HydraProperty {
  name: string;
  range?: HydraRange;
  /** French label shown by generic admin screens; defaults to the name. */
  title?: string;
  description?: string;
  required?: boolean;
  /** Defaults to true. */
  readable?: boolean;
  /** Defaults to false: most of this API is read-only. */
  writeable?: boolean;
  /** True when the value is the IRI of another resource (its range names the class). */
  link?: boolean;
  /**
   * A to-many relation (a list). A property whose range is a class is to-one otherwise, and
   * documented with owl:maxCardinality 1: @api-platform/admin reads a list without it.
   */
  many?: boolean;
}

export type ItemMethod = 'GET' | 'PUT' | 'PATCH' | 'DELETE';
export type CollectionMethod = 'GET' | 'POST';

export interface HydraResource {
  /** Class short name, also the name of its JSON-LD context: 'Contract'. */
  name: string;
  /** French title of the class. */
  title: string;
  description?: string;
  /** The collection the entrypoint lists, when there is one. */
  collection?: { path: string; key: string; methods?: CollectionMethod[] };
  properties: HydraProperty[];
}

export class HydraRegistry {
  readonly #resources = new Map<string, HydraResource>();
  /** Item operations actually served, per class: only those are documented. */
  readonly #itemMethods = new Map<string, Set<ItemMethod>>();

  /** Called by the framework when it registers an item route of the class. */
  serveItem(name: string, method: ItemMethod): void {
    const methods = this.#itemMethods.get(name) ?? new Set<ItemMethod>();
    methods.add(method);
    this.#itemMethods.set(name, methods);
  }

  itemMethods(name: string): ItemMethod[] {
    return [...(this.#itemMethods.get(name) ?? [])];
  }

  add(resource: HydraResource): void {
    if (this.#resources.has(resource.name) || resource.name === 'Entrypoint') {
      throw new Error(`Hydra class ${resource.name} is declared twice`);
    }
    this.#resources.set(resource.name, resource);
  }

  get(name: string): HydraResource | undefined {
    return this.#resources.get(name);
  }

  all(): HydraResource[] {
    return [...this.#resources.values()];
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where resource modules declare their Hydra classes (server/src/hydra/registry.ts). */
    hydra: HydraRegistry;
  }
}

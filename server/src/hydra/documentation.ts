// Builds the Hydra API documentation, the entrypoint and the JSON-LD contexts from the
// registry, in the shape API Platform produces and api-doc-parser (@api-platform/admin) reads:
// class and property ids relative to the documentation ('#Contract', '#Contract/state'),
// entrypoint properties typed hydra:Link whose range says "collection of #Class".
import { API_DOCS_PATH, ENTRYPOINT_PATH, HYDRA, vocabulary } from './jsonld.ts';
import type { HydraProperty, HydraRegistry, HydraResource } from './registry.ts';

type Json = Record<string, unknown>;

const DOCS_CONTEXT = (vocab: string): Json => ({
  '@vocab': vocab,
  hydra: HYDRA,
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xmls: 'http://www.w3.org/2001/XMLSchema#',
  owl: 'http://www.w3.org/2002/07/owl#',
  schema: 'https://schema.org/',
  domain: { '@id': 'rdfs:domain', '@type': '@id' },
  range: { '@id': 'rdfs:range', '@type': '@id' },
  subClassOf: { '@id': 'rdfs:subClassOf', '@type': '@id' },
  expects: { '@id': 'hydra:expects', '@type': '@id' },
  returns: { '@id': 'hydra:returns', '@type': '@id' },
});

const ACTIONS: Record<string, string> = {
  GET: 'schema:FindAction',
  POST: 'schema:CreateAction',
  PUT: 'schema:ReplaceAction',
  PATCH: 'schema:UpdateAction',
  DELETE: 'schema:DeleteAction',
};

function operation(method: string, label: string, returns: string, expects?: string): Json {
  return {
    '@type': ['hydra:Operation', ACTIONS[method]],
    'hydra:method': method,
    'hydra:title': label,
    'rdfs:label': label,
    ...(expects ? { expects } : {}),
    returns,
  };
}

function supportedProperty(domain: string, p: HydraProperty): Json {
  return {
    '@type': 'hydra:SupportedProperty',
    'hydra:property': {
      '@id': `#${domain}/${p.name}`,
      '@type': p.link ? 'hydra:Link' : 'rdf:Property',
      'rdfs:label': p.name,
      domain: `#${domain}`,
      ...(p.range ? { range: p.range } : {}),
      ...(p.range?.startsWith('#') && !p.many ? { 'owl:maxCardinality': 1 } : {}),
    },
    // api-doc-parser names a field after hydra:title (API Platform writes the property name
    // there), so the French label travels in hydra:description.
    'hydra:title': p.name,
    ...(p.title || p.description
      ? { 'hydra:description': [p.title, p.description].filter(Boolean).join(' : ') }
      : {}),
    'hydra:required': p.required ?? false,
    'hydra:readable': p.readable ?? true,
    'hydra:writeable': p.writeable ?? false,
  };
}

function resourceClass(r: HydraResource, methods: readonly string[]): Json {
  const self = `#${r.name}`;
  return {
    '@id': self,
    '@type': 'hydra:Class',
    'rdfs:label': r.name,
    'hydra:title': r.title,
    ...(r.description ? { 'hydra:description': r.description } : {}),
    'hydra:supportedProperty': r.properties.map((p) => supportedProperty(r.name, p)),
    'hydra:supportedOperation': methods.map((m) =>
      m === 'DELETE'
        ? operation(m, `Supprime : ${r.title}`, 'owl:Nothing')
        : m === 'GET'
          ? operation(m, `Consulte : ${r.title}`, self)
          : operation(m, `Modifie : ${r.title}`, self, self),
    ),
  };
}

function entrypointProperty(r: HydraResource & Required<Pick<HydraResource, 'collection'>>) {
  const label = `Liste : ${r.title}`;
  const methods = r.collection.methods ?? ['GET'];
  return {
    '@type': 'hydra:SupportedProperty',
    'hydra:property': {
      '@id': `#Entrypoint/${r.collection.key}`,
      '@type': 'hydra:Link',
      'rdfs:label': label,
      domain: '#Entrypoint',
      'rdfs:range': [
        { '@id': 'hydra:Collection' },
        {
          'owl:equivalentClass': {
            'owl:onProperty': { '@id': 'hydra:member' },
            'owl:allValuesFrom': { '@id': `#${r.name}` },
          },
        },
      ],
      'hydra:supportedOperation': methods.map((m) =>
        m === 'GET'
          ? operation(m, label, 'hydra:Collection')
          : operation(m, `Crée : ${r.title}`, `#${r.name}`, `#${r.name}`),
      ),
    },
    'hydra:title': label,
    'hydra:readable': true,
    'hydra:writeable': false,
  };
}

const withCollection = (registry: HydraRegistry) =>
  registry
    .all()
    .filter((r): r is HydraResource & Required<Pick<HydraResource, 'collection'>> =>
      Boolean(r.collection),
    );

export function apiDocumentation(registry: HydraRegistry, baseUrl: string, title: string) {
  return {
    '@context': DOCS_CONTEXT(vocabulary(baseUrl)),
    '@id': API_DOCS_PATH,
    '@type': 'hydra:ApiDocumentation',
    'hydra:title': title,
    'hydra:description': "API de l'espace partenaire (Hydra / JSON-LD)",
    'hydra:entrypoint': ENTRYPOINT_PATH,
    'hydra:supportedClass': [
      {
        '@id': '#Entrypoint',
        '@type': 'hydra:Class',
        'hydra:title': "Point d'entrée de l'API",
        'hydra:supportedProperty': withCollection(registry).map(entrypointProperty),
        'hydra:supportedOperation': operation('GET', "Point d'entrée de l'API", '#Entrypoint'),
      },
      ...registry.all().map((r) => resourceClass(r, registry.itemMethods(r.name))),
    ],
  };
}

export function entrypoint(registry: HydraRegistry) {
  return {
    '@context': '/api/contexts/Entrypoint',
    '@id': ENTRYPOINT_PATH,
    '@type': 'Entrypoint',
    ...Object.fromEntries(
      withCollection(registry).map((r) => [r.collection.key, r.collection.path]),
    ),
  };
}

/** The JSON-LD context named in answers' '@context' (/api/contexts/{name}), or undefined. */
export function context(registry: HydraRegistry, name: string, baseUrl: string) {
  const base = { '@vocab': vocabulary(baseUrl), hydra: HYDRA };
  const link = (id: string) => ({ '@id': id, '@type': '@id' });
  if (name === 'Entrypoint') {
    const terms = withCollection(registry).map((r) => [
      r.collection.key,
      link(`Entrypoint/${r.collection.key}`),
    ]);
    return { '@context': { ...base, ...Object.fromEntries(terms) } };
  }
  if (name === 'Error') {
    const terms = ['title', 'detail', 'status', 'type'].map((t) => [t, `Error/${t}`]);
    return { '@context': { ...base, ...Object.fromEntries(terms) } };
  }
  const resource = registry.get(name);
  if (!resource) return undefined;
  const terms = resource.properties.map((p) => [
    p.name,
    p.link ? link(`${name}/${p.name}`) : `${name}/${p.name}`,
  ]);
  return { '@context': { ...base, ...Object.fromEntries(terms) } };
}

// The hydra:search template API Platform puts in every collection answer: the parameters a
// collection takes (filters, date bounds, orders), which @api-platform/admin's schema reader
// (api-doc-parser) reads to offer filters and sortable columns.
import type { FastifyRequest } from 'fastify';
import type { CollectionDecl } from './collection.ts';

export interface SearchMapping {
  '@type': 'IriTemplateMapping';
  variable: string;
  property: string;
  required: false;
}

const BOUNDS = ['before', 'strictly_before', 'after', 'strictly_after'];

/** The template's variables, computed once per declaration. */
export function searchMappings(decl: CollectionDecl): SearchMapping[] {
  const out: SearchMapping[] = [];
  const add = (variable: string, property: string) =>
    out.push({ '@type': 'IriTemplateMapping', variable, property, required: false });
  for (const [name, filter] of Object.entries(decl.filters ?? {})) {
    if (filter.kind === 'ignored') continue;
    add(name, name);
    if (filter.kind === 'exact' || (filter.kind === 'custom' && filter.multiple)) {
      add(`${name}[]`, name);
    }
  }
  for (const field of Object.keys(decl.dates ?? {})) {
    for (const bound of BOUNDS) add(`${field}[${bound}]`, field);
  }
  for (const field of Object.keys(decl.order)) add(`order[${field}]`, field);
  return out;
}

export function hydraSearch(path: string, mappings: SearchMapping[]) {
  return {
    '@type': 'hydra:IriTemplate',
    'hydra:template': `${path}{?${mappings.map((m) => m.variable).join(',')}}`,
    'hydra:variableRepresentation': 'BasicRepresentation',
    'hydra:mapping': mappings,
  };
}

/**
 * hydraSearch as JSON text, serialised once: only the path (a collection under a parent id
 * has one per parent) is written per answer. Every page carries the template (14 KB for
 * contracts), as API Platform does.
 */
export function searchJson(mappings: SearchMapping[]): (path: string) => string {
  const variables = mappings.map((m) => m.variable).join(',');
  const rest = JSON.stringify({
    'hydra:variableRepresentation': 'BasicRepresentation',
    'hydra:mapping': mappings,
  }).slice(1);
  return (path) =>
    `{"@type":"hydra:IriTemplate","hydra:template":${JSON.stringify(`${path}{?${variables}}`)},${rest}`;
}

/**
 * Whether the client asked for lean pages (`Prefer: return=minimal`, RFC 7240): the SPA does,
 * having no use for the template on every page (14 KB of a contract page's 41); any other
 * client gets it, as API Platform gives it.
 */
export function prefersMinimal(request: FastifyRequest): boolean {
  const prefer = request.headers.prefer;
  return typeof prefer === 'string' && /(?:^|[,\s])return\s*=\s*"?minimal\b/i.test(prefer);
}

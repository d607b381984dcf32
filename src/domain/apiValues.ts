// Reading the API's JSON values, for the data provider and the screens alike: the id an IRI
// ends with, and what counts as no value at all.

/** The id at the end of an IRI ('/api/realms/2' -> 2); anything else as it is. */
export const idOfIri = (value: unknown): unknown =>
  typeof value === 'string' && /^\/api\/[\w/-]*\/\d+$/.test(value)
    ? Number(value.slice(value.lastIndexOf('/') + 1))
    : value;

/** No value: undefined, null, an empty text or an empty list. */
export const isEmptyValue = (value: unknown): boolean =>
  value === '' || value === null || value === undefined || (Array.isArray(value) && !value.length);

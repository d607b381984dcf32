// Content-Disposition for a download whose name may carry accents ('assurés_12.xlsx'):
// an ASCII `filename` for old clients and the exact name in `filename*` (RFC 6266, RFC 5987).

/** The name without accents and without anything a quoted string cannot hold. */
export function asciiFileName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
}

/** RFC 5987 value-chars: percent-encoded UTF-8, with the few characters it also escapes. */
export function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function attachment(name: string): string {
  return `attachment; filename="${asciiFileName(name)}"; filename*=UTF-8''${rfc5987(name)}`;
}

// Partial text search, ignoring case and French accents, the same on PGlite and PostgreSQL.
// The unaccent extension exists on the PostgreSQL server but PGlite only has it when opened
// with the matching `extensions` option (and must then always be), so the rule is written with
// the core function translate(): accented letters fold to their base letter on both sides of an
// ILIKE, and the user's % _ \ are escaped so they match themselves.
import { type Expression, type SqlBool, sql } from 'kysely';

const ACCENTED = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸŒÆ';
const PLAIN = 'aaaaaaceeeeiiiinooooouuuuyyoaAAAAAACEEEEIIIINOOOOOUUUUYYOA';

/** The text as the fold sees it (JS side), for the pattern. */
export function foldAccents(text: string): string {
  let out = '';
  for (const ch of text) {
    const at = ACCENTED.indexOf(ch);
    out += at === -1 ? ch : PLAIN[at];
  }
  return out;
}

/** A LIKE pattern matching `text` anywhere, its own wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${foldAccents(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** column contains text (case and accent insensitive). */
export function containsText(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`translate(${sql.ref(column)}, ${ACCENTED}, ${PLAIN}) ILIKE ${containsPattern(text)}`;
}

// Safe internal redirect targets, spec partner-extranet §4 and §5: a remembered sign-in target is
// only followed when it is an internal path. react-admin itself follows any string starting with
// "http" (STACK-NOTES), so every redirect the SPA restores goes through this rule first.

/**
 * One slash, then letters, digits, @ - % _ ~ and "/" segments; optionally a query and a fragment.
 * A second slash right after the first ("//host") would leave the site, so it is refused; the
 * query and fragment may hold anything but spaces, control characters and backslashes.
 */
const SAFE_PATH = /^\/(?!\/)[A-Za-z0-9@\-%_~/]*(\?[^#\s\\]*)?(#[^\s\\]*)?$/;

/** True when the target is an internal path of the spec's form. */
export function isSafeInternalPath(target: unknown): target is string {
  return typeof target === 'string' && SAFE_PATH.test(target);
}

/** The path without its query and fragment. */
export function pathOf(target: string): string {
  return target.replace(/[?#].*$/, '');
}

/**
 * The target to redirect to, or null when there is none to apply: not a safe internal path, or
 * the page the visitor is already on (compared without the query, spec §5).
 */
export function safeRedirectTarget(target: unknown, currentPath: string): string | null {
  if (!isSafeInternalPath(target)) return null;
  return pathOf(target) === pathOf(currentPath) ? null : target;
}

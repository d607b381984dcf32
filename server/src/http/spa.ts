// Serves the SPA that Vite builds into dist/: hashed files under /assets (cached for a year,
// their names change with their content), index.html never cached (it names the current
// hashes), and index.html for every page a browser opens (deep links such as /contrats/liste).
//
// The fallback is decided on the Accept header, not on "no route matched": the older API
// paths without the /api prefix (spec §7: /contrats/12, /affilies, /users?lastname=...) share
// their first segment with SPA routes (/contrats/liste, /users/list). A root onRequest hook
// answers index.html when the browser asks for a page (Accept names text/html ahead of JSON),
// before any route runs, so the legacy API routes can later be registered as ordinary routes
// and answer only the requests that ask for JSON (see requestKind.ts).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isDottedNavigation, isSpaNavigation, pathOf } from './requestKind.ts';
import { NO_DOCUMENT_POLICY, newNonce, type PolicyConfig, spaPolicy } from './securityHeaders.ts';

/** The folder holding package.json, above this module (its source, or the server's bundle). */
function projectRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** dist/ at the repository root, wherever the server is started from. */
export const DEFAULT_SPA_DIR = join(projectRoot(fileURLToPath(import.meta.url)), 'dist') + sep;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The display language, French only, for 365 days (spec §9 "Locale cookie 365 days, French only"). */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Set with every page: the legal notice describes it (src/pages/legal/LegalNoticePage.tsx). */
export function localeCookie(secure: boolean): string {
  return `locale=fr; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

const NOT_BUILT_STYLE =
  'body{font-family:sans-serif;max-width:40rem;margin:4rem auto;line-height:1.5}';
/** Its one inline <style>, allowed by its hash; nothing else. */
const NOT_BUILT_POLICY = `${NO_DOCUMENT_POLICY.replace(
  "default-src 'none'",
  `default-src 'none'; style-src 'sha256-${createHash('sha256').update(NOT_BUILT_STYLE).digest('base64')}'`,
)}`;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>Espace partenaire : application non construite</title>
<style>${NOT_BUILT_STYLE}</style></head>
<body>
<h1>L'application n'est pas encore construite</h1>
<p>Le serveur fonctionne (l'API répond sous <code>/api</code>), mais le dossier <code>dist/</code>
de l'application est absent.</p>
<p>Lancez <code>npm run build</code> puis redémarrez le serveur, ou utilisez
<code>npm start</code> qui fait les deux.</p>
<p lang="en">The SPA is not built: run <code>npm run build</code>, then restart the server.</p>
</body>
</html>
`;

/**
 * index.html with the page's nonce in `<meta property="csp-nonce" nonce="...">`, the first thing
 * of its head: the SPA reads it there and gives it to emotion (src/styleCache.ts), whose <style>
 * tags the page's policy then allows. Nothing else in the page needs it: it holds no inline
 * script or style.
 */
export function withNonce(html: string, nonce: string): string {
  const meta = `<meta property="csp-nonce" nonce="${nonce}" />`;
  // After <head> (or <html> for a page without one), never before the doctype.
  const head = /<head(?:\s[^>]*)?>/i.exec(html) ?? /<html(?:\s[^>]*)?>/i.exec(html);
  if (!head) return `${meta}${html}`;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    ${meta}${html.slice(at)}`;
}

/** The page itself: /, every deep link, and /index.html asked for by name. */
const isPage = (request: FastifyRequest) =>
  isSpaNavigation(request) ||
  ((request.method === 'GET' || request.method === 'HEAD') &&
    pathOf(request.url) === '/index.html');

export async function serveSpa(
  app: FastifyInstance,
  options: { dir?: string; config: PolicyConfig },
) {
  const dir = options.dir ?? DEFAULT_SPA_DIR;
  const built = existsSync(join(dir, 'index.html'));

  if (!built) {
    app.log.warn(`No SPA build in ${dir}: run npm run build, then restart the server.`);
    app.addHook('onRequest', async (request, reply) => {
      if (!isSpaNavigation(request)) return;
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Content-Security-Policy', NOT_BUILT_POLICY)
        .send(NOT_BUILT_PAGE);
    });
    return;
  }

  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    // Files are looked up at request time (a rebuild while running is served at once);
    // a miss falls through to the not-found handler, answered as a problem.
    wildcard: true,
    index: false,
    // x.js.br or x.js.gz, written by the build (scripts/precompress.ts), to a browser that
    // accepts it: the first screen's JavaScript crosses the network at a quarter of its size.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const inAssets = relative(dir, filePath).startsWith(`assets${sep}`);
      reply.header('Cache-Control', inAssets ? IMMUTABLE : 'no-cache');
    },
  });

  // Read at each request (a rebuild while running is served at once), a new nonce each time:
  // revalidated (no-cache), so a page is never reused with an old nonce.
  const index = join(dir, 'index.html');
  /** Whether the build holds a file at the path (a dotted address is a page only when not). */
  const root = dir.endsWith(sep) ? dir : `${dir}${sep}`;
  const isBuiltFile = async (path: string) => {
    let file: string;
    try {
      file = join(dir, decodeURIComponent(path));
    } catch {
      return false;
    }
    return file.startsWith(root) && (await stat(file).catch(() => undefined))?.isFile() === true;
  };
  app.addHook('onRequest', async (request, reply) => {
    const page =
      isPage(request) || (isDottedNavigation(request) && !(await isBuiltFile(pathOf(request.url))));
    if (!page) return;
    const nonce = newNonce();
    const html = withNonce(await readFile(index, 'utf8'), nonce);
    return reply
      .header('Set-Cookie', localeCookie(request.protocol === 'https'))
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', spaPolicy(options.config, nonce))
      .type('text/html; charset=utf-8')
      .send(html);
  });
}

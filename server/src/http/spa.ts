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
import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isSpaNavigation } from './requestKind.ts';

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

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>Espace partenaire : application non construite</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>L'application n'est pas encore construite</h1>
<p>Le serveur fonctionne (l'API répond sous <code>/api</code>), mais le dossier <code>dist/</code>
de l'application est absent.</p>
<p>Lancez <code>npm run build</code> puis redémarrez le serveur, ou utilisez
<code>npm start</code> qui fait les deux.</p>
<p lang="en">The SPA is not built: run <code>npm run build</code>, then restart the server.</p>
</body>
</html>
`;

export async function serveSpa(app: FastifyInstance, options: { dir?: string } = {}) {
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
    cacheControl: false,
    setHeaders(reply, filePath) {
      const inAssets = relative(dir, filePath).startsWith(`assets${sep}`);
      reply.header('Cache-Control', inAssets ? IMMUTABLE : 'no-cache');
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!isSpaNavigation(request)) return;
    reply.header('Set-Cookie', localeCookie(request.protocol === 'https'));
    return reply.sendFile('index.html');
  });
}

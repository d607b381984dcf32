// The embedded provider's pages (sign-in, sign-out, errors): French, in the brand's colours,
// self-contained (no external font, image or script), usable with a keyboard and a screen reader.
import { createHash } from 'node:crypto';
import { BRAND_COLOURS, type Brand } from '../../../../src/domain/brands.ts';

export interface Page {
  html: string;
  /** Content-Security-Policy for this page: only the style and the script it holds. */
  csp: string;
}

export const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function styles(brand: Brand): string {
  const { primary, secondary } = BRAND_COLOURS[brand];
  return `
*{box-sizing:border-box}
html,body{margin:0;height:100%}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1d1d1f;background:#f4f5f7;display:flex;min-height:100vh}
main{flex:1 1 50%;display:flex;align-items:center;justify-content:center;padding:2rem}
.card{width:100%;max-width:24rem;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.12);padding:2rem;border-top:6px solid ${primary}}
.brand{margin:0 0 .25rem;color:${primary};font-weight:700;letter-spacing:.02em}
h1{font-size:1.4rem;margin:0 0 1.5rem;line-height:1.3}
p{line-height:1.5}
label{display:block;font-weight:600;margin:1rem 0 .35rem}
input{width:100%;font:inherit;padding:.6rem .7rem;border:1px solid #8a8f98;border-radius:4px}
input:focus,button:focus,a:focus{outline:3px solid ${secondary};outline-offset:2px}
input[aria-invalid=true]{border-color:#b3261e}
button,.button{display:inline-block;width:100%;margin-top:1.5rem;font:inherit;font-weight:600;padding:.7rem;border:0;border-radius:4px;background:${primary};color:#fff;cursor:pointer;text-align:center;text-decoration:none}
button:hover,.button:hover{filter:brightness(1.15)}
button.secondary{background:#fff;color:${primary};border:2px solid ${primary};margin-top:.75rem}
.error{margin:0 0 1rem;padding:.75rem;border-radius:4px;background:#fdecea;color:#8c1d18;border-left:4px solid #b3261e}
aside{flex:1 1 50%;background:linear-gradient(135deg,${primary} 0%,${primary} 55%,${secondary} 100%);color:#fff;display:flex;align-items:flex-end;padding:3rem}
aside p{font-size:1.5rem;max-width:22rem;margin:0}
@media (max-width:767px){aside{display:none}}`;
}

function layout(brand: Brand, title: string, body: string, script?: string): Page {
  const { name } = BRAND_COLOURS[brand];
  const css = styles(brand);
  const html = `<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – ${escapeHtml(name)}</title>
<style>${css}</style>
</head>
<body>
<main>
<div class="card">
<p class="brand">${escapeHtml(name)}</p>
${body}
</div>
</main>
<aside aria-hidden="true"><p>Bienvenue sur votre espace partenaire</p></aside>
${script ? `<script>${script}</script>` : ''}
</body>
</html>`;
  const scriptSrc = script ? sha256(script) : "'none'";
  // No form-action: browsers apply it to the redirects after a post, and the sign-in and
  // sign-out forms end on the application's own address (another origin in development).
  return {
    html,
    // Its one <style> and its one script (if any) by their hashes: no other inline content runs.
    csp: `default-src 'none'; style-src ${sha256(css)}; script-src ${scriptSrc}; base-uri 'none'; frame-ancestors 'self'`,
  };
}

export const SIGN_IN_TITLE = 'Connexion à votre espace partenaire';
export const SIGN_IN_ERROR = 'Identifiant ou mot de passe incorrect.';
/** Shown only to someone who typed the right password of a disabled account. */
export const SIGN_IN_DISABLED = 'Votre compte est désactivé. Contactez votre administrateur.';

export function signInPage(
  brand: Brand,
  options: {
    action: string;
    login?: string;
    error?: boolean | 'invalid' | 'disabled' | { locked: string };
  },
): Page {
  const { error } = options;
  const message =
    typeof error === 'object'
      ? escapeHtml(error.locked)
      : error === 'disabled'
        ? SIGN_IN_DISABLED
        : SIGN_IN_ERROR;
  const invalid = options.error ? ' aria-invalid="true" aria-describedby="signin-error"' : '';
  const body = `<h1>${SIGN_IN_TITLE}</h1>
${options.error ? `<p class="error" id="signin-error" role="alert">${message}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<label for="login">Identifiant</label>
<input id="login" name="login" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required${options.login ? '' : ' autofocus'} value="${escapeHtml(options.login ?? '')}"${invalid}>
<label for="password">Mot de passe</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${options.login ? ' autofocus' : ''}${invalid}>
<button type="submit">Se connecter</button>
</form>`;
  return layout(brand, SIGN_IN_TITLE, body);
}

/**
 * Sign-out confirmation. `form` is oidc-provider's hidden form (id "op.logoutForm", holding
 * the anti-forgery token). When the application itself asked for the sign-out (a valid
 * id_token_hint), the page submits itself: the person already clicked "Se déconnecter".
 */
export function logoutPage(brand: Brand, options: { form: string; autoSubmit: boolean }): Page {
  const title = 'Déconnexion';
  const body = `<h1>Voulez-vous vous déconnecter de votre espace partenaire ?</h1>
${options.form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Se déconnecter</button>
<button type="submit" form="op.logoutForm" class="secondary">Rester connecté</button>`;
  const script = options.autoSubmit
    ? `(function(){var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();})();`
    : undefined;
  return layout(brand, title, body, script);
}

export function loggedOutPage(brand: Brand, homeUrl: string): Page {
  const title = 'Vous êtes déconnecté';
  const body = `<h1>${title}</h1>
<p>Votre session est terminée. À bientôt sur votre espace partenaire.</p>
<a class="button" href="${escapeHtml(homeUrl)}">Revenir à l'accueil</a>`;
  return layout(brand, title, body);
}

export function errorPage(
  brand: Brand,
  options: { title: string; message: string; homeUrl: string; detail?: string },
): Page {
  const body = `<h1>${escapeHtml(options.title)}</h1>
<p>${escapeHtml(options.message)}</p>
${options.detail ? `<p><small>Code : ${escapeHtml(options.detail)}</small></p>` : ''}
<a class="button" href="${escapeHtml(options.homeUrl)}">Revenir à l'accueil</a>`;
  return layout(brand, options.title, body);
}

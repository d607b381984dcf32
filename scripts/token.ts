// `npm run token -- <login> [password]`: signs in to the running product's embedded identity
// provider as a browser would (authorization code with PKCE, the same client as the SPA) and
// prints the access token, for trying the API by hand:
//   TOKEN=$(npm run -s token -- vendeur) && curl -H "Authorization: Bearer $TOKEN" localhost:8080/api/contrats
// The server is BASE_URL, else http://localhost:$PORT (8080). A demo account's password is
// known; any other is asked for. The token lasts 5 minutes (docs/identity.md).
import { DEMO_ACCOUNTS } from '../src/domain/demoAccounts.ts';
import type { PublicConfig } from '../src/domain/session.ts';
import { OidcBrowser } from './lib/oidcBrowser.ts';

const [login, given] = process.argv.slice(2);
if (!login) {
  console.error('Usage : npm run -s token -- <identifiant> [mot de passe]');
  process.exit(2);
}
const base = process.env.BASE_URL ?? `http://localhost:${process.env.PORT ?? 8080}`;
const password = given ?? DEMO_ACCOUNTS.find((a) => a.username === login)?.password;
if (!password) {
  console.error(`« ${login} » n'est pas un compte de démonstration : donnez son mot de passe.`);
  process.exit(2);
}
try {
  const config = (await (await fetch(`${base}/api/config`)).json()) as PublicConfig;
  const tokens = await new OidcBrowser(base, config.oidc.clientId).login(login, password);
  console.log(tokens.access_token);
} catch (error) {
  const message = (error as Error).message;
  // The sign-in form shown again: the provider refused the login or the password.
  const refused = message.startsWith('Sign-in did not end with a code');
  console.error(
    refused
      ? `Connexion refusée à ${base} : identifiant ou mot de passe incorrect.`
      : `Connexion impossible à ${base} : ${message}`,
  );
  process.exit(1);
}

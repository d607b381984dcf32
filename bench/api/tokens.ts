// Real bearer tokens of the demo accounts, obtained through the embedded provider's sign-in
// (authorization code + PKCE), as the SPA obtains them. They live 300 s (spec §9): each
// scenario asks for a fresh one.
import { OidcBrowser } from '../../scripts/lib/oidcBrowser.ts';

const CLIENT_ID = 'espace-partenaire';

export async function tokenFor(baseUrl: string, username: string): Promise<string> {
  const tokens = await new OidcBrowser(baseUrl, CLIENT_ID).login(username, 'demo');
  return tokens.access_token;
}

// A headless browser for the embedded identity provider: a cookie jar, manual redirects, PKCE
// and its sign-in form, all over real HTTP. `npm run token`, the bench and the OIDC tests sign
// in through it.
import { createHash, randomBytes } from 'node:crypto';

export class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function pkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
  token_type: string;
  scope?: string;
}

/** The parts of a JWT, decoded without checking anything. */
export function decodeJwt(token: string): {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
} {
  const [header, payload] = token
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
  return { header, payload };
}

export class OidcBrowser {
  readonly jar = new CookieJar();
  readonly redirectUri: string;

  /** `redirectUri`: the registered callback, when the server is reached on another address. */
  constructor(
    readonly baseUrl: string,
    readonly clientId: string,
    redirectUri = `${baseUrl}/callback`,
  ) {
    this.redirectUri = redirectUri;
  }

  /** One request, no redirect followed, cookies kept. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.jar.header();
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(new URL(url, this.baseUrl), {
      ...init,
      headers,
      redirect: 'manual',
    });
    this.jar.store(response);
    return response;
  }

  /** Follows redirects until one leaves the server for the SPA's callback (or a page shows). */
  async follow(response: Response): Promise<Response | URL> {
    let current = response;
    for (let hops = 0; hops < 10; hops += 1) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) return current;
      const target = new URL(location, this.baseUrl);
      if (
        target.href.startsWith(this.redirectUri) ||
        target.origin !== new URL(this.baseUrl).origin
      ) {
        return target;
      }
      await current.arrayBuffer();
      current = await this.request(target.href);
    }
    throw new Error('Too many redirects');
  }

  authorizeUrl(params: Record<string, string | undefined>): string {
    const url = new URL('/oidc/auth', this.baseUrl);
    const all: Record<string, string | undefined> = {
      client_id: this.clientId,
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: 'openid profile roles',
      state: randomBytes(8).toString('hex'),
      nonce: randomBytes(8).toString('hex'),
      ...params,
    };
    for (const [key, value] of Object.entries(all)) {
      if (value !== undefined) url.searchParams.set(key, value);
    }
    return url.href;
  }

  /** Starts an authorization request; answers the sign-in page (or the redirect it ended on). */
  async startAuthorization(
    params: Record<string, string | undefined>,
  ): Promise<{ page?: Response; redirect?: URL }> {
    const end = await this.follow(await this.request(this.authorizeUrl(params)));
    return end instanceof URL ? { redirect: end } : { page: end };
  }

  /** Posts the sign-in form found in `html`; answers the next page or the final redirect. */
  async submitSignIn(
    html: string,
    login: string,
    password: string,
  ): Promise<{ page?: Response; redirect?: URL }> {
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error('No sign-in form on the page');
    const response = await this.request(action.replaceAll('&amp;', '&'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login, password }).toString(),
    });
    const end = await this.follow(response);
    return end instanceof URL ? { redirect: end } : { page: end };
  }

  /**
   * One whole attempt as a person makes it at the form: the authorization request (the form
   * every time, even once this browser holds a session), its page, the form posted; what it
   * ended on. For the tests and the bench of the sign-in limits.
   */
  async attemptSignIn(login: string, password: string): Promise<SignInAttempt> {
    const start = await this.startAuthorization({
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
      prompt: 'login',
    });
    if (!start.page) throw new Error(`Expected the sign-in page, got ${start.redirect}`);
    const done = await this.submitSignIn(await start.page.text(), login, password);
    if (done.redirect) {
      const signedIn = done.redirect.searchParams.has('code');
      return { status: 303, retryAfter: null, html: '', signedIn };
    }
    const page = done.page as Response;
    const retryAfter = page.headers.get('retry-after');
    return { status: page.status, retryAfter, html: await page.text(), signedIn: false };
  }

  /** The whole sign-in with PKCE S256; answers the authorization code and its verifier. */
  async signIn(
    login: string,
    password: string,
  ): Promise<{ code: string; pkce: Pkce; redirect: URL }> {
    const challenge = pkce();
    const start = await this.startAuthorization({
      code_challenge: challenge.challenge,
      code_challenge_method: 'S256',
    });
    if (!start.page) throw new Error(`Expected the sign-in page, got ${start.redirect}`);
    const done = await this.submitSignIn(await start.page.text(), login, password);
    const code = done.redirect?.searchParams.get('code');
    if (!done.redirect || !code)
      throw new Error(`Sign-in did not end with a code (${done.page?.status})`);
    return { code, pkce: challenge, redirect: done.redirect };
  }

  async token(
    params: Record<string, string>,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(new URL('/oidc/token', this.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: this.clientId, ...params }).toString(),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async exchange(code: string, verifier: string): Promise<TokenSet> {
    const { status, body } = await this.token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: this.redirectUri,
    });
    if (status !== 200)
      throw new Error(`Token endpoint answered ${status}: ${JSON.stringify(body)}`);
    return body as unknown as TokenSet;
  }

  /** Sign-in and code exchange: the tokens the SPA would hold. */
  async login(login: string, password: string): Promise<TokenSet> {
    const { code, pkce: challenge } = await this.signIn(login, password);
    return this.exchange(code, challenge.verifier);
  }
}

/** What a sign-in attempt ended on: a redirect (303, signed in when it carries a code) or a page. */
export interface SignInAttempt {
  status: number;
  retryAfter: string | null;
  html: string;
  signedIn: boolean;
}

/** The hidden fields and the action of the first form of a page. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1]?.replaceAll('&amp;', '&');
  if (!action) throw new Error('No form on the page');
  const fields: Record<string, string> = {};
  for (const input of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = input[0].match(/name="([^"]+)"/)?.[1];
    const value = input[0].match(/value="([^"]*)"/)?.[1];
    if (name) fields[name] = value ?? '';
  }
  return { action, fields };
}

/** GET with a bearer token. */
export function callApi(baseUrl: string, path: string, token?: string): Promise<Response> {
  return fetch(new URL(path, baseUrl), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

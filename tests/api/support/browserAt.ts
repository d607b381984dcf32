// A browser stand-in that connects from a chosen loopback address (Linux routes the whole
// 127.0.0.0/8 to this machine), so that one test plays several clients, and may add headers a
// client could forge (X-Forwarded-For, -Host). Over node:http: fetch cannot pick its source.
import { request as httpRequest } from 'node:http';
import { OidcBrowser } from '../../../scripts/lib/oidcBrowser.ts';

export class BrowserAt extends OidcBrowser {
  constructor(
    baseUrl: string,
    clientId: string,
    readonly localAddress: string,
    readonly extraHeaders: Record<string, string> = {},
  ) {
    super(baseUrl, clientId);
  }

  override async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.extraHeaders)) headers.set(name, value);
    const cookie = this.jar.header();
    if (cookie) headers.set('cookie', cookie);
    const response = await sendFrom(this.localAddress, new URL(url, this.baseUrl), {
      method: init.method ?? 'GET',
      headers: Object.fromEntries(headers),
      body: init.body === undefined || init.body === null ? undefined : String(init.body),
    });
    this.jar.store(response);
    return response;
  }
}

/** One HTTP request from `localAddress`, answered as a fetch Response (no redirect followed). */
export function sendFrom(
  localAddress: string,
  url: URL,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (Array.isArray(value)) for (const v of value) headers.append(name, v);
            else if (value !== undefined) headers.set(name, value);
          }
          const status = res.statusCode ?? 500;
          const empty = [204, 205, 304].includes(status);
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers }));
        });
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

// The redaction of personal data in the server's logs (server/src/http/logRedaction.ts): which
// parameters are personal, their values masked and their names kept, in addresses and in any
// text (an error's message).
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  isPersonalParameter,
  loggerOptions,
  MASK,
  OneLinePerRequest,
  redactText,
  redactUrl,
} from '../../../server/src/http/logRedaction.ts';
import { Insured } from '../../../src/domain/schema/insured.ts';

describe('isPersonalParameter', () => {
  it.each([
    'nom',
    'prenom',
    'lastname',
    'firstname',
    'insured.lastname',
    'assure.firstname',
    'employee.lastname',
    'nir',
    'noss',
    'dtBirthday',
    'dtBirthday[after]',
    'birthDate',
    'email',
    'mail',
    'phone',
    'telephone',
    'streetAddress',
    'postalCode',
    'addressLocality',
    'q',
    'search',
    'username',
    'legalname',
    'subscriber',
    'code',
    'state',
    'nonce',
    'id_token_hint',
    'token',
    'access_token',
    'password',
    'plainPassword',
    'filter[lastname]',
    'LASTNAME',
  ])('%s is personal', (name) => {
    expect(isPersonalParameter(name)).toBe(true);
  });

  it.each([
    'page',
    'itemsPerPage',
    'order[id]',
    'order[lastname]',
    'order[dtBirthday]',
    'id',
    'contract.id',
    'sex',
    'dtDebVal[after]',
    'lbProduit',
    'realm',
    'typeID',
  ])('%s is not', (name) => {
    expect(isPersonalParameter(name)).toBe(false);
  });

  it("covers the insured list's filters on names, NIR, birth date and address", () => {
    for (const name of ['lastname', 'firstname', 'noss', 'dtBirthday', 'postalCode'])
      expect(Object.keys(Insured.properties)).toContain(name);
    for (const name of ['lastname', 'firstname', 'noss', 'dtBirthday', 'postalCode'])
      expect(isPersonalParameter(name)).toBe(true);
  });
});

describe('redactUrl', () => {
  it('masks the values of personal parameters and keeps their names and the rest', () => {
    expect(redactUrl('/api/assures?nom=Dupont&nir=1850712345678&page=2')).toBe(
      `/api/assures?nom=${MASK}&nir=${MASK}&page=2`,
    );
    expect(redactUrl('/callback?code=abc&state=xyz&iss=http%3A%2F%2Flocalhost')).toBe(
      `/callback?code=${MASK}&state=${MASK}&iss=http%3A%2F%2Flocalhost`,
    );
    // Encoded brackets, repeated keys, empty values and keys without a value.
    expect(redactUrl('/api/assures?dtBirthday%5Bafter%5D=1985-01-01&q=a&q=b&x&lastname=')).toBe(
      `/api/assures?dtBirthday%5Bafter%5D=${MASK}&q=${MASK}&q=${MASK}&x&lastname=${MASK}`,
    );
    expect(redactUrl('/api/contrats/12')).toBe('/api/contrats/12');
    expect(redactUrl('/api/contrats?order%5BdtDebVal%5D=desc')).toBe(
      '/api/contrats?order%5BdtDebVal%5D=desc',
    );
  });
});

describe('redactText', () => {
  it('masks personal parameters wherever an address appears in a text', () => {
    expect(redactText('GET /api/assures?nom=Dupont&nir=185 failed')).toBe(
      `GET /api/assures?nom=${MASK}&nir=${MASK} failed`,
    );
    expect(redactText('at "http://h/oidc/session/end?id_token_hint=eyJ.a.b&x=1"')).toBe(
      `at "http://h/oidc/session/end?id_token_hint=${MASK}&x=1"`,
    );
    expect(redactText('no address here, a=b stays')).toBe('no address here, a=b stays');
  });
});

describe("a log line's own fields", () => {
  /** What a logger writes for `fields`. */
  function written(fields: Record<string, unknown>) {
    const out = new PassThrough();
    const lines: Array<Record<string, unknown>> = [];
    out.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    });
    const app = Fastify({ logger: loggerOptions('info', out) });
    app.log.info(fields, 'mail written');
    return new Promise<Record<string, unknown>>((done) => setImmediate(() => done(lines[0])));
  }

  it("masks an e-mail address in any field, a mail's recipient too, and keeps its domain", async () => {
    const line = await written({
      path: '/data/outbox/2026-11-28T05-00-00-ab12cd34.eml',
      to: 'victor.morel@horizon-courtage.fr',
      note: 'Copie à "Léa" <lea.roy+tp@exemple.fr>, refusée',
      email: 'lea.roy@exemple.fr',
      subject: 'Votre carte de tiers payant',
      count: 2,
    });
    expect(line).toMatchObject({
      path: '/data/outbox/2026-11-28T05-00-00-ab12cd34.eml',
      to: `${MASK}@horizon-courtage.fr`,
      note: `Copie à "Léa" <${MASK}@exemple.fr>, refusée`,
      email: MASK,
      subject: 'Votre carte de tiers payant',
      count: 2,
    });
    expect(JSON.stringify(line)).not.toMatch(/victor|lea\.roy/);
  });
});

describe('OneLinePerRequest', () => {
  /** The lines a server logging at `level` writes for one GET of a personal address. */
  async function linesOf(level: string) {
    const out = new PassThrough();
    const lines: Array<Record<string, unknown>> = [];
    out.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    });
    const app = Fastify({
      logger: loggerOptions(level, out),
      logController: new OneLinePerRequest(),
    });
    app.get('/api/assures', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/assures?nom=Dupont&itemsPerPage=2' });
    await app.close();
    return lines.filter((line) => line.reqId !== undefined);
  }

  it('writes one line per request at info: request, answer and time together, redacted', async () => {
    const lines = await linesOf('info');
    expect(lines).toHaveLength(1);
    const [line] = lines as Array<{ req: { url: string }; res: { statusCode: number } }>;
    expect(line.req.url).toBe('/api/assures?nom=***&itemsPerPage=2');
    expect(line.res.statusCode).toBe(200);
    expect(typeof (lines[0] as { responseTime?: number }).responseTime).toBe('number');
  });

  it('adds the arrival line at debug', async () => {
    const lines = (await linesOf('debug')) as Array<{ msg: string }>;
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });
});

import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import {
  INTERRUPTED_BY_CRASH,
  INTERRUPTED_BY_STOP,
} from '../../server/src/users/imports/importJob.ts';
import { IMPORT_COLUMNS, IMPORT_LIMITS } from '../../src/domain/userImport.ts';
import { mailsTo as mailsToIn } from './support/outbox.ts';
import { type Account, type Json, ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { subscribe } from './support/sse.ts';

let server: TestServer;
let api: ScopedApi;
let partnerId: number;
let ownOrganization: number;
let foreignOrganization: number;
beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
  partnerId = await api.one("SELECT partner_id AS id FROM app_user WHERE username = 'partenaire'");
  ownOrganization = await api.one(
    `SELECT id FROM organization WHERE parent_id = ${partnerId} ORDER BY id LIMIT 1`,
  );
  foreignOrganization = await api.one(
    `SELECT id FROM organization WHERE type_id = 2 AND id <> ${partnerId} ORDER BY id LIMIT 1`,
  );
});
afterAll(() => server?.close());

interface Upload {
  bytes: Buffer | string;
  name?: string;
  comment?: string;
  sendMail?: boolean | string;
  type?: string;
}

/** POST /api/user_import_logs as the SPA sends it (multipart). */
async function upload(user: Account, file: Upload, target = server) {
  const form = new FormData();
  if (file.comment !== undefined) form.set('comment', file.comment);
  form.set('sendMailImmediatly', String(file.sendMail ?? true));
  form.set('uuid', crypto.randomUUID());
  form.set(
    'file',
    new Blob(
      [new Uint8Array(typeof file.bytes === 'string' ? Buffer.from(file.bytes) : file.bytes)],
      {
        type: file.type ?? 'text/csv',
      },
    ),
    file.name ?? 'utilisateurs.csv',
  );
  const scoped = target === server ? api : new ScopedApi(target);
  const response = await fetch(new URL('/api/user_import_logs', target.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${await scoped.token(user)}`, accept: 'application/ld+json' },
    body: form,
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: (text ? JSON.parse(text) : {}) as Json,
  };
}

/** The import once it has ended (its rows processed). */
async function ended(user: Account, id: number): Promise<Json> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const { status, body } = await api.get(user, `/api/user_import_logs/${id}`);
    expect(status, JSON.stringify(body)).toBe(200);
    if (body.processStatus !== 'started') return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`import ${id} still running`);
}

/** Upload, expect 202, wait for the end: the log and its rows. */
async function imported(user: Account, file: Upload) {
  const answer = await upload(user, file);
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  expect(answer.body.processStatus).toBe('started');
  const log = await ended(user, answer.body.id);
  const rows = await api.all(user, `/api/user_import_logs/${log.id}/user_import_histories`);
  return { log, rows, byLine: (line: number) => rows.find((r) => r.line === line) as Json };
}

const csv = (lines: string[][], separator = ';') =>
  `\ufeff${lines.map((cells) => cells.join(separator)).join('\r\n')}\r\n`;

let serial = 0;
const unique = () => `${Date.now().toString(36)}${++serial}`;

const counts = () =>
  api.rows<{ users: number; logs: number; rows: number }>(
    `SELECT (SELECT count(*)::int FROM app_user) AS users,
            (SELECT count(*)::int FROM user_import_log) AS logs,
            (SELECT count(*)::int FROM user_import_history) AS rows`,
  );

const mailsTo = (address: string) => mailsToIn(server.config.dataDir, address);

describe('a mixed file, line by line, under the rules of a user created by hand', () => {
  const tag = unique();
  const mail = (n: number) => `import.${tag}.${n}@exemple.fr`;
  let result: Awaited<ReturnType<typeof imported>>;
  const header = [
    'civilite',
    'nom',
    'prenom',
    'email',
    'identifiant',
    'organisation',
    'cle_regroupement',
    'type',
    'profil',
  ];

  beforeAll(async () => {
    // A key already carried by a user of the partner's organisation names that organisation.
    await api.rows(
      `UPDATE app_user SET regroupement_key = 'AGENCE-${tag}', organization_id = ${ownOrganization}
       WHERE username = 'vendeur'`,
    );
    const lines = [
      header,
      ['Mme', 'Martin', 'Claire', mail(2), '', String(ownOrganization), '', '', ''], // 2 ok
      ['M.', 'Durand', 'Paul', mail(3), `paul.${tag}`, '', `AGENCE-${tag}`, 'Manageur', ''], // 3 ok, by key
      ['', '', 'Sans', mail(4), '', String(ownOrganization), '', '', ''], // 4 no lastname
      [
        '',
        'Faux',
        'Courriel',
        'pas-une-adresse',
        `faux.${tag}`,
        String(ownOrganization),
        '',
        '',
        '',
      ], // 5
      ['', 'Ailleurs', 'Org', mail(6), '', String(foreignOrganization), '', '', ''], // 6 foreign
      ['', 'Haut', 'Placé', mail(7), '', String(ownOrganization), '', 'PROFILE_ADMIN_AGEO', ''], // 7
      ['', 'Sans', 'Orga', mail(8), '', '', 'CLE-INCONNUE', '', ''], // 8 unknown key
      ['Dr', 'Titre', 'Inconnu', mail(9), '', String(ownOrganization), '', '', ''], // 9 civility
      [
        '',
        'Profil',
        'Interdit',
        mail(10),
        '',
        String(ownOrganization),
        '',
        '',
        'Administrateur AGEO',
      ], // 10
      ['', 'Doublon', 'Courriel', mail(2), `autre.${tag}`, String(ownOrganization), '', '', ''], // 11 same e-mail
      ['', 'Inconnue', 'Organisation', mail(12), '', '999999', '', '', ''], // 12
      ['X', '', 'Denis', 'pas-un-email', 'denis err!', String(ownOrganization), '', '', ''], // 13
    ];
    result = await imported('partenaire', { bytes: csv(lines), comment: 'Agence nord' });
  });

  it('ends each line with its status and a French message, one bad line stopping none', () => {
    const { log, rows, byLine } = result;
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(byLine(2)).toMatchObject({
      processStatus: 'success',
      errorMessage: null,
      email: mail(2),
    });
    expect(byLine(3)).toMatchObject({ processStatus: 'success', regroupementKey: `AGENCE-${tag}` });
    expect(byLine(3).organisation.id).toBe(ownOrganization);
    expect(byLine(4).errorMessage).toMatch(/Nom/);
    expect(byLine(5).errorMessage).toMatch(/Adresse e-mail.*n'est pas une adresse e-mail valide/);
    expect(byLine(6).errorMessage).toMatch(/organisation d'un autre partenaire/);
    expect(byLine(7).errorMessage).toMatch(/supérieur au vôtre/);
    expect(byLine(8).errorMessage).toMatch(/Clé de regroupement : « CLE-INCONNUE » est inconnue/);
    expect(byLine(9).errorMessage).toMatch(/Civilité : « Dr » n'est ni Mme ni M\./);
    expect(byLine(10).errorMessage).toMatch(/Administrateur AGEO/);
    expect(byLine(11).errorMessage).toMatch(/déjà utilisée par un autre compte/);
    expect(byLine(12).errorMessage).toMatch(/organisation n'existe pas/);
    // Every fault of a line at once, each naming its column.
    expect(byLine(13).errorMessage).toBe(
      [
        "Civilité : « X » n'est ni Mme ni M.",
        '« Nom » est obligatoire.',
        "« Adresse e-mail » n'est pas une adresse e-mail valide.",
        "« Nom d'utilisateur » commence par une lettre ou un chiffre et ne contient que des lettres sans accent, des chiffres et . _ @ -",
      ].join(' '),
    );
    for (const line of [4, 5, 6, 7, 8, 9, 10, 11, 12, 13]) {
      expect(byLine(line)).toMatchObject({
        processStatus: 'failed',
        userId: null,
        emailSent: false,
      });
    }
    expect(log).toMatchObject({
      processStatus: 'failed',
      rowCount: 12,
      processedCount: 12,
      successCount: 2,
      warningCount: 0,
      failedCount: 10,
      comment: 'Agence nord',
      sendMailImmediatly: true,
      fileName: 'utilisateurs.csv',
    });
    expect(log.importer).toMatchObject({ username: 'partenaire' });
    expect(new Date(log.endedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(log.startedAt).getTime(),
    );
  });

  it('creates the accounts as the user form would: type, partner, organisation, profile', async () => {
    const [claire, paul] = await api.rows(
      `SELECT u.username, u.roles, u.partner_id, u.organization_id, u.enabled, u.password_hash,
              u.regroupement_key, p.name AS profile
       FROM app_user u LEFT JOIN profile_realm pr ON pr.id = u.profile_realm_id
       LEFT JOIN profile p ON p.id = pr.profile_id
       WHERE u.email IN ('${mail(2)}', '${mail(3)}') ORDER BY u.email`,
    );
    expect(claire).toMatchObject({
      username: mail(2),
      roles: 'PROFILE_SELLER',
      partner_id: partnerId,
      organization_id: ownOrganization,
      enabled: true,
      password_hash: null,
    });
    expect(paul).toMatchObject({ username: `paul.${tag}`, roles: 'PROFILE_MANAGER' });
    expect(paul.regroupement_key).toBe(`AGENCE-${tag}`);
    expect(await api.count(`SELECT id FROM app_user WHERE email LIKE 'import.${tag}.%'`)).toBe(2);
  });

  it('sends each created account its invitation through the mail transport, and says when', async () => {
    const { byLine } = result;
    expect(byLine(2).emailSent).toBe(true);
    expect(Date.parse(byLine(2).emailSentAt)).not.toBeNaN();
    const [invitation] = await mailsTo(mail(2));
    expect(invitation.subject).toMatch(/créez votre mot de passe/);
    expect(invitation.text).toMatch(/\/finalise-account\?token=/);
    expect(await mailsTo(mail(4))).toEqual([]);
  });

  it('importing the same file again creates no duplicate: the known accounts are warnings', async () => {
    const before = await counts();
    const lines = [
      header,
      ['Mme', 'Martin', 'Claire', mail(2), '', String(ownOrganization), '', '', ''],
      ['M.', 'Durand', 'Paul', mail(3), `paul.${tag}`, '', `AGENCE-${tag}`, 'Manageur', ''],
    ];
    const again = await imported('partenaire', { bytes: csv(lines) });
    const after = await counts();
    expect(after[0].users).toBe(before[0].users);
    expect(again.log).toMatchObject({ processStatus: 'warning', successCount: 0, warningCount: 2 });
    expect(again.byLine(2).errorMessage).toMatch(/déjà utilisé.*La ligne est ignorée/);
    expect(again.byLine(2).userId).toBe(result.byLine(2).userId);
  });

  it("announces an import's start and end on the imports' topic, which a seller may not follow", async () => {
    const hub = await subscribe(server.url, ['userImportLogs'], await api.token('ageo'));
    expect(hub.status).toBe(200);
    // The importer's partner hears it too (its imports, the users it created).
    const own = await subscribe(
      server.url,
      ['userImportLogs', 'users'],
      await api.token('partenaire'),
    );
    expect(own.status).toBe(200);
    try {
      const lines = [
        header,
        ['Mme', 'Annonce', 'Lise', mail(90), '', String(ownOrganization), '', '', ''],
      ];
      await imported('partenaire', { bytes: csv(lines) });
      const events = await hub.waitForEvents(2);
      for (const event of events) {
        expect(JSON.parse(event.data)).toEqual({ changed: 'userImportLogs' });
      }
      const heard = await own.waitForEvents(3);
      expect(heard.map((e) => JSON.parse(e.data).changed).sort()).toEqual([
        'userImportLogs',
        'userImportLogs',
        'users',
      ]);
    } finally {
      hub.close();
      own.close();
    }
    const refused = await subscribe(server.url, ['userImportLogs'], await api.token('vendeur'));
    expect(refused.status).toBe(403);
    refused.close();
  });

  it('names no account of another partner or of the operator in a line it skips', async () => {
    const lines = [
      header,
      [
        'M.',
        'Autre',
        'Yves',
        `yves.${tag}@exemple.fr`,
        'ageo',
        String(ownOrganization),
        '',
        '',
        '',
      ],
    ];
    const skipped = await imported('partenaire', { bytes: csv(lines) });
    expect(skipped.byLine(2).processStatus).toBe('warning');
    expect(skipped.byLine(2).errorMessage).toMatch(/déjà utilisé.*La ligne est ignorée/);
    expect(skipped.byLine(2).userId).toBeNull();
  });

  it('lists and filters the rows of an import with paging', async () => {
    const id = result.log.id;
    const failed = await api.list(
      'partenaire',
      `/api/user_import_logs/${id}/user_import_histories?processStatus=failed&itemsPerPage=5`,
    );
    expect(failed['hydra:totalItems']).toBe(10);
    expect(failed['hydra:member']).toHaveLength(5);
    const sent = await api.list(
      'partenaire',
      `/api/user_import_logs/${id}/user_import_histories?emailSent=true`,
    );
    expect(sent['hydra:member'].map((r: Json) => r.line)).toEqual([2, 3]);
    const named = await api.list(
      'partenaire',
      `/api/user_import_logs/${id}/user_import_histories?lastname=durand`,
    );
    expect(named['hydra:member'][0]).toMatchObject({
      line: 3,
      author: expect.any(String),
      authorUsername: 'partenaire',
    });
    const bad = await api.get(
      'partenaire',
      `/api/user_import_logs/${id}/user_import_histories?emailSent=peut-être`,
    );
    expect(bad.status).toBe(400);
  });
});

describe('what a file may be', () => {
  async function refused(file: Upload, status: number, detail: RegExp) {
    const before = await counts();
    const answer = await upload('ageo', file);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.type).toMatch(/problem\+json|json/);
    expect(answer.body.detail ?? answer.body['hydra:description']).toMatch(detail);
    expect(await counts()).toEqual(before);
  }

  it('refuses a file above the size limit with 413', async () => {
    const big = `nom;prenom;email\n${'x'.repeat(IMPORT_LIMITS.maxBytes + 10)}`;
    await refused({ bytes: big }, 413, /Le fichier dépasse 10 Mo/);
  });

  it('judges the type by the content, not the name (415)', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await refused(
      { bytes: png, name: 'utilisateurs.csv' },
      415,
      /ni un fichier CSV ni un classeur/,
    );
    await refused({ bytes: '%PDF-1.7\n%âãÏÓ', name: 'u.xlsx' }, 415, /ni un fichier CSV/);
    await refused({ bytes: Buffer.from('d0cf11e0a1b11ae1', 'hex'), name: 'u.xls' }, 415, /97-2003/);
    // A ZIP that is no workbook.
    await refused(
      { bytes: Buffer.from(zipSync({ 'a.txt': new Uint8Array(3) })), name: 'u.xlsx' },
      415,
      /ni un fichier CSV/,
    );
    // A CSV named .xlsx is read as what it is.
    const named = await imported('ageo', {
      bytes: csv([
        ['nom', 'prenom', 'email', 'organisation'],
        ['Nommé', 'Mal', `mal.${unique()}@exemple.fr`, String(ownOrganization)],
      ]),
      name: 'trompeur.xlsx',
    });
    expect(named.log.successCount).toBe(1);
  });

  it('refuses a zip bomb before reading it (413)', async () => {
    const bomb = zipSync(
      {
        '[Content_Types].xml': new Uint8Array(100),
        'xl/workbook.xml': new Uint8Array(IMPORT_LIMITS.maxUnpackedBytes + 1024),
      },
      { level: 9 },
    );
    expect(bomb.length).toBeLessThan(IMPORT_LIMITS.maxBytes);
    await refused(
      { bytes: Buffer.from(bomb), name: 'bombe.xlsx' },
      413,
      /se décompresse en plus de/,
    );
  });

  it('refuses a request that is not a form, a missing file, bad options', async () => {
    const before = await counts();
    const json = await api.send('ageo', 'POST', '/api/user_import_logs', { file: 'x' });
    expect(json.status).toBe(415);
    const form = new FormData();
    form.set('sendMailImmediatly', 'peut-être');
    form.set('comment', 'c'.repeat(IMPORT_LIMITS.maxComment + 1));
    form.set('file', new Blob(['nom;prenom;email\nA;B;c@d.fr']), 'u.csv');
    const response = await fetch(new URL('/api/user_import_logs', server.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${await api.token('ageo')}` },
      body: form,
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as Json;
    expect(body.violations.map((v: Json) => v.propertyPath).sort()).toEqual([
      'comment',
      'sendMailImmediatly',
    ]);
    expect(await counts()).toEqual(before);
  });

  it('refuses files without the required columns, empty, broken, or above the row limit (422)', async () => {
    await refused({ bytes: 'nom;prenom\nA;B\n' }, 422, /Colonnes obligatoires absentes.*email/);
    await refused({ bytes: '' }, 422, /vide/);
    await refused({ bytes: 'nom;prenom;email\n\n;;\n' }, 422, /aucune ligne/);
    await refused({ bytes: 'nom;prenom;email;nom\nA;B;c@d.fr;E\n' }, 422, /apparaît deux fois/);
    // Where a quote opens and never closes (csv-parse names the end of the file), and a line
    // too long for one user: each said for what it is.
    await refused(
      { bytes: 'nom;prenom;email\r\n"Dupont;Jean;j@x.fr\r\nMartin;Claire;c@x.fr\r\n' },
      422,
      /^Le fichier CSV est mal formé : le guillemet ouvert ligne 2 n'est jamais fermé\.$/,
    );
    await refused(
      { bytes: `nom;prenom;email\r\n${'x'.repeat(70_000)}\r\n` },
      422,
      /^La ligne 2 du fichier dépasse 64 Ko/,
    );
    const rows = Array.from({ length: IMPORT_LIMITS.maxRows + 1 }, (_, i) => `N${i};P;n${i}@x.fr`);
    await refused({ bytes: `nom;prenom;email\n${rows.join('\n')}` }, 422, /plus de 20\s000 lignes/);
    const damaged = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(300, 7)]);
    await refused({ bytes: damaged, name: 'abime.xlsx' }, 415, /ni un fichier CSV/);
  });

  it('reads XLSX formulas as their text, never evaluated, and a __proto__ header as nothing', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Feuille');
    sheet.addRow(['nom', 'prénom', 'Adresse e-mail', 'organisation', '__proto__', 'constructor']);
    const tag = unique();
    sheet.addRow([
      { formula: 'HYPERLINK("http://evil","x")', result: 'x' },
      'Formule',
      `formule.${tag}@exemple.fr`,
      ownOrganization,
      '{"polluted":true}',
      'x',
    ]);
    sheet.addRow(['Texte', 'Simple', `texte.${tag}@exemple.fr`, ownOrganization, 'y', 'z']);
    // A date typed in a text column: what the sheet shows, not Excel's serial day (43832).
    sheet.getCell('G1').value = 'fonction';
    sheet.getCell('G3').value = new Date(Date.UTC(2020, 0, 2));
    sheet.getCell('G3').numFmt = 'dd/mm/yyyy';
    const { log, byLine } = await imported('ageo', {
      bytes: Buffer.from(await workbook.xlsx.writeBuffer()),
      name: 'classeur.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      sendMail: false,
    });
    expect(byLine(2).lastname).toBe('=HYPERLINK("http://evil","x")');
    expect(byLine(3)).toMatchObject({ processStatus: 'success', lastname: 'Texte' });
    expect(
      await api.rows(`SELECT job_function FROM app_user WHERE email = 'texte.${tag}@exemple.fr'`),
    ).toEqual([{ job_function: '02/01/2020' }]);
    expect(log.errorMessage).toMatch(/Colonnes ignorées : « __proto__ », « constructor »/);
    expect(({} as Json).polluted).toBeUndefined();
  });

  it('reads CSV in UTF-8 without BOM separated by commas, and Windows-1252', async () => {
    const tag = unique();
    const comma = `nom,prenom,email,organisation\n"Hélène, dite Léna",Zoé,comma.${tag}@exemple.fr,${ownOrganization}\n`;
    const utf8 = await imported('ageo', { bytes: comma, sendMail: false });
    expect(utf8.byLine(2)).toMatchObject({
      processStatus: 'success',
      lastname: 'Hélène, dite Léna',
      firstname: 'Zoé',
    });
    const latin = Buffer.from(
      `nom;prenom;email;organisation\nGaëlle;Éric;latin.${tag}@exemple.fr;${ownOrganization}\n`,
      'latin1',
    );
    const win = await imported('ageo', { bytes: latin, sendMail: false });
    expect(win.byLine(2)).toMatchObject({
      processStatus: 'success',
      lastname: 'Gaëlle',
      firstname: 'Éric',
    });
  });

  it('reads the templates it gives, in both formats', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const response = await fetch(
        new URL(`/api/user_import_logs/template.${format}`, server.url),
        {
          headers: { authorization: `Bearer ${await api.token('ageo')}` },
        },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toContain(
        `modele-import-utilisateurs.${format}`,
      );
      const bytes = Buffer.from(await response.arrayBuffer());
      if (format === 'csv') {
        const text = bytes.toString('utf8');
        expect(text).toContain(IMPORT_COLUMNS.map((c) => c.header).join(';'));
        // As the exports write CSV: a byte-order mark, then two rows each ended by CRLF.
        expect(text).toMatch(/^\ufeff[^\r\n]+\r\n[^\r\n]+\r\n$/);
      }
      // The file reads; its example line is skipped with a warning, never an account (a file
      // filled under it would otherwise create Claire Martin and send her an invitation).
      const answer = await upload('ageo', { bytes, name: `modele.${format}` });
      // Failed once in a full run under load (422): the message says which file and why.
      expect(answer.status, `${format}: ${JSON.stringify(answer.body)}`).toBe(202);
      const log = await ended('ageo', answer.body.id);
      expect(log).toMatchObject({ rowCount: 1, successCount: 0, warningCount: 1, failedCount: 0 });
      const [row] = await api.all('ageo', `/api/user_import_logs/${log.id}/user_import_histories`);
      expect(row).toMatchObject({ processStatus: 'warning', userId: null, emailSent: false });
      expect(row.errorMessage).toBe(
        "Ligne d'exemple du modèle (claire.martin@example.fr) : ignorée, aucun compte n'est créé. Retirez-la du fichier.",
      );
    }
    const example = IMPORT_COLUMNS.find((c) => c.header === 'email')?.example;
    expect(
      await api.one(
        `SELECT count(*)::int AS id FROM app_user WHERE lower(email) = lower('${example}')`,
      ),
    ).toBe(0);
    const vendeur = await fetch(new URL('/api/user_import_logs/template.csv', server.url), {
      headers: { authorization: `Bearer ${await api.token('vendeur')}` },
    });
    expect(vendeur.status).toBe(403);
  });

  it("writes the importer's own organisation in the template's example line", async () => {
    const at = IMPORT_COLUMNS.findIndex((c) => c.header === 'organisation');
    for (const user of ['partenaire', 'ageo'] as const) {
      const response = await fetch(new URL('/api/user_import_logs/template.csv', server.url), {
        headers: { authorization: `Bearer ${await api.token(user)}` },
      });
      const example = (await response.text()).split('\r\n')[1].split(';');
      const own = await api.one(
        `SELECT organization_id AS id FROM app_user WHERE username = '${user}'`,
      );
      expect(example[at], user).toBe(String(own));
    }
  });
});

describe('e-mails later, the history and its scope', () => {
  let id: number;
  const tag = unique();
  beforeAll(async () => {
    const lines = [
      ['nom', 'prenom', 'email', 'organisation'],
      ['Plus', 'Tard', `tard.${tag}@exemple.fr`, String(ownOrganization)],
    ];
    const done = await imported('partenaire', {
      bytes: csv(lines),
      sendMail: false,
      comment: 'Sans e-mail',
    });
    id = done.log.id;
    expect(done.byLine(2)).toMatchObject({
      processStatus: 'success',
      emailSent: false,
      emailSentAt: null,
    });
  });

  it('sends no e-mail until asked, then each invitation once', async () => {
    expect(await mailsTo(`tard.${tag}@exemple.fr`)).toEqual([]);
    const sent = await api.send('partenaire', 'POST', `/api/user_import_logs/${id}/send_mails`);
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ sent: 1, failed: 0 });
    expect(await mailsTo(`tard.${tag}@exemple.fr`)).toHaveLength(1);
    const [row] = await api.all('partenaire', `/api/user_import_logs/${id}/user_import_histories`);
    expect(row.emailSent).toBe(true);
    const again = await api.send('partenaire', 'POST', `/api/user_import_logs/${id}/send_mails`);
    expect(again.body).toEqual({ sent: 0, failed: 0 });
  });

  it('lists the history latest first with importer, comment, status and times', async () => {
    const page = await api.list('partenaire', '/api/user_import_logs?sendMailImmediatly=false');
    const [latest] = page['hydra:member'];
    expect(latest).toMatchObject({
      id,
      comment: 'Sans e-mail',
      sendMailImmediatly: false,
      processStatus: 'success',
    });
    expect(latest.importer).toMatchObject({
      username: 'partenaire',
      firstname: expect.any(String),
    });
    const ids = page['hydra:member'].map((m: Json) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('shows a partner administrator its partner imports only; a seller none', async () => {
    const operatorImport = await api.one(
      "SELECT l.id FROM user_import_log l JOIN app_user u ON u.id = l.importer_id WHERE u.username = 'ageo' LIMIT 1",
    );
    expect((await api.get('partenaire', `/api/user_import_logs/${operatorImport}`)).status).toBe(
      404,
    );
    expect(
      (await api.get('partenaire', `/api/user_import_logs/${operatorImport}/user_import_histories`))
        .status,
    ).toBe(404);
    expect(
      (await api.send('partenaire', 'POST', `/api/user_import_logs/${operatorImport}/send_mails`))
        .status,
    ).toBe(404);
    const seen = (await api.all('partenaire', '/api/user_import_logs')).map(
      (m) => m.importer?.username,
    );
    expect(new Set(seen)).toEqual(new Set(['partenaire']));
    expect((await api.get('ageo', `/api/user_import_logs/${id}`)).status).toBe(200);
    expect((await api.get('vendeur', '/api/user_import_logs')).status).toBe(403);
    const before = await counts();
    expect((await upload('vendeur', { bytes: 'nom;prenom;email\nA;B;c@d.fr' })).status).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await api.get('ageo', '/api/user_import_logs/999999')).status).toBe(404);
  });
});

describe('an import interrupted by a server stop', () => {
  it('is marked failed at once by a graceful stop, and by the next start after a crash', async () => {
    const own = await startTestServer();
    const ownApi = new ScopedApi(own);
    try {
      const org = await ownApi.one('SELECT id FROM organization ORDER BY id LIMIT 1');
      const lines = [['nom', 'prenom', 'email', 'organisation']];
      for (let i = 0; i < 3000; i++)
        lines.push([`Arret${i}`, 'Serveur', `arret${i}@exemple.fr`, String(org)]);
      const answer = await upload('ageo', { bytes: csv(lines), sendMail: false }, own);
      expect(answer.status).toBe(202);
      // A crash: a started import whose heartbeat stopped a minute ago.
      const [{ id: crashed }] = await ownApi.rows<{ id: number }>(
        `INSERT INTO user_import_log (file_name, process_status, started_at, heartbeat_at, row_count)
         VALUES ('perdu.csv', 'started', now() - interval '2 minutes', now() - interval '1 minute', 5)
         RETURNING id`,
      );
      await own.app.close();
      const [stopped] = await ownApi.rows(
        `SELECT * FROM user_import_log WHERE id = ${answer.body.id}`,
      );
      expect(stopped.process_status).toBe('failed');
      expect(stopped.error_message).toBe(INTERRUPTED_BY_STOP);
      expect(stopped.processed_count).toBeLessThan(3000);
      expect(stopped.ended_at).not.toBeNull();

      // The next start finds the crashed one.
      const next = await buildApp({ config: own.config, database: own.database });
      await next.ready();
      let recovered: Json | undefined;
      for (let i = 0; i < 50 && recovered?.process_status !== 'failed'; i++) {
        [recovered] = await ownApi.rows(`SELECT * FROM user_import_log WHERE id = ${crashed}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(recovered).toMatchObject({
        process_status: 'failed',
        error_message: INTERRUPTED_BY_CRASH,
      });
      await next.close();
    } finally {
      await own.database.close();
    }
    // It starts a server of its own (migrations and seed), which alone can pass 30 s on a
    // loaded 2-core machine.
  }, 120_000);
});

describe('e-mails asked twice at once', () => {
  it('sends each invitation once when asked twice at the same time', async () => {
    const twice = unique();
    const addresses = Array.from({ length: 12 }, (_, n) => `deux.${n}.${twice}@exemple.fr`);
    const done = await imported('partenaire', {
      bytes: csv([
        ['nom', 'prenom', 'email', 'organisation'],
        ...addresses.map((email, n) => ['Deux', `Fois${n}`, email, String(ownOrganization)]),
      ]),
      sendMail: false,
    });
    const path = `/api/user_import_logs/${done.log.id}/send_mails`;
    const answers = await Promise.all([
      api.send('partenaire', 'POST', path),
      api.send('partenaire', 'POST', path),
    ]);
    expect(answers.map((a) => a.status)).toEqual([202, 202]);
    expect(answers[0].body.sent + answers[1].body.sent).toBe(addresses.length);
    for (const address of addresses) expect(await mailsTo(address)).toHaveLength(1);
  });
});

describe('a line without organisation', () => {
  it("joins a partner administrator's own organisation, as the user form does; the operator must name one", async () => {
    const tag = unique();
    const line = (who: string) =>
      csv([
        ['nom', 'prenom', 'email'],
        ['Sans', 'Organisation', `sans.orga.${who}.${tag}@exemple.fr`],
      ]);
    const own = await api.one(
      "SELECT organization_id AS id FROM app_user WHERE username = 'partenaire'",
    );
    const partner = await imported('partenaire', { bytes: line('p'), sendMail: false });
    expect(partner.byLine(2)).toMatchObject({ processStatus: 'success' });
    expect(partner.byLine(2).organisation.id).toBe(own);
    const operator = await imported('ageo', { bytes: line('a'), sendMail: false });
    expect(operator.byLine(2)).toMatchObject({
      processStatus: 'failed',
      errorMessage: 'Organisation : indiquez une organisation ou une clé de regroupement connue.',
    });
  });
});

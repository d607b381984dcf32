// The third-party-payer card (issue 16; spec administration §2, §3, §7, §8) over real HTTP and
// the real database: the periods of an insured person, the PDF made on the server and read back
// (pdf-parse), one named period shown inline, the card sent by e-mail through the one mail
// transport (an .eml in the outbox, the PDF attached), and the refusals: an address that is no
// e-mail (422), an insured person out of the caller's scope or unknown (404 for all four calls,
// nothing sent), a malformed date (400), a period that is not the person's (404).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARTE_TP_PATHS,
  type CarteTpPeriod,
  TIERS_PAYANT_DOMAINS,
} from '../../src/domain/carteTp.ts';
import {
  type Account,
  CONTRACTS,
  type Json,
  ScopedApi,
  violationsOf,
} from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let api: ScopedApi;

/** An insured person of `vendeur`'s scope with several cards and a beneficiary. */
let insuredId: number;
/** An insured person with cards, out of `vendeur`'s scope. */
let foreignId: number;

const fr = (date: string) => date.split('-').reverse().join('/');
const short = (date: string) => fr(date).slice(0, 6) + date.slice(2, 4);

beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
  insuredId = await api.one(`
    SELECT t.insured_id AS id FROM carte_tp t
    WHERE t.contract_id IN (${CONTRACTS.vendeur})
      AND EXISTS (SELECT 1 FROM beneficiary b WHERE b.insured_id = t.insured_id
        AND b.start_at <= DATE '2026-01-01' AND (b.end_at IS NULL OR b.end_at > DATE '2026-12-31'))
    GROUP BY t.insured_id HAVING count(*) >= 3 AND max(t.debval) = DATE '2026-01-01'
    ORDER BY t.insured_id LIMIT 1`);
  foreignId = await api.one(`
    SELECT t.insured_id AS id FROM carte_tp t
    WHERE NOT EXISTS (SELECT 1 FROM subscription s WHERE s.insured_id = t.insured_id
      AND s.contract_id IN (${CONTRACTS.vendeur}))
    ORDER BY t.insured_id LIMIT 1`);
});
afterAll(async () => {
  await server?.close();
});

async function call(user: Account, path: string) {
  return fetch(new URL(path, server.url), {
    headers: { authorization: `Bearer ${await api.token(user)}` },
  });
}

async function pdfText(bytes: Uint8Array | Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const outbox = () => join(server.config.dataDir, 'outbox');
async function mails(): Promise<string[]> {
  try {
    return (await readdir(outbox())).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
}

async function periods(user: Account, id: number): Promise<CarteTpPeriod[]> {
  const { status, body } = await api.get(user, CARTE_TP_PATHS.availables(id));
  expect(status).toBe(200);
  return body['hydra:member'];
}

/** What the card must say, read from the database. */
async function expected(period: CarteTpPeriod) {
  const [row] = await api.rows<Json>(`
    SELECT i.firstname, i.lastname, i.noss, i.noss_key, c.lb_contrat, p.lb_produit,
      o.legalname AS insurer, t.amc_number
    FROM carte_tp t JOIN insured i ON i.id = t.insured_id
    JOIN contract c ON c.id = t.contract_id JOIN product p ON p.id = c.product_id
    JOIN organization o ON o.id = p.insurance_company_id
    WHERE t.insured_id = ${insuredId} AND t.debval = '${period.debval}'
      AND t.debfin = '${period.debfin}' AND t.heure = '${period.heure}'`);
  const beneficiaries = await api.rows<Json>(`
    SELECT firstname, lastname FROM beneficiary WHERE insured_id = ${insuredId}
      AND start_at <= '${period.debfin}' AND (end_at IS NULL OR end_at >= '${period.debval}')`);
  return { ...row, beneficiaries };
}

function expectCard(text: string, card: Json, period: CarteTpPeriod) {
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain('Carte de tiers payant');
  expect(flat).toContain(`${card.firstname} ${card.lastname.toUpperCase()}`);
  expect(flat).toContain(`${card.noss} ${card.noss_key}`);
  expect(card.beneficiaries.length).toBeGreaterThan(0);
  for (const b of card.beneficiaries) expect(flat).toContain(b.firstname);
  expect(flat).toContain(`N° ${card.lb_contrat}`);
  expect(flat).toContain(card.lb_produit);
  expect(flat).toContain(card.insurer);
  if (card.amc_number) expect(flat).toContain(`N° AMC : ${card.amc_number}`);
  expect(flat).toContain(`Période de validité : du ${fr(period.debval)} au ${fr(period.debfin)}`);
  expect(flat).toContain(`Carte émise le ${fr(period.datenvoi)} à ${period.heure}`);
  // The tiers-payant codes: every care domain and its code.
  for (const d of TIERS_PAYANT_DOMAINS) expect(flat).toContain(d.code);
  expect(flat).toMatch(/PHAR.*\bSP\b/);
  expect(flat).toContain('PEC');
  expect(flat).toContain('100%');
}

describe('the seed', () => {
  it('gives one card per civil year since 2023 to the subscriptions of health contracts', async () => {
    // Only health contracts, each card within one civil year, its subscription and its contract.
    expect(
      await api.count(`SELECT 1 FROM carte_tp t JOIN contract c ON c.id = t.contract_id
        WHERE c.lb_type <> 'S' OR t.debval > t.debfin
          OR extract(year FROM t.debval) <> extract(year FROM t.debfin)
          OR t.debval < DATE '2023-01-01' OR t.debfin > DATE '2026-12-31'
          OR t.datenvoi >= t.debval
          OR NOT EXISTS (SELECT 1 FROM subscription s WHERE s.insured_id = t.insured_id
            AND s.contract_id = t.contract_id AND s.start_at <= t.debval
            AND (s.end_at IS NULL OR s.end_at >= t.debfin))`),
    ).toBe(0);
    // Every subscription to a health contract active at SEED_TODAY has its card of 2026.
    expect(
      await api.count(`SELECT 1 FROM subscription s JOIN contract c ON c.id = s.contract_id
        WHERE c.lb_type = 'S' AND s.start_at <= DATE '2026-09-01'
          AND (s.end_at IS NULL OR s.end_at > DATE '2026-09-01')
          AND (c.date_fin_val IS NULL OR c.date_fin_val > DATE '2026-09-01')
          AND NOT EXISTS (SELECT 1 FROM carte_tp t WHERE t.insured_id = s.insured_id
            AND t.contract_id = s.contract_id AND t.debfin >= DATE '2026-09-01')`),
    ).toBe(0);
    // Some insurers print no AMC number.
    expect(await api.count('SELECT 1 FROM carte_tp WHERE amc_number IS NULL')).toBeGreaterThan(0);
    expect(
      await api.count("SELECT 1 FROM carte_tp WHERE amc_number ~ '^[0-9]{9}$'"),
    ).toBeGreaterThan(0);
  });
});

describe('the periods of an insured person', () => {
  it('lists the cards of the contracts in scope, newest first, labelled Du DD/MM/YY au DD/MM/YY', async () => {
    const listed = await periods('vendeur', insuredId);
    const rows = await api.rows<Json>(`
      SELECT debval::text, debfin::text, datenvoi::text, heure FROM carte_tp
      WHERE insured_id = ${insuredId} AND contract_id IN (${CONTRACTS.vendeur})
      ORDER BY debval DESC, debfin DESC, datenvoi DESC, heure DESC`);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(
      listed.map(({ debval, debfin, datenvoi, heure }) => ({ debval, debfin, datenvoi, heure })),
    ).toEqual(rows);
    expect(listed[0]).toMatchObject({ current: true, debval: '2026-01-01' });
    expect(listed.slice(1).every((p) => !p.current)).toBe(true);
    expect((listed[0] as Json).label).toBe(
      `Du ${short(listed[0].debval)} au ${short(listed[0].debfin)}`,
    );
    expect(listed[0].contract?.lbContrat).toMatch(/\S/);
    // ageo sees every card of the person.
    const all = await api.count(`SELECT 1 FROM carte_tp WHERE insured_id = ${insuredId}`);
    expect(await periods('ageo', insuredId)).toHaveLength(all);
  });
});

describe('the card as a PDF', () => {
  it('downloads the latest card, with the person, beneficiaries, contract, insurer, period and codes', async () => {
    const [latest] = await periods('vendeur', insuredId);
    const response = await call('vendeur', CARTE_TP_PATHS.download(insuredId));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="carte_tiers_payant_/);
    // The contract too: two contracts of one person may give cards for the same year.
    expect(disposition).toContain(
      `_${latest.contract?.lbContrat}_du_${fr(latest.debval).replaceAll('/', '-')}`,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expectCard(await pdfText(bytes), await expected(latest), latest);
  });

  it('shows one named period inline', async () => {
    const listed = await periods('vendeur', insuredId);
    const older = listed[listed.length - 1];
    const response = await call('vendeur', CARTE_TP_PATHS.visu(insuredId, older));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename=/);
    const text = await pdfText(Buffer.from(await response.arrayBuffer()));
    expectCard(text, await expected(older), older);
    expect(text).not.toContain(`du ${fr(listed[0].debval)} au ${fr(listed[0].debfin)}`);
  });

  it('refuses a malformed date (400) and a period that is not one of the person’s (404)', async () => {
    const [latest] = await periods('vendeur', insuredId);
    const bad = await call(
      'vendeur',
      CARTE_TP_PATHS.visu(insuredId, { ...latest, debval: '2026-02-30' }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).detail).toBe(
      'Le paramètre « debval » doit être une date au format AAAA-MM-JJ.',
    );
    const badTime = await call(
      'vendeur',
      CARTE_TP_PATHS.visu(insuredId, { ...latest, heure: '25:00:00' }),
    );
    expect(badTime.status).toBe(400);
    const other = await call(
      'vendeur',
      CARTE_TP_PATHS.visu(insuredId, { ...latest, debval: '2026-01-02' }),
    );
    expect(other.status).toBe(404);
    expect((await other.json()).detail).toBe(
      'Cette carte de tiers payant est introuvable pour cet assuré.',
    );
  });
});

describe('the card by e-mail', () => {
  it('writes an e-mail in French with the PDF attached', async () => {
    const [latest] = await periods('vendeur', insuredId);
    const before = await mails();
    const address = 'marie.durand+carte@exemple.fr';
    const { status, body } = await api.get(
      'vendeur',
      CARTE_TP_PATHS.email(insuredId, latest, address),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ sent: true, email: address, debval: latest.debval });
    const after = await mails();
    const added = after.filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    const mail = await simpleParser(await readFile(join(outbox(), added[0])));
    expect(Array.isArray(mail.to) ? mail.to[0].text : mail.to?.text).toBe(address);
    expect(mail.subject).toBe(
      `Votre carte de tiers payant du ${fr(latest.debval)} au ${fr(latest.debfin)}`,
    );
    expect(mail.text).toContain('Vous trouverez ci-joint la carte de tiers payant');
    // « de » elided before a vowel: « d’Adèle », never « de Adèle ».
    expect(mail.text).not.toMatch(/ de [AEIOUYHÀÂÉÈÊËÎÏÔÖÙÛÜ]/i);
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.filename).toMatch(/^carte_tiers_payant_.*\.pdf$/);
    expectCard(await pdfText(pdf.content), await expected(latest), latest);
  });

  it('answers 422 to an address that is not an e-mail, and sends nothing', async () => {
    const [latest] = await periods('vendeur', insuredId);
    const before = await mails();
    // Neither no address, nor a domain no mail server would route (an empty label, a label
    // starting with a hyphen, a path after it).
    for (const address of [
      'pas-une-adresse',
      'x@exemple..fr',
      'x@-exemple.fr',
      'x@exemple.fr/../y',
      'x@exemple',
    ]) {
      const answer = await api.get('vendeur', CARTE_TP_PATHS.email(insuredId, latest, address));
      expect(answer.status, address).toBe(422);
      expect(answer.type).toContain('application/problem+json');
      expect(violationsOf(answer)).toEqual(["email: n'est pas une adresse e-mail valide."]);
    }
    expect(await mails()).toEqual(before);
  });

  it('sends nothing on a HEAD request', async () => {
    const [latest] = await periods('vendeur', insuredId);
    const before = await mails();
    const response = await fetch(
      new URL(CARTE_TP_PATHS.email(insuredId, latest, 'tete@exemple.fr'), server.url),
      { method: 'HEAD', headers: { authorization: `Bearer ${await api.token('vendeur')}` } },
    );
    expect(response.ok).toBe(false);
    expect(await mails()).toEqual(before);
  });
});

describe('who may', () => {
  it("gives a seller 404 for all four calls on another seller's insured person, and sends nothing", async () => {
    const [card] = await periods('ageo', foreignId);
    expect(card).toBeDefined();
    const before = await mails();
    const paths = [
      CARTE_TP_PATHS.availables(foreignId),
      CARTE_TP_PATHS.download(foreignId),
      CARTE_TP_PATHS.visu(foreignId, card),
      CARTE_TP_PATHS.email(foreignId, card, 'espion@exemple.fr'),
      // Even with a malformed date or address: nothing tells that the person exists.
      CARTE_TP_PATHS.visu(foreignId, { ...card, debval: 'hier' }),
      CARTE_TP_PATHS.email(foreignId, card, 'pas-une-adresse'),
    ];
    for (const path of paths) {
      const response = await call('vendeur', path);
      expect(response.status, path).toBe(404);
      expect((await response.json()).detail, path).toBe('Cet assuré est introuvable.');
    }
    expect(await mails()).toEqual(before);
    // The same calls work for the operator.
    expect((await call('ageo', CARTE_TP_PATHS.visu(foreignId, card))).status).toBe(200);
  });

  it('answers 404 for an unknown insured person', async () => {
    const [card] = await periods('ageo', insuredId);
    const unknown = 2_000_000_000;
    for (const path of [
      CARTE_TP_PATHS.availables(unknown),
      CARTE_TP_PATHS.download(unknown),
      CARTE_TP_PATHS.visu(unknown, card),
      CARTE_TP_PATHS.email(unknown, card, 'a@exemple.fr'),
      CARTE_TP_PATHS.availables('abc'),
    ]) {
      const response = await call('ageo', path);
      expect(response.status, path).toBe(404);
    }
  });

  it('asks for a sign-in', async () => {
    const response = await fetch(new URL(CARTE_TP_PATHS.availables(insuredId), server.url));
    expect(response.status).toBe(401);
  });
});

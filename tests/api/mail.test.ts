// The mail transport (server/src/mail): without SMTP_URL each message is an .eml file in
// <DATA_DIR>/outbox, with SMTP_URL it goes through that SMTP server (a real one here,
// smtp-server); both read back with mailparser, attachment included.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type MailMessage } from '../../server/src/mail/index.ts';

const MESSAGE: MailMessage = {
  to: 'victor.morel@horizon-courtage.fr',
  subject: 'Votre carte de tiers payant',
  text: 'Bonjour,\n\nVeuillez trouver ci-joint votre carte de tiers payant.\n',
  attachments: [{ filename: 'carte-tp.pdf', content: Buffer.from('%PDF-1.7 essai') }],
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mail-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const expectMessage = async (raw: Buffer | string) => {
  const mail = await simpleParser(raw);
  expect(mail.subject).toBe(MESSAGE.subject);
  expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(MESSAGE.to);
  expect(mail.from?.text).toContain('ne-pas-repondre@espace-partenaire.fr');
  expect(mail.text).toBe(MESSAGE.text);
  expect(mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
    ['carte-tp.pdf', '%PDF-1.7 essai'],
  ]);
};

describe('the mail transport', () => {
  it('writes each message as an .eml file in the outbox, and logs its path', async () => {
    const logged: object[] = [];
    const mailer = createMailer({ dataDir: dir, log: { info: (o) => logged.push(o) } });
    const sent = await mailer.send(MESSAGE);
    expect(sent.path).toMatch(new RegExp(`^${dir}/outbox/.+\\.eml$`));
    await expectMessage(await readFile(sent.path as string));
    expect(logged).toEqual([{ path: sent.path, to: MESSAGE.to, subject: MESSAGE.subject }]);
    const second = await mailer.send({ ...MESSAGE, subject: 'Autre' });
    expect(second.path).not.toBe(sent.path);
  });

  it('sends through the SMTP server of SMTP_URL', async () => {
    const received: Array<{ from: string; to: string[]; raw: Buffer }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks),
          });
          callback();
        });
      },
    });
    await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', done));
    const { port } = smtp.server.address() as AddressInfo;
    const mailer = createMailer({ dataDir: dir, smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const sent = await mailer.send(MESSAGE);
      expect(sent.path).toBeUndefined();
      expect(received).toHaveLength(1);
      expect(received[0].from).toBe('ne-pas-repondre@espace-partenaire.fr');
      expect(received[0].to).toEqual([MESSAGE.to]);
      await expectMessage(received[0].raw);
    } finally {
      mailer.close();
      await new Promise<void>((done) => smtp.close(() => done()));
    }
  });
});

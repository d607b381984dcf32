// The one mail transport (nodemailer) of account e-mails, imports and the carte TP
// (docs/configuration.md, SMTP_URL): through the SMTP server of SMTP_URL when it is set, else
// each message written as an .eml file in <DATA_DIR>/outbox, its path logged, so that a
// developer reads what would have been sent and the tests read it back.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import type { Attachment } from 'nodemailer/lib/mailer/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text, always: every mail reader shows it. */
  text: string;
  html?: string;
  attachments?: Attachment[];
}

export interface SentMail {
  messageId: string;
  /** The .eml file written, without SMTP_URL. */
  path?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

interface MailerOptions {
  smtpUrl?: string;
  dataDir: string;
  /** Who the messages come from. */
  from?: string;
  log?: { info(object: object, message: string): void };
}

export const DEFAULT_FROM = 'Espace partenaire <ne-pas-repondre@espace-partenaire.fr>';

export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? DEFAULT_FROM;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const outbox = resolve(options.dataDir, 'outbox');
  // The whole message as bytes, as an SMTP server would receive it.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replaceAll(':', '-');
      const path = join(outbox, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(path, info.message as Buffer);
      options.log?.info({ path, to: message.to, subject: message.subject }, 'mail written');
      return { messageId: info.messageId, path };
    },
    close: () => transport.close(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail transport (./index.ts): account e-mails, imports, the carte TP. */
    mailer: Mailer;
  }
}

/** app.mailer, closed with the app. */
export function registerMailer(app: FastifyInstance, options: Omit<MailerOptions, 'log'>): void {
  const mailer = createMailer({ ...options, log: app.log });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
}

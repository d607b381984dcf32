// The mail a test server wrote: without SMTP_URL each message is an .eml file under
// <DATA_DIR>/outbox (server/src/mail), read back here as the recipient would see it.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';

const addressedTo = (mail: ParsedMail, address: string) =>
  (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to?.text.includes(address));

/** Every message to `address`, oldest first (none when nothing was ever sent). */
export async function mailsTo(dataDir: string, address: string): Promise<ParsedMail[]> {
  const outbox = join(dataDir, 'outbox');
  const files = await readdir(outbox).catch(() => [] as string[]);
  const found: ParsedMail[] = [];
  for (const file of files.filter((f) => f.endsWith('.eml')).sort()) {
    const mail = await simpleParser(await readFile(join(outbox, file)));
    if (addressedTo(mail, address)) found.push(mail);
  }
  return found;
}

/** The newest message to `address`; throws when there is none. */
export async function lastMailTo(dataDir: string, address: string): Promise<ParsedMail> {
  const mail = (await mailsTo(dataDir, address)).at(-1);
  if (!mail) throw new Error(`no mail to ${address} in ${join(dataDir, 'outbox')}`);
  return mail;
}

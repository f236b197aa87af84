import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from './app-server.ts';

/**
 * A real SMTP server on this machine for the calling spec file (started before its tests, stopped
 * after), keeping every message it receives, parsed, for the tests to read.
 */
export function localSmtp() {
  const mails: ParsedMail[] = [];
  let url = '';
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  beforeAll(async () => {
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    /** smtp://… for the app's SMTP_URL; known once the file's tests start. */
    url: () => url,
    /** The first email to `address` that `matches`, waited for as a person waits for their inbox. */
    async mailTo(address: string, matches: (mail: ParsedMail) => boolean = () => true, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => JSON.stringify(m.to).includes(address) && matches(m));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no email reached ${address}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

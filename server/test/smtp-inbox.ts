import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on this machine that keeps every message it accepts, parsed. */
export class Inbox {
  readonly mails: ParsedMail[] = [];
  private server: SMTPServer | null = null;
  constructor(readonly port: number) {}

  /** An inbox on a free port of this machine, listening. */
  static async open(): Promise<Inbox> {
    const inbox = new Inbox(await freePort());
    await inbox.start();
    return inbox;
  }

  async start() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.mails.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  to(address: string) {
    return this.mails.filter((mail) => mail.to && JSON.stringify(mail.to).includes(address));
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

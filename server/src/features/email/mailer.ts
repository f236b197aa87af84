import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Env } from '../../env.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; cid?: string; contentType: string }[];
}

export interface Mailer {
  /** Resolves once the server accepted the message; rejects when it did not. */
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/**
 * nodemailer through SMTP_URL; without it (development and tests: production refuses to start,
 * env.ts) each email is written to the log instead, so the links in it can still be followed.
 */
export function createMailer(config: Env, log: FastifyBaseLogger): Mailer {
  if (!config.SMTP_URL) {
    return {
      async send(email) {
        log.info(
          { to: email.to, subject: email.subject },
          `email (SMTP_URL unset, not sent):\n${email.text}`,
        );
      },
      close() {},
    };
  }
  // The SMTP transport reads `url` like a connection string; the timeouts keep a hung server
  // from holding the worker (its email is retried later).
  const options = {
    url: config.SMTP_URL,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
  const transport = nodemailer.createTransport(options as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(email) {
      await transport.sendMail({ from: config.EMAIL_FROM, ...email });
    },
    close: () => transport.close(),
  };
}

import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { mailOutbox } from '../db/schema/index.ts';

export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  /** Stores the message in the outbox and, when SMTP is configured, delivers it. */
  send: (db: Db, message: MailMessage) => Promise<void>;
  close: () => void;
};

/**
 * With SMTP_URL the message goes out through nodemailer; without it, it stays in the outbox and its text
 * (with the link in it) is logged, so that a demo user can still reset a password.
 */
export const createMailer = (options: {
  smtpUrl?: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** When a message counts as sent (`sentAt`). */
  clock: Clock;
}): Mailer => {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(db, message) {
      const [row] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
      if (!row) throw new Error('outbox insert returned nothing');
      if (!transport) {
        options.log.warn(
          { mailId: row.id, to: message.to },
          `SMTP_URL is not set: the message stays in the outbox. ${message.subject}\n${message.text}`,
        );
        return;
      }
      try {
        await transport.sendMail({ from: options.from, ...message });
        await db.update(mailOutbox).set({ sentAt: options.clock.now() }).where(eq(mailOutbox.id, row.id));
      } catch (err) {
        options.log.error({ mailId: row.id, err }, 'mail delivery failed; the message stays in the outbox');
        await db
          .update(mailOutbox)
          .set({ error: err instanceof Error ? err.message.slice(0, 500) : 'unknown error' })
          .where(eq(mailOutbox.id, row.id));
      }
    },
    close: () => transport?.close(),
  };
};

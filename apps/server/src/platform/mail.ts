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

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const layout = (
  title: string,
  paragraphs: string[],
  action: { label: string; link: string },
) => `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a2433;background:#f4f6f9;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(action.link)}" style="background:#123a5c;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#4a5568">If the button does not work, open this address: ${escapeHtml(action.link)}</p>
</div></body></html>`;

export type MailRecipient = { to: string; fullName: string; link: string };

/** One message in text and HTML from the same lines and action: every mail the app sends looks alike. */
export const composeMail = (
  p: MailRecipient,
  content: { subject: string; title: string; lines: string[]; action: string },
): MailMessage => {
  const lines = [`Hello ${p.fullName},`, ...content.lines];
  return {
    to: p.to,
    subject: content.subject,
    text: `${lines.join('\n\n')}\n\n${content.action}: ${p.link}\n`,
    html: layout(content.title, lines, { label: content.action, link: p.link }),
  };
};

import type { MailMessage } from '../../platform/mail.ts';

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

type Recipient = { to: string; fullName: string; link: string };

/** One message in text and HTML from the same lines and action. */
const mail = (
  p: Recipient,
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

export const passwordResetMail = (p: Recipient) =>
  mail(p, {
    subject: 'Reset your Centric password',
    title: 'Reset your password',
    lines: [
      'We received a request to reset your Centric password. The link below works once and expires in 1 hour.',
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ],
    action: 'Reset password',
  });

export const verifyEmailMail = (p: Recipient) =>
  mail(p, {
    subject: 'Verify your Centric email address',
    title: 'Verify your email address',
    lines: ['Please confirm that this is your email address for Centric.'],
    action: 'Verify email',
  });

export const invitationMail = (p: Recipient) =>
  mail(p, {
    subject: 'You are invited to Centric',
    title: 'Welcome to Centric',
    lines: [
      'You have been invited to Centric. Set your password with the link below; it works once and expires in 7 days.',
      'After that you will be asked to set up an authenticator app for sign-in.',
    ],
    action: 'Set password',
  });

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

export const passwordResetMail = (p: { to: string; fullName: string; link: string }): MailMessage => {
  const lines = [
    `Hello ${p.fullName},`,
    'We received a request to reset your Centric password. The link below works once and expires in 1 hour.',
    'If you did not ask for this, you can ignore this email: your password stays as it is.',
  ];
  return {
    to: p.to,
    subject: 'Reset your Centric password',
    text: `${lines.join('\n\n')}\n\nReset your password: ${p.link}\n`,
    html: layout('Reset your password', lines, { label: 'Reset password', link: p.link }),
  };
};

export const verifyEmailMail = (p: { to: string; fullName: string; link: string }): MailMessage => {
  const lines = [`Hello ${p.fullName},`, 'Please confirm that this is your email address for Centric.'];
  return {
    to: p.to,
    subject: 'Verify your Centric email address',
    text: `${lines.join('\n\n')}\n\nVerify your email: ${p.link}\n`,
    html: layout('Verify your email address', lines, { label: 'Verify email', link: p.link }),
  };
};

export const invitationMail = (p: { to: string; fullName: string; link: string }): MailMessage => {
  const lines = [
    `Hello ${p.fullName},`,
    'You have been invited to Centric. Set your password with the link below; it works once and expires in 7 days.',
    'After that you will be asked to set up an authenticator app for sign-in.',
  ];
  return {
    to: p.to,
    subject: 'You are invited to Centric',
    text: `${lines.join('\n\n')}\n\nSet your password: ${p.link}\n`,
    html: layout('Welcome to Centric', lines, { label: 'Set password', link: p.link }),
  };
};

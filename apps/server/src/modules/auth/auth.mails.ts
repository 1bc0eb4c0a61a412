import { composeMail as mail, type MailRecipient as Recipient } from '../../platform/mail.ts';

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

import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string; text: string };

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
export const startSmtp = async (options: { onMessage?: (mail: ReceivedMail) => void } = {}) => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // Quoted-printable soft line breaks and escapes, enough to read links back.
        const text = raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw, text };
        received.push(mail);
        options.onMessage?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The first link in the newest message to `to` that matches the pattern. */
    linkTo(to: string, pattern: RegExp) {
      const mail = [...received].reverse().find((m) => m.to.includes(to));
      const match = mail?.text.match(pattern);
      if (!match) throw new Error(`no mail to ${to} with ${pattern}`);
      return match[0];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

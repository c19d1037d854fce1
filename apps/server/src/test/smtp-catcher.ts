import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  /** The message as it crossed the wire, quoted-printable decoded. */
  text: string;
}

export interface SmtpCatcher {
  url: string;
  messages: CaughtMail[];
  /** Resolves with the next message for `to` (or one already received). */
  waitFor(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

/** Soft line breaks and =XX escapes: enough to read a link out of a message body. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * A real SMTP server on loopback (the `smtp-server` package) standing in for a mail provider in
 * tests: nodemailer talks the real protocol to it and every message is kept for assertions.
 */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const waiters: { to: string; resolve: (m: CaughtMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail: CaughtMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          text: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        };
        messages.push(mail);
        for (const w of waiters.filter((w) => mail.to.includes(w.to))) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, timeoutMs = 10_000) {
      const already = messages.find((m) => m.to.includes(to));
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no e-mail for ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          to,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

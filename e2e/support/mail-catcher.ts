import fs from 'node:fs';
import { SMTPServer } from 'smtp-server';

export interface MailCatcher {
  port: number;
  close(): Promise<void>;
}

export interface CaughtMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that appends every message it receives to a JSON-lines file. */
export async function startMailCatcher(file: string): Promise<MailCatcher> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const entry: CaughtMail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        fs.appendFileSync(file, `${JSON.stringify(entry)}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, close: () => new Promise((r) => server.close(() => r())) };
}

/** Decodes quoted-printable soft breaks and escapes, enough to read links out of a message. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits until a message for `to` arrives and returns its decoded body. */
export async function waitForMail(file: string, to: string, timeoutMs = 15_000): Promise<string> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (fs.existsSync(file)) {
      const lines = fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
      for (const line of lines.reverse()) {
        const mail = JSON.parse(line) as CaughtMail;
        if (mail.to.includes(to)) return decodeQuotedPrintable(mail.raw);
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail for ${to} within ${timeoutMs} ms`);
}

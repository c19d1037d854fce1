import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Time limits for the SMTP conversation: nodemailer's defaults (2 minutes to connect, 10 of
 * silence) would hold a "forgot password" request open that long when the mail server is down.
 * Query parameters of SMTP_URL (`?connectionTimeout=…`) still override these.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP through nodemailer when `SMTP_URL` is set; otherwise the message is written to the log,
 * so a self-hoster without mail still gets reset links.
 */
export function createMailer(options: { smtpUrl?: string; from: string; log: Logger }): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        options.log.info(
          { mail: { to: message.to, subject: message.subject, text: message.text } },
          'SMTP_URL is not set: e-mail written to the log instead of sent',
        );
      },
    };
  }
  const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      try {
        await transport.sendMail({ from: options.from, ...message });
      } catch (err) {
        // The body (it may hold a reset link) stays out of the log; who and what failed goes in.
        options.log.error(
          { to: message.to, subject: message.subject, err: (err as Error).message },
          'e-mail could not be sent over SMTP',
        );
        throw err;
      }
    },
  };
}

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
}

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
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}

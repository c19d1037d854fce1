import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { freePort } from '../../test/processes';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher';

function captureLog() {
  const entries: { level: string; obj: object; msg: string }[] = [];
  return {
    entries,
    log: {
      info: (obj: object, msg: string) => entries.push({ level: 'info', obj, msg }),
      error: (obj: object, msg: string) => entries.push({ level: 'error', obj, msg }),
    },
  };
}

const MESSAGE = {
  to: 'ada@example.com',
  subject: 'Reset your Candor password',
  text: 'Open http://localhost:3000/api/auth/reset-password/tok?callbackURL=x',
};

describe('the mailer', () => {
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterAll(async () => smtp?.close());

  it('sends over SMTP from MAIL_FROM when SMTP_URL is set', async () => {
    const { log, entries } = captureLog();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Candor <mail@candor.test>', log });
    await mailer.send(MESSAGE);
    const mail = await smtp.waitFor('ada@example.com');
    expect(mail.from).toBe('mail@candor.test');
    expect(mail.text).toContain('Subject: Reset your Candor password');
    expect(mail.text).toContain(MESSAGE.text);
    expect(entries).toEqual([]);
  });

  it('writes the message to the log when SMTP_URL is not set', async () => {
    const { log, entries } = captureLog();
    await createMailer({ from: 'x@y.z', log }).send(MESSAGE);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.obj).toEqual({ mail: MESSAGE });
  });

  it('rejects and logs without the body when the mail server is down', async () => {
    const { log, entries } = captureLog();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
      from: 'x@y.z',
      log,
    });
    await expect(mailer.send(MESSAGE)).rejects.toThrow();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.level).toBe('error');
    expect(JSON.stringify(entries[0])).not.toContain('reset-password/tok');
  });
});

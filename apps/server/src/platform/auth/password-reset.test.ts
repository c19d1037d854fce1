import { describe, expect, it } from 'vitest';
import { freePort } from '../../test/processes';
import { startSmtpCatcher } from '../../test/smtp-catcher';
import { databaseKinds, createTestApp, useStarted, useTestApp } from '../../test/harness';
import { ORIGIN, TEST_PASSWORD, signIn, signUpCandidate, uniqueEmail } from '../../test/users';

const NEW_PASSWORD = 'Renewed2@pass';

/**
 * Forgot and reset password with the real mail path: nodemailer (SMTP_URL) speaks SMTP to a local
 * server, the link is read out of the message that crossed the wire and followed like a browser.
 */
describe.each(databaseKinds())('password reset by e-mail on %s', (kind) => {
  const smtp = useStarted(startSmtpCatcher);
  const ctx = useTestApp(
    kind,
    () => ({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Candor <no-reply@candor.test>',
      SIGN_IN_RATE_LIMIT: '1000',
    }),
    // The configured mailer (SMTP_URL), not the tests' memory one: the real mail path.
    { mailer: undefined },
  );

  const requestReset = (email: string, redirectTo?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: redirectTo ? { email, redirectTo } : { email },
    });
  const resetPassword = (token: string, newPassword: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      payload: { token, newPassword },
    });
  /** Reads the link out of the e-mail and opens it: the server sends the browser to the SPA page. */
  async function followLink(email: string) {
    const mail = await smtp.waitFor(email);
    const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    const url = new URL(link!);
    expect(url.origin).toBe(ORIGIN);
    const res = await ctx.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(res.statusCode).toBe(302);
    return { mail, landing: new URL(res.headers.location as string) };
  }

  it('mails a link that lands on the reset page, and the new password replaces the old', async () => {
    const { email } = await signUpCandidate(ctx.app);
    const res = await requestReset(email.toUpperCase(), `${ORIGIN}/reset-password`);
    expect(res.statusCode, res.body).toBe(200);

    const { mail, landing } = await followLink(email);
    expect(mail.from).toBe('no-reply@candor.test');
    expect(mail.text).toContain('Subject: Reset your Candor password');
    expect(`${landing.origin}${landing.pathname}`).toBe(`${ORIGIN}/reset-password`);
    const token = landing.searchParams.get('token');
    expect(token).toBeTruthy();

    expect((await resetPassword(token!, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(ctx.app, email, NEW_PASSWORD)).statusCode).toBe(200);
    const old = await signIn(ctx.app, email, TEST_PASSWORD);
    expect(old.statusCode).toBe(401);

    // The link is single-use.
    const again = await resetPassword(token!, 'Another3#pass');
    expect(again.statusCode).toBe(400);
  });

  it('ends the sessions the account had before the reset', async () => {
    const { email, cookie } = await signUpCandidate(ctx.app);
    await requestReset(email);
    const { landing } = await followLink(email);
    await resetPassword(landing.searchParams.get('token')!, NEW_PASSWORD);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it("points the link at the SPA's reset page when the client names none", async () => {
    const { email } = await signUpCandidate(ctx.app);
    expect((await requestReset(email)).statusCode).toBe(200);
    const { landing } = await followLink(email);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${ORIGIN}/reset-password`);
  });

  it('refuses a new password that breaks the rules, naming the field', async () => {
    const { email } = await signUpCandidate(ctx.app);
    await requestReset(email);
    const { landing } = await followLink(email);
    const weak = await resetPassword(landing.searchParams.get('token')!, 'alllowercase1!');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      field: 'newPassword',
      message: 'Password must contain an uppercase letter',
    });
    // The old password still works: nothing was half-changed.
    expect((await signIn(ctx.app, email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lands an unknown or used token on the reset page with an error', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/reset-password/not-a-token?callbackURL=${encodeURIComponent(`${ORIGIN}/reset-password`)}`,
    });
    expect(res.statusCode).toBe(302);
    const landing = new URL(res.headers.location as string);
    expect(landing.pathname).toBe('/reset-password');
    expect(landing.searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await requestReset(email);
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.some((m) => m.to.includes(email))).toBe(false);
  });

  it('validates the e-mail and refuses a link to another site', async () => {
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'email', message: 'Email is required' });
    const bad = await requestReset('not-an-email');
    expect(bad.json()).toMatchObject({
      field: 'email',
      message: 'Please enter a valid email address',
    });

    const { email } = await signUpCandidate(ctx.app);
    const foreign = await requestReset(email, 'https://evil.example/steal');
    expect(foreign.statusCode).toBe(403);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.some((m) => m.to.includes(email))).toBe(false);
  });
});

describe('password reset while the mail server is down', () => {
  it('answers as usual (no hint whether the account exists) and keeps serving', async () => {
    const port = await freePort();
    const ctx = await createTestApp(
      'pglite',
      { SMTP_URL: `smtp://127.0.0.1:${port}` },
      { mailer: undefined },
    );
    try {
      const { email } = await signUpCandidate(ctx.app);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: ORIGIN },
        payload: { email },
      });
      expect(res.statusCode).toBe(200);
      expect((await signIn(ctx.app, email, TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

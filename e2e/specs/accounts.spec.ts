import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { useBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { waitForMail } from '../support/mail-catcher';
import {
  newCandidate,
  signInAdminThroughUi,
  signInThroughUi,
  signOutThroughUi,
  signUpThroughUi,
} from '../support/flows';

const browser = useBrowser();

describe('a new candidate', () => {
  it('signs up, signs out, resets the password from the e-mailed link and signs in', async () => {
    const context = await newContext(browser());
    const page = await newPage(context);
    const candidate = newCandidate(uniqueEmail());

    await signUpThroughUi(page, candidate);
    await page.getByText(`${candidate.firstName} ${candidate.lastName}`).first().waitFor();
    await signOutThroughUi(page);

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email').fill(candidate.email);
    await page.getByRole('button', { name: /send reset link/i }).click();
    await page
      .getByText(/we sent a reset link/i)
      .first()
      .waitFor();

    const mail = await waitForMail(inject('mailFile'), candidate.email);
    // The e-mailed link passes through the server, which checks the token and redirects to the
    // SPA's /reset-password?token=… page.
    const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(mail)?.[0];
    expect(link, mail).toBeTruthy();

    const newPassword = 'Changed2@pass';
    await page.goto(link!);
    await page.waitForURL(
      (url) => url.pathname === '/reset-password' && url.searchParams.has('token'),
    );
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: /reset password/i }).click();
    await page
      .getByText(/password has been reset/i)
      .first()
      .waitFor();

    await signInThroughUi(page, candidate.email, candidate.password);
    await page
      .getByRole('alert')
      .filter({ hasText: /invalid|incorrect/i })
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    await signInThroughUi(page, candidate.email, newPassword);
    await page.waitForURL((url) => url.pathname === '/');
    expect(page.errors).toEqual([]);
    await context.close();
  });
});

describe('redirects', () => {
  it('sends every signed-out path to /login and unknown signed-in paths to /', async () => {
    const context = await newContext(browser());
    const page = await newPage(context);
    for (const path of ['/', '/practice', '/history', '/settings', '/reports/abc', '/nowhere']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/login');
    }
    await page.getByText('Welcome back').first().waitFor();
    await page.getByText('Sign in to your account to continue practicing').first().waitFor();

    const candidate = newCandidate(uniqueEmail('redirect'));
    await signUpThroughUi(page, candidate);
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');
    // History is highlighted for report pages.
    await page.goto('/history');
    const history = page.getByRole('link', { name: 'History' }).first();
    await expect(history.getAttribute('aria-current')).resolves.toBe('page');
    await context.close();
  });
});

describe('the admin portal', () => {
  it('lets an administrator in and returns them to the page they asked for', async () => {
    const context = await newContext(browser());
    const page = await newPage(context);
    await page.goto('/admin/candidates');
    await page.waitForURL('**/admin/login');
    await signInAdminThroughUi(page, inject('adminEmail'), inject('adminPassword'));
    await page.waitForURL('**/admin/candidates');
    await page.getByText(inject('adminEmail')).first().waitFor();
    await page
      .getByText(/online/i)
      .first()
      .waitFor();
    await context.close();
  });

  it('refuses a candidate, even one signed in to the candidate app', async () => {
    const context = await newContext(browser());
    const page = await newPage(context);
    const candidate = newCandidate(uniqueEmail('not-admin'));
    await signUpThroughUi(page, candidate);

    await page.goto('/admin/dashboard');
    await page.waitForURL('**/admin/login');
    await signInAdminThroughUi(page, candidate.email, candidate.password);
    await page.getByText('Access denied. Admin privileges required.').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/admin/login');
    await context.close();
  });
});

describe('theme', () => {
  it('switches between light, dark and system, remembers the choice, and follows the OS', async () => {
    const context = await newContext(browser(), { colorScheme: 'light' });
    const page = await newPage(context);
    await signUpThroughUi(page, newCandidate(uniqueEmail('theme')));
    await page.goto('/settings?tab=appearance');
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));

    await page.getByRole('radio', { name: /dark/i }).check();
    await page.getByText('Theme changed to dark').first().waitFor();
    expect(await isDark()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await page.getByRole('radio', { name: /dark/i }).waitFor();
    expect(await isDark()).toBe(true);

    await page.getByRole('radio', { name: /light/i }).check();
    await page.getByText('Theme changed to light').first().waitFor();
    expect(await isDark()).toBe(false);

    await page.getByRole('radio', { name: /system/i }).check();
    await page.getByText('Theme changed to system').first().waitFor();
    expect(await isDark()).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    await context.close();
  });
});

import crypto from 'node:crypto';
import os from 'node:os';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { availableSets } from '../support/api';
import { seriousViolations } from '../support/axe';
import { useBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import {
  CANDIDATE_PASSWORD,
  newCandidate,
  signInAdminThroughUi,
  signInThroughUi,
  signUpThroughUi,
} from '../support/flows';
import { useServer } from '../support/server';

/** Sign-up, sign-in and error screens as real people meet them (issue 11, decision 015). */

const browser = useBrowser();

const sidebarName = (page: Page) => page.getByTestId('sidebar-name').first();

describe('sign-up with the names people have', () => {
  it("accepts Zoë O'Brien-Smith and Nguyễn, shows every password rule, refuses digits by name", async () => {
    const context = await newContext(browser());
    const page = await newPage(context);
    await page.goto('/signup');

    // The checklist lists the special character the server enforces.
    const rules = page.getByRole('list', { name: 'Password requirements' }).getByRole('listitem');
    await page.getByLabel('Password', { exact: true }).fill('Secret123');
    await expect(rules.allTextContents()).resolves.toEqual([
      '8 to 128 characters(met)',
      'One uppercase letter(met)',
      'One lowercase letter(met)',
      'One number(met)',
      'One special character (e.g. ! @ # $ -)(not met)',
    ]);

    await page.getByLabel('First name').fill('R2D2');
    await page.getByLabel('Last name').click();
    await page
      .getByText('First name can only contain letters, spaces, hyphens and apostrophes')
      .waitFor();

    await signUpThroughUi(page, {
      ...newCandidate(uniqueEmail('zoe')),
      firstName: 'Zoë',
      lastName: "O'Brien-Smith",
    });
    await expect(sidebarName(page).textContent()).resolves.toBe("Zoë O'Brien-Smith");
    await page.getByRole('heading', { name: /Welcome back, Zoë/ }).waitFor();
    await context.close();

    const second = await newContext(browser());
    const other = await newPage(second);
    await signUpThroughUi(other, {
      ...newCandidate(uniqueEmail('nguyen')),
      firstName: 'Thị Minh',
      lastName: 'Nguyễn',
    });
    await expect(sidebarName(other).textContent()).resolves.toBe('Thị Minh Nguyễn');
    // Read back from the server, not just the form: a reload shows the stored name.
    await other.reload();
    await expect(sidebarName(other).textContent()).resolves.toBe('Thị Minh Nguyễn');
    expect([...page.errors, ...other.errors]).toEqual([]);
    await second.close();
  });
});

describe('a candidate deactivated while the dashboard is open', () => {
  it('lands on /login with "This account has been disabled" at their next action', async () => {
    const candidateContext = await newContext(browser());
    const candidatePage = await newPage(candidateContext);
    const candidate = {
      ...newCandidate(uniqueEmail('deactivated')),
      firstName: 'Zoë',
      lastName: 'Okafor',
    };
    await signUpThroughUi(candidatePage, candidate);
    await candidatePage.getByRole('heading', { name: /Welcome back, Zoë/ }).waitFor();

    const adminContext = await newContext(browser());
    const admin = await newPage(adminContext);
    await signInAdminThroughUi(admin, inject('adminEmail'), inject('adminPassword'));
    await admin.waitForURL('**/admin/dashboard');
    await admin.goto('/admin/candidates');
    await admin.getByLabel('Search candidates').fill(candidate.email);
    await admin.getByRole('button', { name: `Details for ${candidate.email}` }).click();
    await admin.getByRole('button', { name: 'Deactivate', exact: true }).click();

    // An accessible confirmation first; cancelling changes nothing.
    const dialog = admin.getByRole('alertdialog', { name: 'Deactivate Zoë Okafor?' });
    await dialog.waitFor();
    expect(await seriousViolations(admin, 'deactivation confirmation')).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await candidatePage.getByRole('link', { name: 'History' }).first().click();
    await candidatePage.waitForURL('**/history');

    await admin.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await admin.getByText('Candidate deactivated').first().waitFor();
    await admin.getByRole('button', { name: 'Activate', exact: true }).waitFor();

    // The candidate's next action asks the server, which says why; the app signs out.
    await candidatePage.getByRole('link', { name: 'Practice' }).first().click();
    await candidatePage.waitForURL((url) => url.pathname === '/login');
    await candidatePage
      .getByRole('alert')
      .filter({ hasText: 'This account has been disabled' })
      .waitFor();
    await candidatePage.goto('/');
    await candidatePage.waitForURL((url) => url.pathname === '/login');

    await signInThroughUi(candidatePage, candidate.email, CANDIDATE_PASSWORD);
    await candidatePage
      .getByRole('alert')
      .filter({ hasText: 'This account has been disabled' })
      .waitFor();
    expect(new URL(candidatePage.url()).pathname).toBe('/login');

    // Activation needs no confirmation, and the candidate can sign in again.
    await admin.getByRole('button', { name: 'Activate', exact: true }).click();
    await admin.getByText('Candidate activated').first().waitFor();
    expect(await admin.getByRole('alertdialog').count()).toBe(0);
    await signInThroughUi(candidatePage, candidate.email, CANDIDATE_PASSWORD);
    await candidatePage.waitForURL((url) => url.pathname === '/');
    expect([...candidatePage.errors, ...admin.errors]).toEqual([]);
    await candidateContext.close();
    await adminContext.close();
  });
});

describe('interview links that lead nowhere', () => {
  it('show a human message and a way back to Practice, never a validation string', async () => {
    const context = await newContext(browser());
    const page = await newPage(context);
    await signUpThroughUi(page, newCandidate(uniqueEmail('bad-links')));
    const [set] = await availableSets(page);
    expect(set).toBeTruthy();

    for (const path of ['/interview/not-a-uuid', `/interview/${crypto.randomUUID()}`]) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Interview Not Found' }).waitFor();
      await page
        .getByText('This interview set does not exist or is no longer available.', {
          exact: false,
        })
        .waitFor();
      expect(await page.getByText(/must be a valid|id:/).count()).toBe(0);
    }
    expect(await seriousViolations(page, 'interview not found')).toEqual([]);
    await page.getByRole('link', { name: 'Back to Practice' }).click();
    await page.waitForURL('**/practice');

    await page.goto(`/interview/${set!.id}?attempt=${crypto.randomUUID()}`);
    await page.getByRole('heading', { name: 'Interview Not Found' }).waitFor();
    await page.getByText(/This interview attempt could not be found/).waitFor();
    await page.getByRole('link', { name: 'Start again' }).click();
    await page.getByRole('button', { name: 'Start Interview' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(page.errors).toEqual([]);
    await context.close();
  });
});

describe('opening the app by address, without PUBLIC_URL', () => {
  // Listening on every interface, as `npm start` does by default.
  const server = useServer(() => ({ PUBLIC_URL: '', HOST: '0.0.0.0' }));
  const port = () => new URL(server().baseUrl).port;

  const lanAddress = Object.values(os.networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .find((e) => e.family === 'IPv4' && !e.internal)?.address;

  const signUpAt = async (origin: string) => {
    const context = await browser().newContext({ baseURL: origin });
    context.setDefaultTimeout(15_000);
    const page = await newPage(context);
    await signUpThroughUi(page, {
      ...newCandidate(uniqueEmail('by-address')),
      firstName: 'Zoë',
      lastName: "O'Brien-Smith",
    });
    expect(new URL(page.url()).origin).toBe(origin);
    await expect(sidebarName(page).textContent()).resolves.toBe("Zoë O'Brien-Smith");
    expect(page.errors).toEqual([]);
    await context.close();
  };

  it('signs up at http://127.0.0.1:<port>', async () => {
    await signUpAt(`http://127.0.0.1:${port()}`);
  });

  it.runIf(lanAddress)('signs up at the LAN address the server prints', async () => {
    await signUpAt(`http://${lanAddress}:${port()}`);
  });
});

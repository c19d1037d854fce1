import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { availableSets } from '../support/api';
import { launchBrowser, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signInAdminThroughUi, signUpThroughUi } from '../support/flows';
import { startServer, type RunningServer } from '../support/server';

/**
 * Issue 17, credits: a candidate with one interview a month spends it by answering, is refused the
 * next start with the server's message, and starts again once an administrator raises their limit
 * on the candidates page. Its own server: the limit must not reach the other specs.
 */

const ADMIN = { email: 'credits-admin@e2e.test', password: 'AdminPass1!' };
const ANSWER =
  "Okay, so I'd start with the requirements, then put a cache in front of the database because most reads repeat. Zoë O'Brien-Smith's team used Redis with a five minute expiry.";

let browser: Browser;
let server: RunningServer;
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({
    CREDITS_DEFAULT_LIMIT: '1',
    CREDITS_PERIOD: 'month',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function context(): Promise<BrowserContext> {
  const c = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1280, height: 900 },
  });
  c.setDefaultTimeout(15_000);
  return c;
}

async function startTyped(page: Page) {
  await page.getByLabel('Type my answers instead of speaking').check();
  await page.getByRole('button', { name: 'Start Interview' }).click();
}

describe('credits', () => {
  it('a candidate runs out of credits and is told so; an administrator raises the limit and they start again', async () => {
    const candidateContext = await context();
    const page = await newPage(candidateContext);
    const candidate = newCandidate(uniqueEmail('credits'));
    await signUpThroughUi(page, candidate);
    await page.getByText('1 of 1 interview left this month').waitFor();

    // The first answer spends the credit; opening the pre-start screen does not.
    const [first, second] = (await availableSets(page)).filter((s) => s.type === 'topic-based');
    await page.goto(`/interview/${first!.id}`);
    await page.getByRole('heading', { name: first!.title }).waitFor();
    await page.getByText('1 of 1 interview left this month').waitFor();
    await startTyped(page);
    await page.getByLabel('Type your answer').fill(ANSWER);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="transcript"] li[data-speaker="AI"]').length >= 2,
    );

    await page.goto('/');
    await page.getByText('0 of 1 interview left this month').waitFor();

    // Another interview is refused with the server's message, on the screen.
    await page.goto(`/interview/${second!.id}`);
    await page.getByRole('heading', { name: second!.title }).waitFor();
    await startTyped(page);
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: 'You have no interviews left this month (your limit is 1).' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/your administrator can also raise your limit\.$/);
    expect(new URL(page.url()).searchParams.get('attempt')).toBeNull();

    // An administrator raises this candidate's limit on the candidates page.
    const adminContext = await context();
    const admin = await newPage(adminContext);
    await signInAdminThroughUi(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL('**/admin/dashboard');
    await admin.goto('/admin/candidates');
    await admin.getByLabel('Search candidates').fill(candidate.email);
    await admin.getByTestId('candidate-row').filter({ hasText: candidate.email }).waitFor();
    await admin.getByRole('button', { name: `Details for ${candidate.email}` }).click();
    const name = `${candidate.firstName} ${candidate.lastName}`;
    const credits = admin.getByRole('region', { name: `Credits of ${name}` });
    await credits.getByText('1 used this month of 1 (platform limit)').waitFor();
    await credits.getByLabel(`Interview limit for ${name}`).fill('3');
    await credits.getByRole('button', { name: 'Save limit' }).click();
    await credits.getByText('Limit saved.').waitFor();
    await credits.getByText('1 used this month of 3 (own limit)').waitFor();

    // The candidate starts again.
    await page.reload();
    await page.getByText('2 of 3 interviews left this month').waitFor();
    await startTyped(page);
    await page.waitForURL(/attempt=/);
    await page.getByLabel('Type your answer').waitFor();

    expect(page.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await adminContext.close();
    await candidateContext.close();
  });
});

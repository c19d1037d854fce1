import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  availableSets,
  completeFixedInterview,
  answerAttempt,
  createAttempt,
  discardAttempt,
} from '../support/api';
import { launchBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import {
  newCandidate,
  signInAdminThroughUi,
  signInThroughUi,
  signUpThroughUi,
  type Candidate,
} from '../support/flows';

let browser: Browser;
let page: Page;
let candidate: Candidate;
const scores: number[] = [];
let repeatId = '';

const ANSWERS = [
  'First, a closure keeps access to variables of its outer scope. For example, a counter function returns an inner function that increments a private count, because the inner function captures the lexical environment.',
  'Let and const are block scoped while var is function scoped and hoisted. For example, const prevents reassignment, and let creates a new binding per loop iteration, which avoids the classic closure bug.',
];

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await newContext(browser);
  page = await newPage(context);
  candidate = newCandidate(uniqueEmail('progress'));
  await signUpThroughUi(page, candidate);
  const sets = await availableSets(page);
  const fixed = sets.filter((s) => s.type === 'fixed');
  for (const set of fixed.slice(0, 2))
    scores.push((await completeFixedInterview(page, set, ANSWERS)).overall);
  // The first set once more, so its report can show the change since the previous attempt.
  const again = await completeFixedInterview(page, fixed[0]!, [...ANSWERS].reverse());
  scores.push(again.overall);
  repeatId = again.id;
  // 22 more attempts across categories, each answered once (history from then on, decision
  // 038), 25 in all: 5 left unfinished, the rest discarded (a candidate has at most
  // ATTEMPT_LIMITS.unfinishedMax open at once).
  for (let i = 0; i < 22; i++) {
    const id = await createAttempt(page, sets[i % sets.length]!);
    await answerAttempt(page, id);
    if (i >= 5) await discardAttempt(page, id);
  }
});
afterAll(async () => {
  await browser?.close();
});

describe('progress', () => {
  it('the dashboard counts the attempts and averages the completed ones', async () => {
    await page.goto('/');
    await page.getByText('Quick Practice Interview').waitFor();
    const avg = Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);
    expect(await page.getByTestId('stat-Total Interviews').textContent()).toBe('25');
    expect(await page.getByTestId('stat-Completed').textContent()).toBe('3/25');
    expect(await page.getByTestId('stat-Avg. Score').textContent()).toBe(`${avg}%`);
    await page.getByRole('heading', { name: 'Recent Completed Interviews' }).waitFor();
    await page.getByText('Your progress').waitFor();
  });

  it('history filters and paginates 25 attempts', async () => {
    await page.goto('/history');
    const rows = page.getByTestId('history-row');
    await rows.first().waitFor();
    await page.getByTestId('history-total').filter({ hasText: /\d/ }).waitFor();
    await page.getByTestId('history-completed').filter({ hasText: /\d/ }).waitFor();
    expect(await page.getByTestId('history-total').textContent()).toBe('25');
    expect(await page.getByTestId('history-completed').textContent()).toBe('3');
    expect(await rows.count()).toBe(10);
    await page.getByRole('button', { name: 'Page 3' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="history-row"]').length === 5,
    );
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="history-row"]').length === 10,
    );

    await page.getByLabel('Status').selectOption('completed');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="history-row"]').length === 3,
    );
    expect(await page.getByRole('link', { name: /^View Report: / }).count()).toBe(3);
    await page.getByLabel('Status').selectOption('all');

    await page.getByLabel('Category').selectOption('Behavioral');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="history-row"]')].every((r) =>
        r.textContent?.includes('Behavioral'),
      ),
    );
    await page.getByLabel('Category').selectOption('all');

    await page.getByLabel('Search interviews').fill('zzz-no-such-interview');
    await page.getByText('No interviews found').waitFor();
    await page.getByText('Try adjusting your filters or search term.').waitFor();
    await page.getByLabel('Search interviews').fill('');
    await rows.first().waitFor();

    await page.getByLabel('Status').selectOption('completed');
    await page
      .getByRole('link', { name: /^View Report: / })
      .first()
      .click();
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
  });

  it("a repeated set's report shows the change since the previous attempt", async () => {
    await page.goto(`/reports/${repeatId}`);
    await page.getByText('Since your previous attempt').waitFor();
    const delta = scores[2]! - scores[0]!;
    expect(await page.getByTestId('change-overall').textContent()).toContain(
      delta === 0 ? '0' : `${delta > 0 ? '+' : ''}${delta}`,
    );
  });

  it('the profile validates touched fields and saves, updating the sidebar', async () => {
    await page.goto('/settings');
    const first = page.getByLabel('First name');
    await first.fill('');
    await first.blur();
    await page.getByText('First name is required').waitFor();
    await page.getByLabel('Bio').fill('x'.repeat(501));
    await page.getByLabel('Bio').blur();
    await page.getByText('Bio must be at most 500 characters').waitFor();
    await page.getByLabel('GitHub URL').fill('not a url');
    await page.getByLabel('GitHub URL').blur();
    await page.getByText('Must be a valid URL').waitFor();
    expect(await page.getByText('Last name is required').count()).toBe(0);

    await first.fill('Gracie');
    await page.getByLabel('Bio').fill('Compilers and COBOL.');
    await page.getByLabel('GitHub URL').fill('https://github.com/gracie');
    expect(await page.getByLabel('Email').isEditable()).toBe(false);
    await page.getByText('Email cannot be changed').waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await page
      .getByTestId('sidebar-name')
      .filter({ hasText: `Gracie ${candidate.lastName}` })
      .waitFor();
  });
});

describe('people', () => {
  it('an admin finds the candidate by e-mail and deactivates them; they can no longer sign in', async () => {
    const context = await newContext(browser);
    const admin = await newPage(context);
    await signInAdminThroughUi(admin, inject('adminEmail'), inject('adminPassword'));
    await admin.waitForURL('**/admin/dashboard');
    await admin.getByTestId('analytics-Total Interviews').waitFor();
    await admin.goto('/admin/candidates');
    await admin.getByLabel('Search candidates').fill(candidate.email);
    const row = admin.getByTestId('candidate-row').filter({ hasText: candidate.email });
    await row.waitFor();
    await admin.waitForFunction(
      () => document.querySelectorAll('[data-testid="candidate-row"]').length === 1,
    );
    expect(await row.textContent()).toContain('3/25');
    await admin.getByRole('button', { name: `Details for ${candidate.email}` }).click();
    // 3 completed of 20 finished (17 discarded): the 5 attempts still open are not counted as
    // failures (3 of 25 would be 12%).
    await admin.getByText('Success rate: 15%').waitFor();
    await admin.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await admin
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Deactivate', exact: true })
      .click();
    await admin.getByText('Candidate deactivated').first().waitFor();
    await row.getByText('Inactive').waitFor();

    await page.reload();
    await page.waitForURL('**/login');
    await signInThroughUi(page, candidate.email, candidate.password);
    await page.getByText('This account has been disabled').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});

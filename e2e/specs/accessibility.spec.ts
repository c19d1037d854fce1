import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { availableSets, completeFixedInterview } from '../support/api';
import { formatFindings, seriousViolations, type Finding } from '../support/axe';
import { launchBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signInAdminThroughUi, signUpThroughUi } from '../support/flows';
import { SPEECH_STAND_IN } from '../support/speech-stand-in';

/**
 * axe-core on every screen and the dialogs that open cheaply, in the light and the dark theme: no
 * serious or critical violation. Each screen is opened once and scanned twice: with the OS
 * preference light, then dark (Playwright's colour-scheme emulation, as a context with
 * colorScheme 'dark' sets it); the app's default theme, 'system', follows it live, and the scan
 * checks the dark class is really on (or off) first.
 */

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

let browser: Browser;
let candidateState: StorageState;
let adminState: StorageState;
let reportId: string;
let fixedSetId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await newContext(browser);
  const page = await newPage(context);
  await signUpThroughUi(page, newCandidate(uniqueEmail('a11y')));
  const set = (await availableSets(page)).find((s) => s.type === 'fixed')!;
  fixedSetId = set.id;
  reportId = (
    await completeFixedInterview(page, set, [
      'I would start with the requirements, then measure, then change one thing at a time. For example, a cache in front of the database cut our latency from 300 to 40 milliseconds.',
    ])
  ).id;
  candidateState = await context.storageState();
  await context.close();

  const adminContext = await newContext(browser);
  const admin = await newPage(adminContext);
  await signInAdminThroughUi(admin, inject('adminEmail'), inject('adminPassword'));
  await admin.waitForURL('**/admin/dashboard');
  adminState = await adminContext.storageState();
  await adminContext.close();
});
afterAll(async () => {
  await browser?.close();
});

const THEMES = ['light', 'dark'] as const;
const findings: Finding[] = [];
const scanned: string[] = [];

async function open(storageState?: StorageState, initScripts: string[] = []) {
  const context = await newContext(browser, {
    colorScheme: 'light',
    storageState,
    permissions: ['microphone'],
  });
  for (const script of initScripts) await context.addInitScript(script);
  return { context, page: await newPage(context) };
}

/** Scans the page as it is, in the light theme and then in the dark one. */
async function scan(page: Page, screen: string) {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains('dark') === dark,
      theme === 'dark',
    );
    scanned.push(`${theme} ${screen}`);
    findings.push(...(await seriousViolations(page, `${theme} ${screen}`)));
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const dialog = (page: Page) => page.getByRole('dialog').or(page.getByRole('alertdialog')).first();

/** Opens a dialog with `trigger`, scans it, and closes it with Escape. */
async function scanDialog(page: Page, screen: string, trigger: () => Promise<void>) {
  await trigger();
  await dialog(page).waitFor();
  await scan(page, screen);
  await page.keyboard.press('Escape');
  await dialog(page).waitFor({ state: 'detached' });
}

describe('axe-core, light and dark', () => {
  it('signed-out screens', async () => {
    const { context, page } = await open();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await scan(page, '/login');
    // The field messages, in the error colour.
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password is required').waitFor();
    await scan(page, '/login with field errors');

    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await scan(page, '/signup');
    await page.goto('/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await scan(page, '/forgot-password');
    await page.goto('/reset-password?token=not-checked-until-submitted');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await scan(page, '/reset-password');
    await page.goto('/reset-password');
    await page.getByRole('heading', { name: 'Reset link not valid' }).waitFor();
    await scan(page, '/reset-password without a token');
    await page.goto('/admin/login');
    await page.getByRole('heading', { name: 'Staff sign-in' }).first().waitFor();
    await scan(page, '/admin/login');
    await context.close();
  });

  it('candidate screens, the interview room before and during an interview', async () => {
    const { context, page } = await open(candidateState, [SPEECH_STAND_IN]);
    await page.goto('/');
    await page.getByText('Quick Practice Interview').first().waitFor();
    await page.getByText('Recent Completed Interviews').first().waitFor();
    await scan(page, '/');
    await page.goto('/practice');
    await page.getByRole('heading', { name: /^Showing \d+ interviews in / }).waitFor();
    await scan(page, '/practice');
    await page.goto('/history');
    await page
      .getByRole('link', { name: /View Report/ })
      .first()
      .waitFor();
    await scan(page, '/history');
    await page.goto(`/reports/${reportId}`);
    await page.getByText('Question-by-Question Analysis').waitFor();
    await page.getByTestId('overall-score').waitFor();
    await scan(page, '/reports/:id');
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    await scan(page, '/settings (profile)');
    await page.goto('/settings?tab=appearance');
    await page.getByRole('radio', { name: /dark/i }).waitFor();
    await scan(page, '/settings (appearance)');

    // The navigation drawer of small screens.
    await page.setViewportSize({ width: 400, height: 800 });
    await scanDialog(page, 'menu drawer (small screen)', () =>
      page.getByRole('button', { name: 'Open menu' }).click(),
    );
    await page.setViewportSize({ width: 1366, height: 900 });

    // Practise next, My stories and a drill's pre-start (issue 30).
    await page.goto('/progress');
    await page.getByRole('button', { name: 'Start a 10-minute drill' }).waitFor();
    await scan(page, '/progress');
    await page.goto('/stories');
    await page.getByRole('heading', { name: 'No stories yet' }).waitFor();
    await scan(page, '/stories (empty)');
    await scanDialog(page, 'add a story', () =>
      page.getByRole('button', { name: 'Add a story' }).click(),
    );
    await page.goto('/progress');
    await page.getByRole('button', { name: 'Start a 10-minute drill' }).click();
    await page.getByRole('region', { name: 'Why these questions' }).waitFor();
    await scan(page, '/interview/drill/:id before the start');

    await page.goto(`/interview/${fixedSetId}`);
    await page.getByRole('button', { name: 'Start Interview' }).waitFor();
    await scan(page, '/interview/:id before the start');
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="transcript"] li[data-speaker="AI"]').length >= 1 &&
        (window as unknown as { __micOn(): boolean }).__micOn(),
      undefined,
      { timeout: 20_000 },
    );
    await page.evaluate(() =>
      (window as unknown as { __say(t: string): boolean }).__say(
        'I would begin with the requirements and the',
      ),
    );
    await scan(page, '/interview/:id live, listening');
    await scanDialog(page, 'end-interview confirmation', () =>
      page.getByRole('button', { name: 'End Interview' }).click(),
    );
    await context.close();
  });

  it('admin screens and their dialogs', async () => {
    const { context, page } = await open(adminState);
    await page.goto('/admin/dashboard');
    await page.getByTestId('analytics-Total Interviews').waitFor();
    await page.getByText(/Backend online/).waitFor();
    // The AI usage section, loaded (its tables, or its empty state).
    await page
      .getByText(/^(Per day|No AI calls in this window)$/)
      .first()
      .waitFor();
    await scan(page, '/admin/dashboard');

    await page.goto('/admin/categories');
    await page.getByRole('button', { name: 'New Category' }).waitFor();
    await page
      .getByText(/\d+ of \d+ categories/)
      .first()
      .waitFor();
    await scan(page, '/admin/categories');
    await scanDialog(page, 'new category dialog', () =>
      page.getByRole('button', { name: 'New Category' }).click(),
    );

    await page.goto('/admin/interviews');
    await page.getByTestId('set-card').first().waitFor();
    await scan(page, '/admin/interviews');
    await scanDialog(page, 'new interview set dialog', () =>
      page.getByRole('button', { name: 'New Interview Set' }).click(),
    );

    await page
      .getByRole('link', { name: /^Manage Questions: / })
      .first()
      .click();
    await page.getByTestId('question-row').first().waitFor();
    await scan(page, '/admin/questions/:id');
    await scanDialog(page, 'add question dialog', () =>
      page.getByRole('button', { name: 'Add Question' }).click(),
    );
    await scanDialog(page, 'delete question confirmation', () =>
      page.getByRole('button', { name: 'Delete question 1' }).click(),
    );

    await page.goto('/admin/candidates');
    await page.getByTestId('candidate-row').first().waitFor();
    await scan(page, '/admin/candidates');
    await page
      .getByRole('button', { name: /^Details for / })
      .first()
      .click();
    await page.getByLabel(/^Interview limit for /).waitFor();
    await scan(page, '/admin/candidates (details and credits)');
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'Admin Profile' }).waitFor();
    await scan(page, '/admin/settings (profile)');
    await page.getByRole('tab', { name: 'Security' }).click();
    await scan(page, '/admin/settings (security)');
    await page.getByRole('tab', { name: 'Appearance' }).click();
    await scan(page, '/admin/settings (appearance)');
    await page.getByRole('tab', { name: 'Credits' }).click();
    await page.getByLabel('Interviews per candidate').waitFor();
    await scan(page, '/admin/settings (credits)');
    await context.close();
  });

  afterAll(() => {
    console.log(`axe: ${scanned.length} scans (${scanned.length / 2} screens × 2 themes)`);
  });

  it('finds no serious or critical violation', () => {
    expect(findings, formatFindings(findings)).toEqual([]);
  });
});

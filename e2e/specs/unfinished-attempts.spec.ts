import { LIVE_PROTOCOL_VERSION } from '@candor/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  availableSets,
  completeFixedInterview,
  createAttempt,
  type SetSummary,
} from '../support/api';
import { formatFindings, seriousViolations } from '../support/axe';
import { launchBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signUpThroughUi } from '../support/flows';
import { SPEECH_STAND_IN } from '../support/speech-stand-in';

/**
 * Unfinished attempts as a candidate meets them: History's Not Completed filter finds the attempts
 * left open, Resume goes back into one where it was, Discard (after a confirmation) closes one for
 * good, and the pre-start screen offers the open attempt instead of starting another. Each was
 * answered: one nobody answered is not history at all (decision 038, attempt-lifecycle.spec.ts).
 */

let browser: Browser;
let page: Page & { errors: string[] };
let started: SetSummary;
let scheduled: SetSummary;
let startedId = '';
let scheduledId = '';

const FIRST_ANSWER =
  'Okay, so a closure is a function together with the variables of the scope it was created in. For example, a counter factory returns a function that keeps incrementing its own private count.';

/** Starts the attempt over the live channel from inside the page and answers the first question. */
async function startAndAnswer(p: Page, id: string, answer: string) {
  await p.evaluate(
    async ({ id, answer, protocol }) => {
      const ws = new WebSocket(
        `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/interview/${id}/live`,
      );
      const frames: { type: string }[] = [];
      let wake: (() => void) | null = null;
      ws.onmessage = (e) => {
        frames.push(JSON.parse(e.data as string));
        wake?.();
      };
      await new Promise((resolve, reject) => {
        ws.onopen = resolve;
        ws.onerror = reject;
      });
      const count = (type: string) => frames.filter((f) => f.type === type).length;
      const until = async (type: string, n: number) => {
        while (count(type) < n) await new Promise<void>((r) => (wake = r));
      };
      ws.send(JSON.stringify({ type: 'start', protocol }));
      await until('reply.end', 1);
      ws.send(
        JSON.stringify({ type: 'answer', id: crypto.randomUUID(), text: answer, mode: 'typed' }),
      );
      await until('reply.end', 2);
      ws.close();
    },
    { id, answer, protocol: LIVE_PROTOCOL_VERSION },
  );
}

const rows = (p: Page) => p.getByTestId('history-row');
const rowOf = (p: Page, title: string) => rows(p).filter({ hasText: title });

async function waitForRowCount(p: Page, n: number) {
  await p.waitForFunction(
    (count) => document.querySelectorAll('[data-testid="history-row"]').length === count,
    n,
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await newContext(browser, { permissions: ['microphone'] });
  await context.addInitScript(SPEECH_STAND_IN);
  page = await newPage(context);
  await signUpThroughUi(page, newCandidate(uniqueEmail('unfinished')));
  const fixed = (await availableSets(page)).filter((s) => s.type === 'fixed');
  [started, scheduled] = [fixed[0]!, fixed[1]!];
  // One finished attempt and two left in progress after an answer each (one never answered would
  // not be history: decision 038).
  await completeFixedInterview(page, fixed[2]!, [FIRST_ANSWER]);
  startedId = await createAttempt(page, started);
  await startAndAnswer(page, startedId, FIRST_ANSWER);
  scheduledId = await createAttempt(page, scheduled);
  await startAndAnswer(page, scheduledId, FIRST_ANSWER);
});
afterAll(async () => {
  await browser?.close();
});

describe('unfinished attempts', () => {
  it('Not Completed finds the attempts left in progress, each with the time left, Resume and Discard', async () => {
    await page.goto('/history');
    await rows(page).first().waitFor();
    await waitForRowCount(page, 3);
    await page.getByLabel('Status').selectOption({ label: 'Not Completed' });
    await waitForRowCount(page, 2);
    for (const set of [started, scheduled]) {
      await rowOf(page, set.title).getByText('In Progress').waitFor();
      // Counted only while the candidate was in it: a few seconds of the set's minutes.
      expect(await rowOf(page, set.title).getByTestId('time-left').textContent()).toBe(
        `${set.duration - 1} min left`,
      );
      await page.getByRole('link', { name: `Resume: ${set.title}` }).waitFor();
      await page.getByRole('button', { name: `Discard: ${set.title}` }).waitFor();
    }
    expect(await page.getByRole('link', { name: /^View Report: / }).count()).toBe(0);

    // The new controls and the confirmation pass axe in both themes.
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const findings = await seriousViolations(page, `/history Not Completed (${scheme})`);
      await page.getByRole('button', { name: `Discard: ${scheduled.title}` }).click();
      await page.getByRole('alertdialog').getByText('Discard this interview?').waitFor();
      findings.push(...(await seriousViolations(page, `Discard dialog (${scheme})`)));
      await page.keyboard.press('Escape');
      await page.getByRole('alertdialog').waitFor({ state: 'hidden' });
      expect(findings, formatFindings(findings)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('Resume opens the interview where it was left', async () => {
    await page.goto('/history');
    await page.getByLabel('Status').selectOption({ label: 'Not Completed' });
    await waitForRowCount(page, 2);
    await page.getByRole('link', { name: `Resume: ${started.title}` }).click();
    await page.waitForURL(`**/interview/${started.id}?attempt=${startedId}`);
    // The conversation so far is back: the greeting, the answer, and the next question.
    await page
      .locator('[data-testid="transcript"] li[data-speaker="User"]')
      .filter({ hasText: 'a counter factory returns a function' })
      .waitFor();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="transcript"] li[data-speaker="AI"]').length >= 2,
    );
    const detail = await page.request.get(`/api/interview/${startedId}`);
    expect(((await detail.json()) as { status: string }).status).toBe('in_progress');
  });

  it('the pre-start screen offers the open attempt instead of starting another', async () => {
    await page.goto(`/interview/${scheduled.id}`);
    await page.getByRole('heading', { name: scheduled.title }).waitFor();
    await page.getByText(/You have an unfinished attempt of this interview/).waitFor();
    await page.getByRole('button', { name: 'Resume attempt' }).click();
    await page.waitForURL(`**/interview/${scheduled.id}?attempt=${scheduledId}`);
    // Its introduction arrives on the attempt that already existed.
    await page.locator('[data-testid="transcript"] li[data-speaker="AI"]').first().waitFor();
    const history = await page.request.get(`/api/interview?limit=10`);
    expect(((await history.json()) as { meta: { totalCount: number } }).meta.totalCount).toBe(3);
  });

  it('Discard asks first, then the attempt is Cancelled and no longer Not Completed', async () => {
    await page.goto('/history');
    await page.getByLabel('Status').selectOption({ label: 'Not Completed' });
    await waitForRowCount(page, 2);
    await page.getByRole('button', { name: `Discard: ${scheduled.title}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Discard this interview?').waitFor();
    // Changing one's mind keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await rows(page).count()).toBe(2);

    await page.getByRole('button', { name: `Discard: ${scheduled.title}` }).click();
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await page.getByText('Interview discarded').waitFor();
    await waitForRowCount(page, 1);
    await rowOf(page, started.title).waitFor();

    await page.getByLabel('Status').selectOption({ label: 'All Interviews' });
    await waitForRowCount(page, 3);
    const discarded = rowOf(page, scheduled.title);
    await discarded.getByText('Cancelled').waitFor();
    expect(await discarded.getByRole('button', { name: /Discard/ }).count()).toBe(0);
    expect(await discarded.getByRole('link', { name: /Resume/ }).count()).toBe(0);
    expect(page.errors).toEqual([]);
  });
});

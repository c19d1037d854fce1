import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  availableSets,
  createAttempt,
  discardAttempt,
  fixedSet,
  type SetSummary,
} from '../support/api';
import { launchBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signUpThroughUi } from '../support/flows';
import { startServer, type RunningServer } from '../support/server';
import { countOf, linesOf, waitForAi, waitForCount } from '../support/voice';

/**
 * An attempt over its life (issue 27, decision 038), as a candidate lives it: the clock counts only
 * while they are in the interview, so an attempt resumed half an hour later goes on with the time
 * it had left; an attempt nobody answered is not history (Start twice is one attempt, Discard
 * leaves nothing); and time running out after the interviewer's goodbye adds no second one. The
 * half hour passes on a server of this file's own whose clock the spec moves (moved-clock.mjs).
 */

let browser: Browser;
let server: RunningServer;
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({ AI_PROVIDER: 'builtin' }, { movableClock: true });
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const FIRST =
  'Okay, so a closure is a function that keeps the variables of the scope it was made in. For example, a counter factory returns a function with its own private count.';
const SECOND =
  'Hoisting moves declarations to the top of their scope, so var is undefined before its line while let and const are in the temporal dead zone.';

/** Types an answer on the live screen and waits for it in the transcript. */
async function typeAnswer(page: Page, text: string) {
  const before = await countOf(page, 'User');
  await page.getByLabel('Type your answer').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await waitForCount(page, 'User', before + 1);
}

/** The minutes and seconds the live screen says are left, as milliseconds. */
async function leftOnScreen(page: Page): Promise<number> {
  const remaining = page.getByRole('timer', { name: 'Time remaining' });
  await remaining.filter({ hasText: / left$/ }).waitFor();
  const [mm, ss] = (await remaining.textContent())!.replace(' left', '').split(':').map(Number);
  return (mm! * 60 + ss!) * 1000;
}

async function candidateOn(baseURL: string | null): Promise<Page & { errors: string[] }> {
  let context: BrowserContext;
  if (baseURL) {
    context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(15_000);
  } else {
    context = await newContext(browser);
  }
  const page = await newPage(context);
  await signUpThroughUi(page, newCandidate(uniqueEmail('lifecycle')));
  return page;
}

/** The pre-start screen's Start Interview, typing the answers; the attempt's id. */
async function startTyped(page: Page, set: SetSummary): Promise<string> {
  await page.goto(`/interview/${set.id}`);
  await page.getByLabel('Type my answers instead of speaking').check();
  await page.getByRole('button', { name: 'Start Interview' }).click();
  await page.waitForURL(/attempt=/);
  await waitForCount(page, 'AI', 1);
  return new URL(page.url()).searchParams.get('attempt')!;
}

describe('the interview clock', () => {
  it('an attempt left after one answer and resumed 30 minutes later goes on with the time it had left', async () => {
    const page = await candidateOn(server.baseUrl);
    const set = await fixedSet(page);
    const id = await startTyped(page, set);
    await typeAnswer(page, FIRST);
    await waitForCount(page, 'AI', 2);

    // The candidate leaves for History, and comes back half an hour later.
    await page.goto('/history');
    await page.getByTestId('history-row').first().waitFor();
    server.moveClock(30 * 60_000);
    await new Promise((r) => setTimeout(r, 300));
    await page.reload();
    const row = page.getByTestId('history-row').filter({ hasText: set.title });
    await row.getByRole('link', { name: `Resume: ${set.title}` }).click();
    await page.waitForURL(`**/interview/${set.id}?attempt=${id}`);

    // Not "Time is up": the minutes it had left, and the next question for the next answer.
    await waitForCount(page, 'AI', 2);
    expect(await leftOnScreen(page)).toBeGreaterThan((set.duration - 1) * 60_000);
    // (History resumes by voice; this candidate types, as they chose at the start.)
    await page.goto(`/interview/${set.id}?attempt=${id}&typed=1`);
    await waitForCount(page, 'AI', 2);
    await typeAnswer(page, SECOND);
    await waitForCount(page, 'AI', 3);
    const said = await linesOf(page, 'AI');
    expect(said.join(' ')).not.toMatch(/allocated \d+ minutes/);
    expect(await page.getByText('Time is up').count()).toBe(0);

    // History says what is left, and still offers Resume.
    await page.goto('/history');
    const again = page.getByTestId('history-row').filter({ hasText: set.title });
    await again.getByRole('link', { name: `Resume: ${set.title}` }).waitFor();
    expect(await again.getByTestId('time-left').textContent()).toMatch(
      new RegExp(`^(${set.duration - 2}|${set.duration - 1}) min left$`),
    );
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});

describe('an attempt nobody answered is not history', () => {
  it('Start twice without answering leaves one attempt, and none of it in History', async () => {
    const page = await candidateOn(null);
    const set = await fixedSet(page);
    const first = await startTyped(page, set);
    // Back to the set, and Start again: the same attempt, where it was.
    const second = await startTyped(page, set);
    expect(second).toBe(first);

    await page.goto('/history');
    await page.getByText('No interviews found').waitFor();
    await page.getByTestId('history-total').filter({ hasText: /\d/ }).waitFor();
    expect(await page.getByTestId('history-total').textContent()).toBe('0');
    const all = await page.request.get('/api/interview?status=all');
    expect(((await all.json()) as { meta: { totalCount: number } }).meta.totalCount).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('Discard of an attempt nobody answered leaves nothing behind', async () => {
    const page = await candidateOn(null);
    const set = await fixedSet(page);
    const id = await startTyped(page, set);
    await page.goto('/history');
    await page.getByText('No interviews found').waitFor();

    await discardAttempt(page, id);
    expect((await page.request.get(`/api/interview/${id}`)).status()).toBe(404);
    await page.reload();
    await page.getByText('No interviews found').waitFor();
    await page.getByTestId('history-total').filter({ hasText: /\d/ }).waitFor();
    expect(await page.getByTestId('history-total').textContent()).toBe('0');
    // Its set starts afresh.
    expect(await startTyped(page, set)).not.toBe(id);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});

describe('one closing', () => {
  it('time running out after the interviewer said goodbye adds no second closing', async () => {
    const page = await candidateOn(server.baseUrl);
    // The page's clock is Playwright's, the server's moved-clock.mjs: the last 30 s pass at once.
    await page.clock.install();
    const set = (await availableSets(page)).find((s) => s.type === 'topic-based')!;
    const id = await createAttempt(page, set);
    // 30 s before the end by the server's clock (another test here moved it): the last minutes.
    const startedAt = new Date(server.now() - set.duration * 60_000 + 30_000).toISOString();
    const put = await page.request.put(`/api/interview/${id}`, {
      data: { status: 'in_progress', startedAt },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(put.ok()).toBe(true);
    await page.goto(`/interview/${set.id}?attempt=${id}&typed=1`);
    await waitForCount(page, 'AI', 1);
    await typeAnswer(page, 'I build Node.js services with Fastify and PostgreSQL.');
    await waitForCount(page, 'AI', 2);
    // Invited to ask questions, the candidate has none: the interviewer says goodbye.
    await typeAnswer(page, "No, that's all, thank you.");
    await waitForAi(page, "that's all from me");
    const goodbyes = await countOf(page, 'AI');

    // Time runs out on screen and on the server: nothing more is said, then or on coming back.
    server.moveClock(60_000);
    await page.clock.fastForward(60_000);
    await page
      .getByRole('timer', { name: 'Time remaining' })
      .filter({ hasText: 'Time is up' })
      .waitFor();
    expect(await countOf(page, 'AI')).toBe(goodbyes);
    expect((await linesOf(page, 'AI')).join(' ')).not.toMatch(/reached our time limit/);
    const stored = (await (await page.request.get(`/api/interview/${id}`)).json()) as {
      conversation: { speaker: string; message: string }[];
    };
    expect(stored.conversation.filter((m) => m.speaker === 'AI')).toHaveLength(goodbyes);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});

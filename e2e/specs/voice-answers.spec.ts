import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createAttempt, fixedSet, setPatience, startInterview } from '../support/api';
import { expectAccessibleInBothThemes } from '../support/axe';
import { useBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signUpThroughUi, skipAnswerCheck } from '../support/flows';
import { LONG_ANSWER } from '../../apps/web/src/test/answers';
import { SPEECH_STAND_IN } from '../support/speech-stand-in';
import { countOf, micOn, speakSlowly, waitForCount, type StandIn } from '../support/voice';

/**
 * Spoken answers as people give them reach the server whole: a 200-word answer at a human pace,
 * an answer opening "Okay, so…", and words said the moment the interviewer stops. Words that
 * sound like the interviewer's own voice are held back on screen, never dropped unseen.
 */

const browser = useBrowser();

/** The interviewer's voice plays (its `start` fires) and the microphone hears it back. */
const AUDIBLE_ECHOING_VOICE = `window.__speech.voice = { audible: true, msPerChar: 12, echo: true };`;

/**
 * Fails the test if the screen ever says the candidate may answer while no recogniser is
 * listening: every change of the status line is checked against the stand-in.
 */
const WATCH_READY_WITHOUT_MIC = `
window.addEventListener('DOMContentLoaded', () => {
  window.__readyWithoutMic = [];
  new MutationObserver(() => {
    const line = document.querySelector('[data-testid="status-line"]');
    if (line && line.textContent === 'Ready for your response' && !window.__micOn())
      window.__readyWithoutMic.push(Date.now());
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
});
`;

async function candidatePage(
  initScripts: string[],
  viewport?: { width: number; height: number },
): Promise<Page & { errors: string[] }> {
  const context = await newContext(browser(), { permissions: ['microphone'], viewport });
  for (const script of initScripts) await context.addInitScript(script);
  const page = await newPage(context);
  await signUpThroughUi(page, newCandidate(uniqueEmail('voice')));
  return page;
}

/** The candidate's answers as the server stored them. */
async function storedAnswers(page: Page, attemptId: string): Promise<string[]> {
  const res = await page.request.get(`/api/interview/${attemptId}`);
  expect(res.ok()).toBe(true);
  const detail = (await res.json()) as { conversation: { speaker: string; message: string }[] };
  return detail.conversation.filter((m) => m.speaker === 'User').map((m) => m.message);
}

/** The screen never said "Ready for your response" with no recogniser listening, and no page error. */
async function expectCalmEnd(page: Page & { errors: string[] }) {
  const readyWithoutMic = await page.evaluate(
    () => (window as unknown as { __readyWithoutMic: number[] }).__readyWithoutMic,
  );
  expect(readyWithoutMic).toEqual([]);
  expect(page.errors).toEqual([]);
}

const attemptOf = (page: Page) => new URL(page.url()).searchParams.get('attempt')!;

const OKAY_SO =
  'Okay, so var is function scoped and hoisted, while let and const are block scoped, and const cannot be reassigned.';

const RIGHT_AFTER =
  'Right away: the event loop takes the next callback from the queue once the call stack is empty.';

describe('spoken answers are stored in full', () => {
  it('a 200-word answer at human pace, an "Okay, so…" answer and words said right after the interviewer stops', async () => {
    const page = await candidatePage([SPEECH_STAND_IN, WATCH_READY_WITHOUT_MIC]);
    // A candidate who pauses between sentences chose to be waited for (decision 037).
    await setPatience(page, 'relaxed');
    await startInterview(page, await fixedSet(page));
    await waitForCount(page, 'AI', 1);
    await micOn(page);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="status-line"]')?.textContent ===
        'Ready for your response',
    );

    // 1. About 215 words, ~4 words a second, pauses of 0.9–1.3 s between sentences (at relaxed
    // patience a finished sentence is taken up after 1.5 s): one answer, every word heard.
    expect(LONG_ANSWER.join(' ').split(' ').length).toBeGreaterThanOrEqual(200);
    const missed = await speakSlowly(page, LONG_ANSWER, {
      msPerWord: 250,
      pausesMs: [900, 1300, 1100, 1200],
    });
    expect(missed).toBe(0);
    await waitForCount(page, 'User', 1);
    await waitForCount(page, 'AI', 2);

    // 2. An answer opening "Okay, so…". The next reply is armed to be followed, 150 ms after the
    // interviewer's voice ends, by the third answer.
    await micOn(page);
    await page.evaluate(
      (text) =>
        (window as unknown as { __sayAfterReply(t: string, ms: number): void }).__sayAfterReply(
          text,
          150,
        ),
      RIGHT_AFTER,
    );
    expect(await page.evaluate((t) => (window as unknown as StandIn).__say(t), OKAY_SO)).toBe(true);
    await waitForCount(page, 'User', 2);

    // 3. Said 150 ms after the interviewer's voice ended: heard and sent.
    await page.waitForFunction(
      () =>
        (window as unknown as { __speech: { afterReply: { heard: boolean | null } } }).__speech
          .afterReply.heard !== null,
      undefined,
      { timeout: 20_000 },
    );
    const afterReply = await page.evaluate(
      () =>
        (window as unknown as { __speech: { afterReply: { heard: boolean; at: number } } }).__speech
          .afterReply,
    );
    expect(afterReply.heard).toBe(true);
    await waitForCount(page, 'User', 3);

    expect(await storedAnswers(page, attemptOf(page))).toEqual([
      LONG_ANSWER.join(' '),
      OKAY_SO,
      RIGHT_AFTER,
    ]);
    await expectCalmEnd(page);
  }, 180_000);
});

describe('time running out mid-answer', () => {
  it('keeps the answer being given: the candidate finishes, End Interview sends it first', async () => {
    const page = await candidatePage([SPEECH_STAND_IN, WATCH_READY_WITHOUT_MIC]);
    await setPatience(page, 'relaxed');
    const set = await fixedSet(page);
    const id = await createAttempt(page, set);
    const { duration } = (await (await page.request.get(`/api/interview/${id}`)).json()) as {
      duration: number;
    };
    // Time runs out 10 s from now, while the candidate is answering.
    const startedAt = new Date(Date.now() - duration * 60_000 + 10_000).toISOString();
    const put = await page.request.put(`/api/interview/${id}`, {
      data: { status: 'in_progress', startedAt },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(put.ok()).toBe(true);
    await page.goto(`/interview/${set.id}?attempt=${id}`);
    await waitForCount(page, 'AI', 1);
    await micOn(page);

    // Breaths shorter than relaxed patience's 1.5 s after a finished sentence.
    const missed = await speakSlowly(page, LONG_ANSWER.slice(0, 5), {
      msPerWord: 250,
      pausesMs: [1000],
    });
    expect(missed).toBe(0);
    // The time-up closing came while the candidate was speaking; their answer is not sent yet.
    expect(await countOf(page, 'AI')).toBe(2);
    expect(await countOf(page, 'User')).toBe(0);
    await page.getByRole('button', { name: 'End Interview' }).click();
    // Spoken answers: "Check your answers" sits between End and the report.
    await skipAnswerCheck(page);
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/, { timeout: 30_000 });

    const detail = (await (await page.request.get(`/api/interview/${id}`)).json()) as {
      conversation: {
        speaker: string;
        message: string;
        timestamp: string;
        meta?: { startedAt?: number };
      }[];
    };
    const [intro, timeUp, answer] = detail.conversation;
    expect(intro?.speaker).toBe('AI');
    expect(timeUp?.message).toMatch(/allocated \d+ minutes/);
    expect(answer).toMatchObject({ speaker: 'User', message: LONG_ANSWER.slice(0, 5).join(' ') });
    // Begun before time ran out, finished after.
    expect(answer!.meta!.startedAt!).toBeLessThan(Date.parse(timeUp!.timestamp));
    await expectCalmEnd(page);
  }, 120_000);
});

describe('the interviewer’s voice through the microphone', () => {
  it('is held back on screen: Discard drops it, Send anyway sends it, from the keyboard', async () => {
    const page = await candidatePage([
      SPEECH_STAND_IN,
      AUDIBLE_ECHOING_VOICE,
      WATCH_READY_WITHOUT_MIC,
    ]);
    await startInterview(page, await fixedSet(page));
    await waitForCount(page, 'AI', 1);

    // The introduction came back through the microphone: held back, not sent, not lost.
    const heldBack = page.getByRole('region', { name: /Held back/ });
    await heldBack.waitFor();
    expect(await heldBack.locator('blockquote').textContent()).toContain("Hello! I'm Alex");
    await expectAccessibleInBothThemes(page, 'live screen with held-back words');
    await heldBack.getByRole('button', { name: 'Discard' }).focus();
    await page.keyboard.press('Enter');
    await heldBack.waitFor({ state: 'detached' });

    const ANSWER = 'A closure is a function that keeps the variables of the scope it was made in.';
    await micOn(page);
    expect(await page.evaluate((t) => (window as unknown as StandIn).__say(t), ANSWER)).toBe(true);
    await waitForCount(page, 'User', 1);
    await waitForCount(page, 'AI', 2);

    // The next question echoes too; this time the candidate sends it anyway.
    await heldBack.waitFor();
    const echoed = (await heldBack.locator('blockquote').textContent())!;
    expect(echoed).toMatch(/next question/);
    await heldBack.getByRole('button', { name: 'Send anyway' }).focus();
    await page.keyboard.press('Enter');
    await waitForCount(page, 'User', 2);

    expect(await storedAnswers(page, attemptOf(page))).toEqual([ANSWER, echoed]);
    expect(await countOf(page, 'User')).toBe(2);
    await expectCalmEnd(page);
  }, 120_000);
});

describe('the live screen on a phone', () => {
  it('shows the current question, the time remaining and the 2-minute warning', async () => {
    const page = await candidatePage([SPEECH_STAND_IN], { width: 390, height: 844 });
    const set = await fixedSet(page);
    const id = await createAttempt(page, set);
    const detail = (await (await page.request.get(`/api/interview/${id}`)).json()) as {
      duration: number;
    };
    // Started long enough ago that 90 s are left.
    const startedAt = new Date(Date.now() - detail.duration * 60_000 + 90_000).toISOString();
    const put = await page.request.put(`/api/interview/${id}`, {
      data: { status: 'in_progress', startedAt },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(put.ok()).toBe(true);
    await page.goto(`/interview/${set.id}?attempt=${id}`);

    const question = page.getByRole('region', { name: 'Current question' });
    await question.waitFor();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="current-question"]')?.textContent?.includes('?'),
    );
    expect(await question.textContent()).toContain('closure');
    // On screen without opening the transcript, and within the phone's width.
    expect(await page.getByRole('complementary', { name: 'Transcript' }).count()).toBe(0);
    const box = (await question.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);

    const remaining = page.getByRole('timer', { name: 'Time remaining' });
    await remaining.waitFor();
    expect(await remaining.textContent()).toMatch(/^01:[0-2]\d left$/);
    expect(await page.getByRole('timer', { name: 'Elapsed time' }).textContent()).toMatch(
      new RegExp(`^${String(detail.duration - 2).padStart(2, '0')}:[345]\\d$`),
    );
    // Said from the same time the timer shows: at 01:2x left, one whole minute (decision 038).
    expect(await page.getByTestId('time-announcement').textContent()).toBe(
      '1 minute left in this interview.',
    );
    const remainingBox = (await remaining.boundingBox())!;
    expect(remainingBox.x + remainingBox.width).toBeLessThanOrEqual(390);
    await expectAccessibleInBothThemes(page, 'live screen on a phone, 2 minutes left');
    expect(page.errors).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fixedSet } from '../support/api';
import { useBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signUpThroughUi, skipAnswerCheck } from '../support/flows';
import { SPEECH_STAND_IN } from '../support/speech-stand-in';
import { speakSlowly, waitForCount, type StandIn } from '../support/voice';

/**
 * Barge-in (issue 13): the candidate starts answering in the middle of the interviewer's long
 * introduction. The voice stops there, the server keeps what was heard, and after a reload the
 * transcript shows the introduction cut where the candidate came in; the report pairs the
 * question with the answer given over it.
 */

const browser = useBrowser();

/** The interviewer's voice plays at a human pace (40 ms a character) and reports word boundaries. */
const AUDIBLE_VOICE = `window.__speech.voice = { audible: true, msPerChar: 40, echo: false };`;

/** Every frame the page sends on its live channel, for the test to read. */
const RECORD_SENT_FRAMES = `
window.__sent = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  try { window.__sent.push(JSON.parse(data)); } catch {}
  return send.call(this, data);
};
`;

/** The stand-in, with what it records of the interviewer's voice. */
interface SpeakingStandIn extends StandIn {
  __speech: {
    speaking: number;
    current: { text: string; chars: number } | null;
    utterances: string[];
  };
}

/** An eager candidate: they know the question from its first words and answer over the rest. */
const EAGER_ANSWER = [
  'Okay, so a closure is a function that keeps the variables of the scope it was created in.',
  'I would use one for a counter whose value only the returned functions can change.',
];
const SECOND_ANSWER =
  'Var is function scoped and hoisted, let and const are block scoped, and const cannot be reassigned.';

interface StoredMessage {
  id: string;
  speaker: 'AI' | 'User';
  message: string;
  meta?: { heard?: string; kind?: string };
}

async function candidatePage(): Promise<Page & { errors: string[] }> {
  const context = await newContext(browser(), { permissions: ['microphone'] });
  await context.addInitScript(SPEECH_STAND_IN);
  await context.addInitScript(AUDIBLE_VOICE);
  await context.addInitScript(RECORD_SENT_FRAMES);
  const page = await newPage(context);
  await signUpThroughUi(page, newCandidate(uniqueEmail('barge-in')));
  return page;
}

/** The interviewer has finished speaking and the microphone listens for the answer. */
const floorIsTheCandidates = (page: Page) =>
  page.waitForFunction(
    () => {
      const w = window as unknown as SpeakingStandIn;
      return w.__speech.speaking === 0 && w.__micOn();
    },
    undefined,
    { timeout: 30_000 },
  );

async function conversation(page: Page, attemptId: string): Promise<StoredMessage[]> {
  const res = await page.request.get(`/api/interview/${attemptId}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { conversation: StoredMessage[] }).conversation;
}

const utterances = (page: Page) =>
  page.evaluate(() => (window as unknown as SpeakingStandIn).__speech.utterances);

describe('barge-in in the middle of a long interviewer reply', () => {
  it('stops the voice where the candidate came in, keeps that after a reload, and the report pairs the exchange', async () => {
    const page = await candidatePage();
    const set = await fixedSet(page);
    await page.goto(`/interview/${set.id}`);
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.waitForURL(/attempt=/);
    const attemptId = new URL(page.url()).searchParams.get('attempt')!;

    // The introduction is four sentences; its last one asks the first question. The candidate
    // comes in once "What is a closure in JavaScript," has been said.
    const marker = 'in JavaScript,';
    await page.waitForFunction(
      (marker) => {
        const w = window as unknown as SpeakingStandIn;
        const c = w.__speech.current;
        return (
          w.__micOn() &&
          c !== null &&
          c.text.startsWith("Let's begin with the first question") &&
          c.chars >= c.text.indexOf(marker) + marker.length
        );
      },
      marker,
      { timeout: 30_000 },
    );
    // A breath between the two sentences, shorter than the 0.8 s after which a finished sentence
    // ends the answer at normal patience (decision 037).
    const missed = await speakSlowly(page, EAGER_ANSWER, { msPerWord: 250, pausesMs: [500] });
    // Every word was heard: the recogniser listened over the voice and on after it stopped.
    expect(missed).toBe(0);
    const spokenBeforeAnswer = await utterances(page);
    await waitForCount(page, 'User', 1);
    await waitForCount(page, 'AI', 2);

    // The page told the server what was heard: the start of the introduction, up to the words
    // being said when the candidate came in, not the end of the question.
    const [intro, answer, next] = await conversation(page, attemptId);
    expect(intro!.speaker).toBe('AI');
    expect(intro!.message).toContain('can you give an example of where you would use one?');
    const interrupts = await page.evaluate(() =>
      (window as unknown as { __sent: { type: string }[] }).__sent.filter(
        (f) => f.type === 'interrupt',
      ),
    );
    expect(interrupts).toHaveLength(1);
    const { replyId, heard } = interrupts[0] as unknown as { replyId: string; heard: string };
    expect(replyId).toBe(intro!.id);
    expect(heard).toMatch(/^Hello! I'm Alex/);
    expect(heard).toContain(`Let's begin with the first question: What is a closure ${marker}`);
    expect(heard).not.toContain('where you would use one');
    // The server keeps the whole introduction and, beside it, what was heard.
    expect(intro!.meta?.heard).toBe(heard);
    expect(answer).toMatchObject({ speaker: 'User', message: EAGER_ANSWER.join(' ') });
    expect(next!.message).toContain('var, let and const');
    // The voice said each sentence of the introduction once and stopped in the last one.
    expect(spokenBeforeAnswer.filter((u) => u.startsWith("Let's begin"))).toHaveLength(1);
    expect(spokenBeforeAnswer.at(-1)).toMatch(/^Let's begin with the first question/);
    expect(new Set(spokenBeforeAnswer).size).toBe(spokenBeforeAnswer.length);

    // The next question is spoken in full; then the page is reloaded.
    await floorIsTheCandidates(page);
    await page.reload();
    await waitForCount(page, 'AI', 2);
    await waitForCount(page, 'User', 1);
    const cut = page.locator('[data-testid="transcript"] li[data-speaker="AI"]').first();
    expect(await cut.getAttribute('data-interrupted')).toBe('true');
    expect(await cut.getByTestId('heard').textContent()).toBe(`${heard}…`);
    await cut.getByText('Interrupted: you stopped the interviewer here.').waitFor();
    const full = cut.getByTestId('full-text');
    expect(await full.isVisible()).toBe(false);
    await cut.getByRole('button', { name: /^Show the full (question|reply)$/ }).click();
    expect(await full.isVisible()).toBe(true);
    expect(await full.textContent()).toBe(intro!.message);
    // The next question was not cut: shown whole.
    const second = page.locator('[data-testid="transcript"] li[data-speaker="AI"]').nth(1);
    expect(await second.getAttribute('data-interrupted')).toBeNull();
    // Nothing said before the reload is said again.
    expect(await utterances(page)).toEqual([]);

    // The second question is answered; the candidate ends the interview early.
    await page.waitForFunction(() => (window as unknown as SpeakingStandIn).__micOn(), undefined, {
      timeout: 20_000,
    });
    expect(
      await page.evaluate((t) => (window as unknown as SpeakingStandIn).__say(t), SECOND_ANSWER),
    ).toBe(true);
    await waitForCount(page, 'User', 2);
    await waitForCount(page, 'AI', 3);
    await page.getByRole('button', { name: 'End Interview' }).click();
    await page.getByText('The interview is not yet complete.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'End Interview' }).last().click();
    // Spoken answers: "Check your answers" sits between End and the report.
    await skipAnswerCheck(page);
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/, { timeout: 30_000 });

    // The report pairs the interrupted question with the answer given over it.
    await page.getByText('Question-by-Question Analysis').waitFor({ timeout: 60_000 });
    const blocks = page.getByTestId('question-report');
    expect(await blocks.count()).toBeGreaterThanOrEqual(2);
    const first = (await blocks.nth(0).textContent())!;
    expect(first).toContain('What is a closure in JavaScript');
    expect(first).toContain(EAGER_ANSWER.join(' '));
    const secondBlock = (await blocks.nth(1).textContent())!;
    expect(secondBlock).toContain('var, let and const');
    expect(secondBlock).toContain(SECOND_ANSWER);
    // Its transcript shows the introduction cut where the candidate came in, as the live one did.
    const reportTranscript = page.getByRole('list', { name: 'Transcript' });
    expect(await reportTranscript.getByTestId('heard').first().textContent()).toBe(`${heard}…`);
    expect(page.errors).toEqual([]);
  }, 180_000);
});

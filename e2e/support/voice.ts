import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Speaking to the live interview through the speech stand-in (speech-stand-in.ts), and reading
 * its transcript: the one way the specs talk, so each says what it tests, not how to say it.
 */

/** What the stand-in adds to the page's window. */
export interface StandIn {
  __say(text: string): boolean;
  __speakSlowly(sentences: string[], options: Pace): Promise<number>;
  __micOn(): boolean;
  __sayAfterReply(text: string, delayMs: number): void;
}

const TRANSCRIPT = '[data-testid="transcript"] li';

/** The transcript's entries of one speaker, as their text. */
export const linesOf = (page: Page, speaker: 'AI' | 'User') =>
  page.locator(`${TRANSCRIPT}[data-speaker="${speaker}"]`).allTextContents();

export const countOf = (page: Page, speaker: 'AI' | 'User') =>
  page.locator(`${TRANSCRIPT}[data-speaker="${speaker}"]`).count();

/** Waits until the transcript holds at least `n` entries of the speaker. */
export async function waitForCount(
  page: Page,
  speaker: 'AI' | 'User',
  n: number,
  timeout = 30_000,
) {
  await page.waitForFunction(
    ([sel, count]) => document.querySelectorAll(sel).length >= count,
    [`${TRANSCRIPT}[data-speaker="${speaker}"]`, n] as const,
    { timeout },
  );
}

/** Waits until the interviewer has said something containing `text`. */
export async function waitForAi(page: Page, text: string, timeout = 30_000) {
  await page.waitForFunction(
    ([sel, t]) => [...document.querySelectorAll(sel)].some((li) => li.textContent?.includes(t)),
    [`${TRANSCRIPT}[data-speaker="AI"]`, text] as const,
    { timeout },
  );
}

/**
 * The floor is the candidate's: a recogniser listens and the screen asks for their answer. (The
 * recogniser also listens while an answer's reply is awaited, for words that go on from it, and
 * over the interviewer's voice: the screen says neither is the candidate's turn; decision 037.)
 */
function candidatesTurn(): boolean {
  const line = document.querySelector('[data-testid="status-line"]')?.textContent ?? '';
  return (
    (window as unknown as StandIn).__micOn() &&
    (line === 'Ready for your response' || line === 'Listening to your answer...')
  );
}

/** Waits until the microphone listens for the candidate's answer. */
export const micOn = (page: Page) =>
  page.waitForFunction(candidatesTurn, undefined, { timeout: 20_000 });

/** Says `text` as soon as the candidate may answer (retrying until then); does not wait for the answer. */
export const sayWhenListening = (page: Page, text: string, timeout = 20_000) =>
  page.waitForFunction(
    `(${candidatesTurn.toString()})() && window.__say(${JSON.stringify(text)})`,
    undefined,
    {
      timeout,
    },
  );

/** One utterance, once the microphone listens; waits for it in the transcript. */
export async function say(page: Page, text: string) {
  const before = await countOf(page, 'User');
  await micOn(page);
  await page.evaluate((t) => (window as unknown as StandIn).__say(t), text);
  await waitForCount(page, 'User', before + 1);
}

/** A person's pace: words a minute as ms per word, and the breaths between sentences. */
export interface Pace {
  msPerWord: number;
  pausesMs: number[];
}

/**
 * Speaks sentence by sentence at `pace` through the stand-in, whatever the microphone does;
 * resolves with the number of words no recogniser heard.
 */
export const speakSlowly = (page: Page, sentences: string[], pace: Pace) =>
  page.evaluate(([s, p]) => (window as unknown as StandIn).__speakSlowly(s, p), [
    sentences,
    pace,
  ] as const);

/**
 * A person talking: sentence by sentence at a human pace, with breaths (shorter than the 0.8 s
 * after which a finished sentence ends the answer at normal patience, decision 037); every word
 * heard, one answer.
 */
export async function tell(
  page: Page,
  sentences: string[],
  pace: Pace = { msPerWord: 180, pausesMs: [500, 600] },
) {
  const before = await countOf(page, 'User');
  await micOn(page);
  const missed = await speakSlowly(page, sentences, pace);
  expect(missed).toBe(0);
  await waitForCount(page, 'User', before + 1);
}

const COMPLETE = 'The interview is complete. Click End Interview to get your report.';

/**
 * Answers each question by voice as soon as the microphone listens, until the interviewer says
 * the interview is complete (at most `maxTurns`): `answerFor(turn)` is what the candidate says at
 * each turn, from 1. Returns the answers given.
 */
export async function answerUntilComplete(
  page: Page,
  answerFor: (turn: number) => string,
  maxTurns = 12,
): Promise<string[]> {
  const answers: string[] = [];
  for (let turn = 1; turn <= maxTurns; turn++) {
    // The interviewer's message of this turn is in; then the microphone comes back.
    await waitForCount(page, 'AI', turn, 20_000);
    if (await page.getByText(COMPLETE).count()) break;
    const answer = answerFor(turn);
    answers.push(answer);
    await sayWhenListening(page, answer);
    // The silence after it sends it; the interviewer's reply follows.
    await waitForCount(page, 'User', turn, 20_000);
  }
  await page.getByText(COMPLETE).waitFor({ timeout: 20_000 });
  return answers;
}

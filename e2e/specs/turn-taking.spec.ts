import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { availableSets } from '../support/api';
import { expectAccessibleInBothThemes } from '../support/axe';
import { useBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signUpThroughUi } from '../support/flows';
import { SPEECH_STAND_IN } from '../support/speech-stand-in';
import { countOf, micOn, waitForCount, type StandIn } from '../support/voice';

/**
 * The end of the candidate's turn as decision 037 has it (issue 27), in a real page with the Web
 * Speech stand-in and the builtin interviewer of a topic interview: a finished answer is sent
 * within 1.5 s of its last word, a 3.5 s pause after "and then, um" is waited through and what
 * follows is the same answer, and "could you repeat the question?" is taken at once and answered
 * with the question. Patience is on the pre-start screen, labelled and usable from the keyboard.
 */

const browser = useBrowser();

/** Every answer frame the page sends, with when (the page's clock). */
const RECORD_ANSWERS = `
window.__answers = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  try {
    const frame = JSON.parse(data);
    if (frame.type === 'answer') window.__answers.push({ at: performance.now(), frame });
  } catch {}
  return send.call(this, data);
};
`;

interface Recorded extends StandIn {
  __answers: { at: number; frame: { text: string; continues?: string } }[];
}

interface StoredMessage {
  speaker: 'AI' | 'User';
  message: string;
}

const FINISHED = 'I look after the payments service at a bank, mostly its ledger and its APIs.';
const PAUSED = [
  'I would check the connection pool first, and then, um',
  'look at the slow query log.',
];

async function candidatePage(): Promise<Page & { errors: string[] }> {
  const context = await newContext(browser(), { permissions: ['microphone'] });
  await context.addInitScript(SPEECH_STAND_IN);
  await context.addInitScript(RECORD_ANSWERS);
  const page = await newPage(context);
  await signUpThroughUi(page, newCandidate(uniqueEmail('turn-taking')));
  return page;
}

const answersSent = (page: Page) => page.evaluate(() => (window as unknown as Recorded).__answers);

/**
 * Says `sentences` at a person's pace; resolves with the page's clock at the last word (read in
 * the page right after the last result, before any timer of the page could run).
 */
async function sayAt(page: Page, sentences: string[], pausesMs: number[] = [0]) {
  const { missed, at } = await page.evaluate(
    async ([s, pace]) => {
      const missed = await (window as unknown as StandIn).__speakSlowly(s, pace);
      return { missed, at: performance.now() };
    },
    [sentences, { msPerWord: 180, pausesMs }] as const,
  );
  expect(missed).toBe(0);
  return at;
}

async function conversation(page: Page, attemptId: string): Promise<StoredMessage[]> {
  const res = await page.request.get(`/api/interview/${attemptId}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { conversation: StoredMessage[] }).conversation;
}

describe('the end of a spoken answer', () => {
  it('a finished answer goes within 1.5 s, a pause after "and then, um" is waited through, and a request to repeat gets the question', async () => {
    const page = await candidatePage();
    const set = (await availableSets(page)).find((s) => s.type === 'topic-based')!;
    await page.goto(`/interview/${set.id}`);

    // Patience on the pre-start screen: labelled, chosen from the keyboard, both themes.
    const patience = page.getByRole('group', { name: 'Patience' });
    await patience.waitFor();
    expect(await page.getByRole('radio', { name: /Normal/ }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /Relaxed/ }).focus();
    await page.keyboard.press('Space');
    expect(await page.getByRole('radio', { name: /Relaxed/ }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: /Normal/ }).isChecked()).toBe(true);
    await expectAccessibleInBothThemes(page, 'pre-start screen with Patience');
    // Saved in the account, so the interview uses it.
    await page.waitForFunction(async () => {
      const me = (await (await fetch('/api/auth/me')).json()) as { user: { patience: string } };
      return me.user.patience === 'normal';
    });

    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.waitForURL(/attempt=/);
    const attemptId = new URL(page.url()).searchParams.get('attempt')!;
    await waitForCount(page, 'AI', 1);
    const [intro] = await conversation(page, attemptId);
    const question = intro!.message.slice(intro!.message.indexOf('To warm up'));
    expect(question).toMatch(/\?$/);

    // 1. A question to the interviewer: taken at once, answered with the question again.
    await micOn(page);
    const askedAt = await sayAt(page, ['could you repeat the question']);
    await waitForCount(page, 'User', 1);
    const [asked] = await answersSent(page);
    await waitForCount(page, 'AI', 2);
    const again = (await conversation(page, attemptId)).at(-1)!;
    expect(again).toMatchObject({ speaker: 'AI' });
    expect(again.message).toContain(question);

    // 2. A finished answer: sent within 1.5 s of its last word.
    await micOn(page);
    const lastWordAt = await sayAt(page, [FINISHED]);
    await waitForCount(page, 'User', 2);
    const [, finished] = await answersSent(page);
    expect(finished!.frame.text).toBe(FINISHED);
    const finishedAfter = finished!.at - lastWordAt;
    expect(finishedAfter).toBeLessThan(1_500);
    await waitForCount(page, 'AI', 3);

    // 3. "…and then, um", 3.5 s of silence, and the rest: one answer, sent once it is finished.
    await micOn(page);
    const pausedAt = await sayAt(page, PAUSED, [3_500]);
    expect(await countOf(page, 'User')).toBe(2);
    await waitForCount(page, 'User', 3);
    const sent = await answersSent(page);
    expect(sent).toHaveLength(3);
    expect(sent[2]!.frame).toMatchObject({ text: PAUSED.join(' ') });
    expect(sent[2]!.frame.continues).toBeUndefined();
    const pausedAfter = sent[2]!.at - pausedAt;
    await waitForCount(page, 'AI', 4);

    const stored = await conversation(page, attemptId);
    expect(stored.filter((m) => m.speaker === 'User').map((m) => m.message)).toEqual([
      'could you repeat the question',
      FINISHED,
      PAUSED.join(' '),
    ]);
    console.info(
      `[turn-taking] last word → answer sent: a question ${Math.round(asked!.at - askedAt)} ms, a finished answer ${Math.round(finishedAfter)} ms, after the pause ${Math.round(pausedAfter)} ms`,
    );
    expect(page.errors).toEqual([]);
  }, 120_000);

  it('Settings → Interview shows the same Patience, labelled and usable from the keyboard in both themes', async () => {
    const page = await candidatePage();
    await page.goto('/settings?tab=interview');
    await page.getByRole('group', { name: 'Patience' }).waitFor();
    await page.getByRole('radio', { name: /Quick/ }).focus();
    await page.keyboard.press('Space');
    expect(await page.getByRole('radio', { name: /Quick/ }).isChecked()).toBe(true);
    await expectAccessibleInBothThemes(page, 'Settings → Interview');
    await page.waitForFunction(async () => {
      const me = (await (await fetch('/api/auth/me')).json()) as { user: { patience: string } };
      return me.user.patience === 'quick';
    });
    // What the candidate chose is what the next page shows.
    await page.reload();
    await page.getByRole('group', { name: 'Patience' }).waitFor();
    await page.waitForFunction(
      () => (document.querySelector('input[value="quick"]') as HTMLInputElement | null)?.checked,
    );
    expect(page.errors).toEqual([]);
  });
});

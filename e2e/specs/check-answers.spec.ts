import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fixedSet, startInterview } from '../support/api';
import { expectAccessibleInBothThemes } from '../support/axe';
import { useBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signUpThroughUi } from '../support/flows';
import { SPEECH_STAND_IN } from '../support/speech-stand-in';
import { answerUntilComplete } from '../support/voice';

/**
 * "Check your answers" (decision 024): a spoken interview where the recogniser mishears one word
 * ("closure" heard as "clothes sure"); after End the candidate fixes it on the check step and
 * continues; the report scores the corrected text, marks it as corrected and keeps what was
 * recognised one click away.
 */

const browser = useBrowser();

const MISHEARD =
  'Okay, so a clothes sure is a function that keeps the variables of the scope where it was defined, even after the outer function has returned, like a counter that remembers its count.';
const SAID = MISHEARD.replace('clothes sure', 'closure');
const OTHER =
  'I would start with the requirements, then explain the trade-offs with a small example, for instance a cache with a five minute expiry in front of the database.';

describe('check your answers', () => {
  it('a misheard word is fixed after End; the report scores the fix, marked, the original kept', async () => {
    const context = await newContext(browser(), { permissions: ['microphone'] });
    await context.addInitScript(SPEECH_STAND_IN);
    const page = await newPage(context);
    await signUpThroughUi(page, newCandidate(uniqueEmail('check')));
    await startInterview(page, await fixedSet(page));

    const spoken = (
      await answerUntilComplete(page, (turn) =>
        turn === 1 ? MISHEARD : `Answer ${turn}: ${OTHER}`,
      )
    ).length;
    await page.getByRole('button', { name: 'End Interview' }).click();

    // The check step: every spoken answer as recognised, the misheard one among them.
    await page.waitForURL(/\/interview\/[0-9a-f-]{36}\/check$/, { timeout: 30_000 });
    const id = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByRole('heading', { name: 'Check your answers' }).waitFor();
    const answers = page.getByRole('list', { name: 'Your spoken answers' }).getByRole('listitem');
    expect(await answers.count()).toBe(spoken);
    const first = answers.first();
    expect(await first.getByTestId('answer-text').textContent()).toBe(MISHEARD);
    await page.getByText('Only spoken answers are shown').waitFor();
    await expectAccessibleInBothThemes(page, '/interview/:id/check');
    // The report waits for the candidate.
    const waiting = await (await page.request.get(`/api/report/interview/${id}`)).json();
    expect(waiting).toMatchObject({ status: 'pending' });
    expect(waiting.checkUntil).toEqual(expect.any(String));

    // Fix the one misheard word, with the keyboard.
    await first.getByRole('button', { name: 'Correct this answer' }).click();
    const field = page.getByLabel('Answer 1 as you said it');
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await field.fill(SAID);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await first.getByText('Corrected', { exact: true }).waitFor();
    expect(await first.getByTestId('answer-text').textContent()).toBe(SAID);
    await expectAccessibleInBothThemes(page, '/interview/:id/check, corrected');

    await page.getByRole('button', { name: 'Continue to report' }).click();
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.getByText('Question-by-Question Analysis').waitFor({ timeout: 60_000 });

    // The report scores the corrected text and marks it.
    const q1 = page.getByTestId('question-report').first();
    expect(await q1.getByText('Corrected', { exact: true }).count()).toBe(1);
    const q1Text = (await q1.textContent()) ?? '';
    expect(q1Text).toContain('a closure is a function');
    expect(q1Text).not.toContain('clothes sure');
    const report = await (await page.request.get(`/api/report/interview/${id}`)).json();
    expect(report.questionReports[0]).toMatchObject({ answer: SAID, corrected: true });
    expect(report.questionReports.slice(1).some((q: { corrected?: boolean }) => q.corrected)).toBe(
      false,
    );

    // The transcript keeps what was recognised, one click away.
    const transcript = page.getByRole('list', { name: 'Transcript' });
    const mine = transcript.getByRole('listitem').filter({ hasText: SAID });
    await mine.getByText('Corrected', { exact: true }).waitFor();
    const recognised = mine.getByTestId('recognised');
    expect(await recognised.isVisible()).toBe(false);
    await mine.getByText('Show what was recognised').click();
    expect(await recognised.textContent()).toBe(MISHEARD);
    expect(await recognised.isVisible()).toBe(true);
    await expectAccessibleInBothThemes(page, '/reports/:id with a corrected answer');

    // Once the report exists, the answers can no longer be changed.
    const late = await page.request.patch(
      `/api/interview/${id}/answers/${(await storedFirstAnswer(page, id)).id}`,
      { data: { text: MISHEARD }, headers: { origin: new URL(page.url()).origin } },
    );
    expect(late.status()).toBe(409);
    expect((await late.json()).code).toBe('CHECK_CLOSED');
    expect(page.errors).toEqual([]);
    await context.close();
  }, 180_000);
});

async function storedFirstAnswer(page: Page, id: string) {
  const detail = (await (await page.request.get(`/api/interview/${id}`)).json()) as {
    conversation: { id: string; speaker: string; message: string }[];
  };
  return detail.conversation.find((m) => m.speaker === 'User')!;
}

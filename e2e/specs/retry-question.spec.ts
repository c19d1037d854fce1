import { describe, expect, it } from 'vitest';
import { fixedSet, startInterview } from '../support/api';
import { useBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signUpThroughUi, skipAnswerCheck } from '../support/flows';
import { SPEECH_STAND_IN } from '../support/speech-stand-in';
import { answerUntilComplete } from '../support/voice';

/**
 * Retry this question (issue 30): from a report, the candidate retries their weakest question by
 * voice, and the retry's report shows both scores side by side; the Dashboard keeps the first,
 * best and latest score of the question.
 */

const browser = useBrowser();

const WEAK = 'Hmm, it is a thing in JavaScript, I suppose.';
const FAIR =
  'I would explain it with a small example first, then say why it matters in a real project, for instance when a page has to stay responsive while data loads.';

interface QuestionReport {
  question: string;
  score: number | null;
  scored: boolean;
  expectedAnswer: string | null;
}

describe('retry one question', () => {
  it('retries the weakest question by voice and shows both scores side by side', async () => {
    const context = await newContext(browser(), { permissions: ['microphone'] });
    await context.addInitScript(SPEECH_STAND_IN);
    const page = await newPage(context);
    await signUpThroughUi(page, newCandidate(uniqueEmail('retry')));
    const firstId = await startInterview(page, await fixedSet(page));
    await answerUntilComplete(page, (turn) => (turn === 1 ? WEAK : `${FAIR} Point ${turn}.`));
    await page.getByRole('button', { name: 'End Interview' }).click();
    await skipAnswerCheck(page);
    await page.waitForURL(new RegExp(`/reports/${firstId}$`), { timeout: 60_000 });
    await page.getByText('Question-by-Question Analysis').waitFor({ timeout: 60_000 });

    // The weakest scored question, as the report has it.
    const report = await (await page.request.get(`/api/report/interview/${firstId}`)).json();
    const scored = (report.questionReports as QuestionReport[])
      .map((q, index) => ({ ...q, index }))
      .filter((q) => q.scored && q.score !== null);
    const weakest = scored.reduce((a, b) => (b.score! < a.score! ? b : a));
    const block = page.getByTestId('question-report').nth(weakest.index);
    await block.locator('summary').click();
    await block.getByRole('button', { name: /Retry this question/ }).click();

    // The retry: its own attempt of that one question, started like any interview.
    await page.waitForURL(/\/interview\/retry\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const retryId = new URL(page.url()).pathname.split('/').pop()!;
    expect(retryId).not.toBe(firstId);
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.waitForURL(/attempt=/);
    const better =
      weakest.expectedAnswer ??
      'A closure is a function that keeps access to the variables of the scope where it was defined, even after the outer function has returned. For example, a counter function that remembers its count between calls.';
    await answerUntilComplete(page, (turn) =>
      turn === 1 ? better : 'For example, I used that in a project to keep a counter private.',
    );
    await page.getByRole('button', { name: 'End Interview' }).click();
    await skipAnswerCheck(page);
    await page.waitForURL(new RegExp(`/reports/${retryId}$`), { timeout: 60_000 });

    // Both scores side by side: the first try's and this one's.
    const outcome = page.getByTestId('retry-outcome');
    await outcome.waitFor({ timeout: 60_000 });
    const retryReport = await (await page.request.get(`/api/report/interview/${retryId}`)).json();
    expect(retryReport.questionReports).toHaveLength(1);
    expect(retryReport.questionReports[0].question).toBe(weakest.question);
    const now = retryReport.questionReports[0].score as number;
    await page
      .getByTestId('retry-now-score')
      .getByText(String(Math.round(now)))
      .waitFor();
    expect(await page.getByTestId('retry-first-score').textContent()).toBe(
      String(Math.round(weakest.score!)),
    );
    expect(now).toBeGreaterThan(weakest.score!);
    expect(await outcome.textContent()).toContain(weakest.question);

    // The Dashboard keeps the first, best and latest score of the question.
    await page.goto('/');
    const progress = page.getByTestId('question-progress');
    await progress.waitFor({ timeout: 30_000 });
    const row = progress.getByRole('row').filter({ hasText: weakest.question });
    expect(await row.count()).toBe(1);
    expect(page.errors).toEqual([]);
    await context.close();
  }, 240_000);
});

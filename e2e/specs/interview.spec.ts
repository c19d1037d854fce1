import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { availableSets } from '../support/api';
import { useBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signUpThroughUi, skipAnswerCheck } from '../support/flows';
import { DENY_MICROPHONE, SPEECH_STAND_IN } from '../support/speech-stand-in';
import { answerUntilComplete, countOf, waitForCount } from '../support/voice';

const browser = useBrowser();

async function candidatePage(initScripts: string[] = []): Promise<Page & { errors: string[] }> {
  const context = await newContext(browser(), { permissions: ['microphone'] });
  for (const script of initScripts) await context.addInitScript(script);
  const page = await newPage(context);
  await signUpThroughUi(page, newCandidate(uniqueEmail('interview')));
  return page;
}

const ANSWER =
  'I would start with the requirements, then put a cache in front of the database because most reads repeat. For example, Redis with a five minute TTL cut our latency from 300 to 40 milliseconds.';

describe('the interview screen', () => {
  it('a candidate completes a fixed interview by voice and reads their answers in the report', async () => {
    const page = await candidatePage([SPEECH_STAND_IN]);
    const set = (await availableSets(page)).find((s) => s.type === 'fixed')!;
    await page.goto(`/interview/${set.id}`);
    await page.getByRole('heading', { name: set.title }).waitFor();
    for (const card of [
      'Voice Interaction',
      'AI-Powered Analysis',
      'Focused Learning',
      'Instant Evaluation',
      'Quiet Environment',
      'Take Your Time',
    ]) {
      await page.getByText(card, { exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.waitForURL(/attempt=/);
    const answers = await answerUntilComplete(page, (turn) => `Answer ${turn}: ${ANSWER}`, 10);
    expect(answers.length).toBeGreaterThanOrEqual(5);
    await page.getByRole('button', { name: 'End Interview' }).click();
    // Spoken answers: "Check your answers" sits between End and the report.
    await skipAnswerCheck(page);
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.getByText('Question-by-Question Analysis').waitFor();
    // Every answer is in the report: one per question, or under its question after a follow-up
    // (the interviewer probes when time allows, so how many questions were asked varies).
    const reports = page.getByTestId('question-report');
    expect(await reports.count()).toBeGreaterThanOrEqual(1);
    expect(await reports.count()).toBeLessThanOrEqual(answers.length);
    const analysed = (await reports.allTextContents()).join('\n');
    for (const n of answers.keys()) expect(analysed).toContain(`Answer ${n + 1}: I would start`);
    expect(await reports.first().textContent()).toContain(
      'Answer 1: I would start with the requirements',
    );
    await page.getByText('How you spoke').waitFor();
    expect(page.errors).toEqual([]);
  });

  it('a topic-based interview by typed answers, resumed after a reload, ended early, reaches its report', async () => {
    const page = await candidatePage();
    const set = (await availableSets(page)).find((s) => s.type === 'topic-based')!;
    await page.goto(`/interview/${set.id}`);
    await page.getByLabel('Type my answers instead of speaking').check();
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.getByLabel('Type your answer').waitFor();
    await waitForCount(page, 'AI', 1);
    expect(await countOf(page, 'AI')).toBe(1);

    await page.getByLabel('Type your answer').fill(ANSWER);
    await page.getByRole('button', { name: 'Send' }).click();
    await waitForCount(page, 'AI', 2);

    await page.reload();
    await waitForCount(page, 'AI', 2);
    expect(await countOf(page, 'User')).toBe(1);
    expect(await page.getByTestId('transcript').textContent()).toContain('five minute TTL');

    await page.getByRole('button', { name: 'End Interview' }).click();
    await page.getByText('The interview is not yet complete.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'End Interview' }).last().click();
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.getByTestId('overall-score').waitFor();
    expect(page.errors).toEqual([]);
  });

  it('shows the microphone warning when permission is denied', async () => {
    const page = await candidatePage([SPEECH_STAND_IN, DENY_MICROPHONE]);
    const set = (await availableSets(page)).find((s) => s.type === 'fixed')!;
    await page.goto(`/interview/${set.id}`);
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.getByText('Microphone is disabled').waitFor();
    await page.getByText(/Microphone permission denied/).waitFor();
    await page.getByLabel('Type your answer').waitFor();
  });

  it('says what is wrong with a bad interview link', async () => {
    const page = await candidatePage();
    await page.goto('/interview/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Interview Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Practice' }).waitFor();
    await page.goto('/interview');
    await page.getByText('Invalid Interview URL').waitFor();
    await page.getByText('No interview ID was provided in the URL.').waitFor();
  });
});

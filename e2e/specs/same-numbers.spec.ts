import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { availableSets, completeFixedInterview } from '../support/api';
import { useBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signInAdminThroughUi, signUpThroughUi } from '../support/flows';

/*
 * Issue 28, "one source for every number": one attempt read where a person reads it (the report,
 * its History row, the progress page, the coach's view of both, the results CSV) says the same
 * answers, words, duration, overall and per-category scores everywhere.
 */

const ANSWERS = [
  'A closure is a function that keeps access to the variables of the scope it was created in. For example, a counter factory returns an inner function that increments a private count, because the inner function captures the lexical environment even after the outer function has returned.',
  'Let and const are block scoped while var is function scoped and hoisted. Const prevents reassignment of the binding, and let creates a fresh binding on each loop iteration, which avoids the classic bug where every callback sees the last value of the loop counter.',
];
const CATEGORIES = ['Communication', 'Problem Solving', 'Confidence'] as const;

const browser = useBrowser();

interface Figures {
  overall: string;
  categories: string[];
  duration: string;
  answers: string;
  words: string;
}

/** The report as a page shows it (the candidate's own, or the coach's read-only view). */
async function reportFigures(page: Page): Promise<Figures> {
  await page.getByTestId('overall-score').waitFor();
  const categories: string[] = [];
  for (const name of CATEGORIES) {
    categories.push((await page.getByRole('meter', { name }).getAttribute('aria-valuenow'))!);
  }
  // "Speech analytics from your 4 answers (416 words)."
  const speech = (await page.getByTestId('speech-answers').textContent())!;
  const [, answers, words] = speech.match(/from your (\d+) answers? \((\d+) words?\)/)!;
  return {
    overall: (await page.getByTestId('overall-score').textContent())!.replace('%', ''),
    categories,
    duration: (await page.getByTestId('report-duration').textContent())!.replace(' min', ''),
    answers: answers!,
    words: words!,
  };
}

/** The progress table's row of the attempt: overall and each category, in percent. */
async function progressRow(page: Page, id: string): Promise<string[]> {
  await page.getByText('Scores as a table').click();
  const row = page.locator(`[data-testid="progress-table"] tr[data-attempt="${id}"]`);
  await row.waitFor();
  return (await row.locator('td').allTextContents()).map((c) => c.replace('%', ''));
}

/** RFC 4180 as results.csv writes it: quoted cells, doubled quotes. */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') cell += line[++i];
    else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  return [...cells, cell];
}

describe('the same numbers everywhere', () => {
  it('one attempt reads the same in its report, History, progress, the coach view and the CSV', async () => {
    const candidateContext = await newContext(browser());
    const page = await newPage(candidateContext);
    const candidate = { ...newCandidate(uniqueEmail('same-numbers')), firstName: 'Ada' };
    await signUpThroughUi(page, candidate);
    const [set] = (await availableSets(page)).filter((s) => s.type === 'fixed');
    // Three minutes and a bit in the interview before the last answers: a duration worth reading.
    const { id } = await completeFixedInterview(page, set!, ANSWERS, { minutesIn: 3.2 });

    // The report.
    await page.goto(`/reports/${id}`);
    const report = await reportFigures(page);
    expect(Number(report.duration)).toBeGreaterThanOrEqual(3.2);
    expect(Number(report.answers)).toBeGreaterThan(0);
    expect(Number(report.words)).toBeGreaterThan(Number(report.answers));

    // Its History row: the overall score and the attempt's own length.
    await page.goto('/history');
    const row = page.getByTestId('history-row').filter({ hasText: set!.title });
    await row.first().waitFor();
    expect(
      await row
        .first()
        .getByText(/^\d+%$/)
        .textContent(),
    ).toBe(`${report.overall}%`);
    expect(await row.first().getByTestId('history-duration').textContent()).toBe(
      `${report.duration} min`,
    );

    // The progress page: the chart's figures for this attempt.
    await page.goto('/');
    await page.getByText('Your progress').waitFor();
    expect(await progressRow(page, id)).toEqual([report.overall, ...report.categories]);
    await candidateContext.close();

    // The coach: the candidate's attempts and progress, the report, the CSV.
    const context = await newContext(browser());
    const admin = await newPage(context);
    await signInAdminThroughUi(admin, inject('adminEmail'), inject('adminPassword'));
    await admin.waitForURL('**/admin/dashboard');
    await admin.goto('/admin/candidates');
    await admin.getByLabel('Search candidates').fill(candidate.email);
    await admin
      .getByTestId('candidate-row')
      .filter({ hasText: candidate.email })
      .getByRole('link', { name: `Ada ${candidate.lastName}`.trim() })
      .click();
    await admin.waitForURL('**/admin/candidates/*');
    const attempt = admin.getByTestId('coach-attempt').filter({ hasText: set!.title });
    await attempt.waitFor();
    const attemptText = (await attempt.textContent())!;
    expect(attemptText).toContain(`${report.overall}%`);
    expect(attemptText).toContain(`· ${report.duration} min`);
    expect(await progressRow(admin, id)).toEqual([report.overall, ...report.categories]);

    await attempt.getByRole('link', { name: /View report/ }).click();
    await admin.waitForURL('**/admin/candidates/*/reports/*');
    expect(await reportFigures(admin)).toEqual(report);

    await admin.getByRole('link', { name: 'Results & Audit' }).first().click();
    await admin.waitForURL('**/admin/results');
    const downloaded = admin.waitForEvent('download');
    await admin.getByRole('link', { name: 'Download CSV' }).click();
    const csv = fs
      .readFileSync((await (await downloaded).path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    const header = csvCells(csv[0]!);
    const line = csvCells(csv.find((l) => l.includes(candidate.email))!);
    const cell = (name: string) => line[header.indexOf(name)];
    expect([cell('Overall'), ...CATEGORIES.map(cell)]).toEqual([
      report.overall,
      ...report.categories,
    ]);
    expect(cell('Duration (min)')).toBe(report.duration);
    expect(cell('Answers')).toBe(report.answers);
    expect(cell('Words')).toBe(report.words);
    await context.close();
  });
});

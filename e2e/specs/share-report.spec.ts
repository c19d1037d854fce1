import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { completeFixedInterview, fixedSet } from '../support/api';
import { formatFindings, seriousViolations } from '../support/axe';
import { newContext, newPage, uniqueEmail, useBrowser } from '../support/browser';
import { newCandidate, signUpThroughUi } from '../support/flows';

/**
 * A report to share (issue 30): from a completed interview's report the candidate downloads the
 * PDF (its text read back holds the scores and their answers), makes a share link, and a reader
 * who is not signed in opens it read-only; once the candidate revokes it, the link is gone.
 */

const browser = useBrowser();

const ANSWERS = [
  'A closure is a function that keeps access to the variables of its outer scope after that scope has returned, which I used to keep a counter private.',
  'The event loop runs callbacks from the task queue whenever the call stack is empty, so a slow request never blocks the page.',
  'I would put a cache in front of the database and expire entries on writes, because reads outnumber writes a hundred to one.',
];

interface QuestionReport {
  question: string;
  answer: string;
  score: number | null;
}

/** All the words of a PDF, one space between them: lines wrap wherever they fit. */
async function pdfWords(file: string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(fs.readFileSync(file)));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.normalize('NFC').replace(/\s+/g, ' ');
}

const flat = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim();

describe('a report to share', () => {
  it('downloads the PDF, opens a share link signed out, then revokes it', async () => {
    const context = await newContext(browser());
    const page = await newPage(context);
    const me = {
      ...newCandidate(uniqueEmail('share')),
      firstName: 'Zoë',
      lastName: "O'Brien-Smith",
    };
    await signUpThroughUi(page, me);
    const { id } = await completeFixedInterview(page, await fixedSet(page), ANSWERS);
    const report = await (await page.request.get(`/api/report/interview/${id}`)).json();
    expect(report.status).toBe('completed');
    const questions = report.questionReports as QuestionReport[];

    await page.goto(`/reports/${id}`);
    await page.getByText('Question-by-Question Analysis').waitFor({ timeout: 30_000 });

    // Download PDF: drawn by the server from this report.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^candor-report-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = await pdfWords((await download.path())!);
    expect(text).toContain("Zoë O'Brien-Smith");
    expect(text).toContain(`Overall score: ${Math.round(report.overallScore)}%`);
    for (const q of questions) {
      if (q.score !== null) expect(text).toContain(`Score ${Math.round(q.score / 10)}/10`);
      if (q.answer) expect(text).toContain(flat(q.answer));
    }

    // Share: a link for 7 days, recordings off by default.
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this report' });
    expect(await dialog.getByRole('radio', { name: '7 days' }).isChecked()).toBe(true);
    const recordings = dialog.getByRole('checkbox', { name: /Include recordings of my answers/ });
    expect(await recordings.isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = await dialog.getByLabel('Your new link').inputValue();
    expect(link).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
    await dialog.getByTestId('share-link').getByText('0 views').waitFor();

    // Someone signed out opens it: the report, read-only.
    const outside = await newPage(await newContext(browser()));
    await outside.goto(link);
    await outside
      .getByTestId('shared-by')
      .getByText("Zoë O'Brien-Smith shared this report")
      .waitFor();
    await outside
      .getByTestId('overall-score')
      .getByText(`${Math.round(report.overallScore)}%`)
      .waitFor();
    await outside.getByText('Question-by-Question Analysis').waitFor();
    const first = outside.getByTestId('question-report').first();
    await first.locator('summary').click();
    await first.getByText(questions[0]!.answer, { exact: true }).waitFor();
    for (const name of ['Try Again', 'Retry this question', 'Share', 'Download PDF']) {
      expect(await outside.getByRole('button', { name }).count(), name).toBe(0);
    }
    expect(await outside.getByRole('link', { name: 'Download PDF' }).count()).toBe(0);
    expect(formatFindings(await seriousViolations(outside, 'shared report'))).toBe('');

    // The candidate sees the view, and revokes the link.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Share' }).click();
    const row = page.getByRole('dialog').getByTestId('share-link');
    await row.getByText('1 view').waitFor();
    await row.getByRole('button', { name: /^Revoke/ }).click();
    await page.getByRole('dialog').getByText('No active links.').waitFor();

    // Gone: the same page now says the link is not available.
    await outside.reload();
    await outside.getByRole('heading', { name: 'This link is not available' }).waitFor();
    expect((await outside.request.get(`/api/shared/${link.split('/').pop()}`)).status()).toBe(404);
    expect(page.errors).toEqual([]);
    expect(outside.errors).toEqual([]);
    await context.close();
    await outside.context().close();
  }, 180_000);
});

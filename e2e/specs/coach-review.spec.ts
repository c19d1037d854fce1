import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { availableSets, completeFixedInterview } from '../support/api';
import { formatFindings, seriousViolations } from '../support/axe';
import { useBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signInAdminThroughUi, signUpThroughUi } from '../support/flows';

/** Issue 17, coach review: an administrator reads a candidate's report; the audit log shows it. */

const ANSWERS = [
  'Okay, so a closure is a function that keeps access to the variables of the scope it was created in. For example, a counter factory returns an inner function that increments a private count, because the inner function captures the lexical environment even after the outer function has returned.',
  'Right, let and const are block scoped while var is function scoped and hoisted. Const prevents reassignment of the binding, and let creates a fresh binding on each loop iteration, which avoids the classic bug where every callback sees the last value of the loop counter.',
];

const browser = useBrowser();

describe('coach review', () => {
  it('an administrator opens a candidate, reads their report and exports results; the audit log shows each view', async () => {
    const candidateContext = await newContext(browser());
    const candidatePage = await newPage(candidateContext);
    const candidate = {
      ...newCandidate(uniqueEmail('coached')),
      firstName: 'Zoë',
      lastName: "O'Brien-Smith",
    };
    await signUpThroughUi(candidatePage, candidate);
    const [set] = (await availableSets(candidatePage)).filter((s) => s.type === 'fixed');
    const { overall } = await completeFixedInterview(candidatePage, set!, ANSWERS);
    await candidateContext.close();

    const context = await newContext(browser(), { colorScheme: 'dark' });
    const admin = await newPage(context);
    await signInAdminThroughUi(admin, inject('adminEmail'), inject('adminPassword'));
    await admin.waitForURL('**/admin/dashboard');
    await admin.goto('/admin/candidates');
    await admin.getByLabel('Search candidates').fill(candidate.email);
    const name = "Zoë O'Brien-Smith";
    // The search is debounced: the other Zoës stay listed until it applies, so take this row.
    await admin
      .getByTestId('candidate-row')
      .filter({ hasText: candidate.email })
      .getByRole('link', { name })
      .click();

    await admin.waitForURL('**/admin/candidates/*');
    await admin.getByRole('heading', { name }).waitFor();
    expect(await admin.getByTestId('coach-average').textContent()).toBe(`${overall}%`);
    await admin.getByText('Progress', { exact: true }).waitFor();
    const open = admin.getByRole('link', { name: new RegExp(`View report: ${set!.title}`) });
    await open.waitFor();
    expect(formatFindings(await seriousViolations(admin, 'coach candidate'))).toBe('');
    await open.click();

    await admin.waitForURL('**/admin/candidates/*/reports/*');
    await admin.getByRole('heading', { name: set!.title }).waitFor();
    expect(await admin.getByTestId('overall-score').textContent()).toBe(`${overall}%`);
    // The transcript: the candidate's own words.
    await admin
      .getByRole('list', { name: 'Transcript' })
      .getByText(ANSWERS[0]!, { exact: true })
      .first()
      .waitFor();
    // Read-only: nothing to generate again, no way back to the candidate's History.
    expect(await admin.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
    await admin.getByRole('link', { name: 'Back to candidate' }).waitFor();
    expect(formatFindings(await seriousViolations(admin, 'coach report'))).toBe('');

    await admin.getByRole('link', { name: 'Results & Audit' }).first().click();
    await admin.waitForURL('**/admin/results');
    const downloaded = admin.waitForEvent('download');
    await admin.getByRole('link', { name: 'Download CSV' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^candor-results-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const line = csv.split('\r\n').find((l) => l.includes(candidate.email));
    expect(line).toBeDefined();
    expect(line!.startsWith(`${name},${candidate.email},${set!.title},`)).toBe(true);

    // Newest first: the export, the report, the attempts list, the candidate opened. Other specs
    // act as the same administrator at the same time, so this candidate's entries are read by name.
    await admin.reload();
    const entries = admin.getByTestId('audit-entry');
    await entries.first().waitFor();
    const texts = await entries.allTextContents();
    const ours = texts.filter((t) => t.includes(name)).slice(0, 3);
    expect(ours[0]).toContain('Viewed report');
    expect(ours[1]).toContain("Listed candidate's attempts");
    expect(ours[2]).toContain('Opened candidate');
    const exported = texts.findIndex((t) => t.includes('Exported results (CSV)'));
    expect(exported).toBeGreaterThanOrEqual(0);
    expect(exported).toBeLessThan(texts.indexOf(ours[0]!));
    expect([...ours, texts[exported]!].every((t) => t.includes(inject('adminEmail')))).toBe(true);
    expect(formatFindings(await seriousViolations(admin, 'results and audit'))).toBe('');
    expect(admin.errors).toEqual([]);
    await context.close();
  });
});

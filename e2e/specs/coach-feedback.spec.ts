import type { BrowserContext } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { availableSets, completeFixedInterview } from '../support/api';
import { formatFindings, seriousViolations } from '../support/axe';
import { useBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { CANDIDATE_PASSWORD, signInAdminThroughUi } from '../support/flows';

/**
 * Issue 31, slice 3: the coach comments on one report of a candidate of their cohort, with a
 * score on the default rubric; the candidate is told on the dashboard and reads it on the report.
 */

const ANSWERS = [
  'Okay, so a closure is a function that keeps access to the variables of the scope it was created in. For example, a counter factory returns an inner function that increments a private count.',
  'Right, let and const are block scoped while var is function scoped and hoisted. Const prevents reassignment of the binding, and let creates a fresh binding on each loop iteration.',
];

const browser = useBrowser();

/** Signs up through the API (the form is covered elsewhere); the new account's id. */
async function signUp(
  context: BrowserContext,
  person: { firstName: string; lastName: string; email: string },
): Promise<string> {
  const res = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin: inject('baseUrl') },
    data: {
      ...person,
      name: `${person.firstName} ${person.lastName}`,
      password: CANDIDATE_PASSWORD,
      experienceLevel: 'mid',
    },
  });
  if (!res.ok()) throw new Error(`sign-up ${person.email}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { user: { id: string } }).user.id;
}

describe('coach feedback', () => {
  it('the coach comments on one report and the candidate reads it', async () => {
    const candidate = { firstName: 'Zoë', lastName: 'Ørsted', email: uniqueEmail('fed') };
    const coach = { firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail('coach') };
    const candidateContext = await newContext(browser());
    const candidatePage = await newPage(candidateContext);
    const candidateId = await signUp(candidateContext, candidate);
    // Signing up signed the context in.
    await candidatePage.goto('/');
    const [set] = (await availableSets(candidatePage)).filter((s) => s.type === 'fixed');
    const { id: attemptId } = await completeFixedInterview(candidatePage, set!, ANSWERS);

    const other = await newContext(browser());
    const coachId = await signUp(other, coach);
    await other.close();

    // The administrator makes the coach and a cohort with the candidate in it (the pages that do
    // so have their own spec: cohorts.spec.ts).
    const adminContext = await newContext(browser());
    const admin = await newPage(adminContext);
    await signInAdminThroughUi(admin, inject('adminEmail'), inject('adminPassword'));
    await admin.waitForURL('**/admin/dashboard');
    const headers = { origin: inject('baseUrl') };
    const made = await admin.request.put(`/api/admin/coaches/${coachId}`, { headers, data: {} });
    expect(made.status(), await made.text()).toBeLessThan(300);
    const cohort = await admin.request.post('/api/admin/cohorts', {
      headers,
      data: {
        name: `Feedback ${Date.now()}`,
        startsOn: '2026-01-01',
        endsOn: '2099-12-31',
        coachIds: [coachId],
      },
    });
    expect(cohort.status(), await cohort.text()).toBe(201);
    const cohortId = ((await cohort.json()) as { id: string }).id;
    const added = await admin.request.post(`/api/admin/cohorts/${cohortId}/members`, {
      headers,
      data: { format: 'list', text: candidate.email },
    });
    expect(added.status(), await added.text()).toBeLessThan(300);
    await adminContext.close();

    // The coach, in the portal, on the candidate's report.
    const coachContext = await newContext(browser());
    const page = await newPage(coachContext);
    await signInAdminThroughUi(page, coach.email, CANDIDATE_PASSWORD);
    await page.waitForURL('**/admin/cohorts');
    await page.goto(`/admin/candidates/${candidateId}/reports/${attemptId}`);
    await page.getByRole('heading', { name: set!.title }).waitFor();
    const form = page.getByRole('form', { name: 'Coach feedback' });
    await form.waitFor();
    await form
      .getByLabel('Overall comment')
      .fill('Clear answers, Zoë. Give one example each time.');
    await form.getByLabel('Comment on question 1').fill('Show the counter factory in code.');
    await form.locator('#feedback-q0-c0').fill('8');
    expect(formatFindings(await seriousViolations(page, 'coach feedback editor'))).toBe('');
    await form.getByRole('button', { name: 'Save feedback' }).click();
    await page.getByText('Feedback saved.').waitFor();
    await page.getByText(/Last saved by Grace Hopper/).waitFor();
    expect(page.errors).toEqual([]);
    await coachContext.close();

    // The candidate: a notice on the dashboard, the feedback on the report.
    await candidatePage.goto('/');
    const notice = candidatePage.getByRole('region', { name: 'New coach feedback' });
    await notice.getByText(/Grace Hopper left feedback on/).waitFor();
    await notice.getByRole('link', { name: set!.title }).click();
    await candidatePage.waitForURL(`**/reports/${attemptId}`);
    await candidatePage.getByRole('heading', { name: 'Coach feedback' }).waitFor();
    await candidatePage.getByText('Clear answers, Zoë. Give one example each time.').waitFor();
    await candidatePage.getByText(/From Grace Hopper/).waitFor();
    // Under the first question, once it is opened.
    await candidatePage.getByTestId('question-report').first().locator('summary').click();
    const onFirst = candidatePage.getByRole('region', { name: 'Coach feedback on question 1' });
    await onFirst.getByText('Show the counter factory in code.').waitFor();
    expect(await onFirst.getByText('Accuracy: 8/10').count()).toBe(1);
    expect(formatFindings(await seriousViolations(candidatePage, 'report with feedback'))).toBe('');
    // Read: the notice is gone.
    await candidatePage.goto('/');
    await candidatePage.getByRole('heading', { level: 1 }).first().waitFor();
    await expect
      .poll(() => candidatePage.getByRole('region', { name: 'New coach feedback' }).count())
      .toBe(0);
    expect(candidatePage.errors).toEqual([]);
    await candidateContext.close();
  });
});

import type { APIRequestContext } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatFindings, seriousViolations } from '../support/axe';
import { newContext, newPage, useBrowser } from '../support/browser';
import { CANDIDATE_PASSWORD, signInAdminThroughUi, signInThroughUi } from '../support/flows';

/**
 * Issue 31, assignments: a coach assigns a set to their cohort, due in two days; a candidate sees
 * it under "Assigned to you"; three candidates complete it; the coach's grid shows each one done
 * with the report's score, linked to the report.
 */

const browser = useBrowser();
const ANSWER =
  'A closure is a function that keeps access to the variables of the scope it was created in, even after that scope has returned; a counter factory is the usual example.';

async function post(request: APIRequestContext, url: string, data: unknown) {
  const res = await request.post(url, { headers: { origin: inject('baseUrl') }, data });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
  return res.json();
}

async function put(request: APIRequestContext, url: string, data: unknown) {
  const res = await request.put(url, { headers: { origin: inject('baseUrl') }, data });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** Starts the assigned set, answers it in writing, ends it and waits for its report's score. */
async function completeAssigned(
  request: APIRequestContext,
  assignmentId: string,
  setId: string,
): Promise<number> {
  const { id } = await post(request, `/api/assignments/${assignmentId}/sets/${setId}/start`, {});
  await put(request, `/api/interview/${id}`, {
    status: 'in_progress',
    conversation: [{ id: crypto.randomUUID(), speaker: 'User', message: ANSWER }],
  });
  await put(request, `/api/interview/${id}`, { status: 'completed', early: true });
  for (;;) {
    const res = await request.get(`/api/report/interview/${id}`);
    const report = res.ok() ? await res.json() : null;
    if (report && report.status !== 'pending') return Math.round(report.overallScore);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('assignments', () => {
  it('a coach assigns a set due in two days, three candidates complete it, the grid shows it', async () => {
    const run = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
    const people = ['Zoë', 'Søren', 'Amélie'].map((firstName, i) => ({
      firstName,
      lastName: 'Étudiant',
      email: `student${i}-${run}@assign.test`,
    }));
    const coach = { firstName: 'Grace', lastName: 'Hopper', email: `coach-${run}@assign.test` };
    const ids: Record<string, string> = {};
    const api = await newContext(browser());
    for (const person of [...people, coach]) {
      await api.clearCookies();
      const made = await post(api.request, '/api/auth/sign-up/email', {
        ...person,
        name: `${person.firstName} ${person.lastName}`,
        password: CANDIDATE_PASSWORD,
        experienceLevel: 'mid',
      });
      ids[person.email] = made.user.id;
    }
    await api.close();

    // The administrator makes the coach and the cohort (their own spec covers those screens).
    const adminContext = await newContext(browser());
    const admin = await newPage(adminContext);
    await signInAdminThroughUi(admin, inject('adminEmail'), inject('adminPassword'));
    await admin.waitForURL('**/admin/dashboard');
    await put(admin.request, `/api/admin/coaches/${ids[coach.email]}`, {});
    const cohortName = `Printemps ${run}`;
    const cohort = await post(admin.request, '/api/admin/cohorts', {
      name: cohortName,
      startsOn: '2026-01-01',
      endsOn: '2099-12-31',
      coachIds: [ids[coach.email]],
    });
    await post(admin.request, `/api/admin/cohorts/${cohort.id}/members`, {
      format: 'list',
      text: people.map((p) => p.email).join('\n'),
    });
    await adminContext.close();

    // The coach assigns a set: due in two days by default.
    const coachContext = await newContext(browser());
    const page = await newPage(coachContext);
    await page.goto('/admin/login');
    await signInAdminThroughUi(page, coach.email, CANDIDATE_PASSWORD);
    await page.waitForURL('**/admin/cohorts');
    await page.getByRole('link', { name: 'Assignments' }).first().click();
    await page.getByRole('button', { name: 'New Assignment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Assignment' });
    await dialog.getByLabel('Cohort').selectOption({ label: cohortName });
    const setBox = dialog.getByRole('checkbox', { name: /JavaScript Fundamentals/ });
    await setBox.check();
    await dialog.getByLabel('Attempts allowed per set').fill('2');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await page
      .getByRole('heading', { name: new RegExp(`${cohortName}: JavaScript Fundamentals`) })
      .waitFor();
    const assignmentId = page.url().split('/').pop()!;
    expect(await page.getByTestId('grid-row').count()).toBe(3);
    expect(await page.getByTestId('grid-cell').filter({ hasText: 'Not started' }).count()).toBe(3);
    expect(formatFindings(await seriousViolations(page, 'assignment grid'))).toBe('');
    // The coach can change it afterwards: the edit dialog, then left as it was.
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Assignment' });
    await edit.getByLabel('Attempts allowed per set').waitFor();
    expect(formatFindings(await seriousViolations(page, 'edit assignment'))).toBe('');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // A candidate sees it on the Dashboard; three complete it.
    const scores: number[] = [];
    let setId = '';
    for (const [i, person] of people.entries()) {
      const context = await newContext(browser());
      const candidate = await newPage(context);
      await signInThroughUi(candidate, person.email, CANDIDATE_PASSWORD);
      await candidate.waitForURL((url) => url.pathname === '/');
      if (i === 0) {
        const assigned = candidate.getByRole('region', { name: 'Assigned to you' });
        await assigned.getByText(cohortName).waitFor();
        await assigned.getByText('0 of 2 attempts used').waitFor();
        await assigned.getByRole('button', { name: 'Start: JavaScript Fundamentals' }).waitFor();
        expect(formatFindings(await seriousViolations(candidate, 'assigned to you'))).toBe('');
        const mine = await (await candidate.request.get('/api/assignments')).json();
        setId = mine.assignments.find((a: { id: string }) => a.id === assignmentId).sets[0].id;
        // Start opens the set's pre-start screen for the assignment (its Start counts for it).
        await assigned.getByRole('button', { name: 'Start: JavaScript Fundamentals' }).click();
        await candidate.waitForURL(`**/interview/${setId}?assignment=${assignmentId}`);
        await candidate
          .getByTestId('assignment-before-start')
          .getByText(`Assigned to you by ${cohortName}`)
          .waitFor();
        await candidate.getByRole('button', { name: 'Start Interview' }).waitFor();
      }
      scores.push(await completeAssigned(candidate.request, assignmentId, setId));
      expect(candidate.errors).toEqual([]);
      await context.close();
    }

    // The grid: each done, with the report's score linked to the report.
    await page.reload();
    const rows = page.getByTestId('grid-row');
    await page.getByTestId('grid-cell').filter({ hasText: 'Done' }).nth(2).waitFor();
    for (const [i, person] of people.entries()) {
      const row = rows.filter({ hasText: person.email });
      await row.getByText('Done').waitFor();
      await row.getByText('1 / 2').waitFor();
      await row.getByRole('link', { name: `${scores[i]}%` }).waitFor();
    }
    // Filtered by status: nobody is late.
    await page.getByLabel('Status').selectOption('late');
    await page.getByText('No candidate matches.').waitFor();
    await page.getByLabel('Status').selectOption('done');
    expect(await rows.count()).toBe(3);
    await rows
      .filter({ hasText: people[0]!.email })
      .getByRole('link', { name: `${scores[0]}%` })
      .click();
    await page.waitForURL(/\/admin\/candidates\/[^/]+\/reports\//);
    expect(page.errors).toEqual([]);
    await coachContext.close();
  });
});

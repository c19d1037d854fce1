import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatFindings, seriousViolations } from '../support/axe';
import { newContext, newPage, useBrowser } from '../support/browser';
import { CANDIDATE_PASSWORD, signInAdminThroughUi } from '../support/flows';
import { ROSTER } from '../../apps/server/src/test/accented-names';

/**
 * Issue 31, cohorts and the coach role: an administrator makes a coach, creates a cohort and adds
 * its 30 candidates from a CSV whose names carry accents; a newcomer joins through an invite link;
 * the coach signs in to the portal and sees that cohort's candidates and nobody else.
 */

const browser = useBrowser();

/** Signs up through the API (the form is covered elsewhere): 32 people in seconds. */
async function signUp(
  context: BrowserContext,
  person: { firstName: string; lastName: string; email: string },
) {
  const res = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin: inject('baseUrl') },
    data: {
      ...person,
      name: `${person.firstName} ${person.lastName}`,
      password: CANDIDATE_PASSWORD,
      experienceLevel: 'mid',
    },
  });
  if (!res.ok()) throw new Error(`sign-up of ${person.email}: ${res.status()} ${await res.text()}`);
}

describe('cohorts', () => {
  it('an administrator creates a cohort from a CSV of 30 accented names and makes a coach; the coach sees only that cohort', async () => {
    const run = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
    const roster = ROSTER.map((p, i) => ({ ...p, email: `roster${i}-${run}@cohorts.test` }));
    const coach = { firstName: 'Grace', lastName: 'Hopper', email: `coach-${run}@cohorts.test` };
    const stranger = {
      firstName: 'Stray',
      lastName: 'Outsider',
      email: `stray-${run}@cohorts.test`,
    };
    const api = await newContext(browser());
    for (const person of [...roster, coach, stranger]) {
      await api.clearCookies();
      await signUp(api, person);
    }
    await api.close();
    // The school's spreadsheet: semicolons, quoted names, the addresses in capitals.
    const csvFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-csv-')), 'roster.csv');
    fs.writeFileSync(
      csvFile,
      `\uFEFFFirst name;Last name;Email\r\n${roster
        .map((p) => `${p.firstName};"${p.lastName}";${p.email.toUpperCase()}`)
        .join('\r\n')}\r\n`,
    );

    const adminContext = await newContext(browser());
    const admin = await newPage(adminContext);
    await signInAdminThroughUi(admin, inject('adminEmail'), inject('adminPassword'));
    await admin.waitForURL('**/admin/dashboard');

    // The coach: a candidate made one from the Candidates page.
    await admin.goto('/admin/candidates');
    await admin.getByLabel('Search candidates').fill(coach.email);
    const coachRow = admin.getByTestId('candidate-row').filter({ hasText: coach.email });
    await coachRow.getByRole('button', { name: `Details for ${coach.email}` }).click();
    await admin.getByRole('button', { name: 'Make coach' }).click();
    await admin
      .getByRole('alertdialog', { name: `Make ${coach.firstName} ${coach.lastName} a coach?` })
      .getByRole('button', { name: 'Make coach' })
      .click();
    await coachRow.waitFor({ state: 'detached' });

    // The cohort, coached by them.
    const name = `Cohorte d'été ${run}`;
    await admin.getByRole('link', { name: 'Cohorts' }).first().click();
    await admin.getByRole('button', { name: 'New Cohort' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New Cohort' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Starts on').fill('2031-09-01');
    await dialog.getByLabel('Ends on').fill('2031-12-15');
    await dialog.getByRole('checkbox', { name: new RegExp(coach.email) }).check();
    await dialog.getByRole('button', { name: 'Create Cohort' }).click();
    await admin.getByRole('heading', { name }).waitFor();
    await admin.getByText(`Coached by ${coach.firstName} ${coach.lastName}`).waitFor();

    // The CSV: every line added, the accents as the spreadsheet had them.
    await admin.getByRole('tab', { name: 'Upload CSV' }).click();
    await admin.getByLabel('CSV file of candidates').setInputFiles(csvFile);
    const report = admin.getByTestId('import-report');
    await report.getByText('Added: 30').waitFor();
    expect(await report.getByTestId('import-line').count()).toBe(30);
    await report.getByText("Zoë O'Brien-Smith").waitFor();
    await admin.getByText('30 candidates').waitFor();
    expect(formatFindings(await seriousViolations(admin, 'cohort'))).toBe('');

    // An invite link, for someone without an account: they sign up through it and join.
    await admin.getByRole('button', { name: 'Make invite link' }).click();
    const link = await admin.getByLabel('Invite link', { exact: true }).inputValue();
    expect(link).toMatch(/\/join\/[A-Za-z0-9_-]{43}$/);
    const newcomerContext = await newContext(browser());
    const newcomer = await newPage(newcomerContext);
    await newcomer.goto(link);
    await newcomer.getByRole('heading', { name: `Join ${name}` }).waitFor();
    expect(formatFindings(await seriousViolations(newcomer, 'join a cohort'))).toBe('');
    await newcomer.getByRole('link', { name: 'Create an account' }).click();
    const late = { firstName: 'Ngozi', lastName: 'Adichie', email: `late-${run}@cohorts.test` };
    await newcomer.getByLabel('First name').fill(late.firstName);
    await newcomer.getByLabel('Last name').fill(late.lastName);
    await newcomer.getByLabel('Email').fill(late.email);
    await newcomer.getByLabel('Password', { exact: true }).fill(CANDIDATE_PASSWORD);
    await newcomer.getByLabel('Confirm password').fill(CANDIDATE_PASSWORD);
    await newcomer.getByRole('button', { name: /create account|sign up/i }).click();
    // Back on the link, signed in.
    await newcomer.getByRole('button', { name: `Join ${name}` }).click();
    await newcomer.getByText(`You joined ${name}.`).waitFor();
    expect(newcomer.errors).toEqual([]);
    await newcomerContext.close();
    await admin.reload();
    await admin.getByText('31 candidates').waitFor();
    expect(admin.errors).toEqual([]);
    await adminContext.close();

    // The coach: same e-mail and password, in the portal; their cohort and its people only.
    const coachContext = await newContext(browser());
    const page = await newPage(coachContext);
    await page.goto('/admin/login');
    await signInAdminThroughUi(page, coach.email, CANDIDATE_PASSWORD);
    await page.waitForURL('**/admin/cohorts');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    expect((await nav.getByRole('link').allTextContents()).map((t) => t.trim())).toEqual([
      'Cohorts',
      'Assignments',
      'Candidates',
      'Rubrics',
      'Results',
      'Settings',
    ]);
    expect(await page.getByTestId('cohort-row').allTextContents()).toEqual([
      expect.stringContaining(name),
    ]);
    await page.getByRole('link', { name: 'Candidates' }).click();
    await page.getByText('The candidates of the cohorts you coach.').waitFor();
    await page.getByLabel('Page size').selectOption('50');
    const rows = page.getByTestId('candidate-row');
    await rows.nth(30).waitFor();
    const listed = await rows.allTextContents();
    expect(listed).toHaveLength(31);
    for (const p of [...roster, late]) {
      expect(
        listed.some((r) => r.includes(p.email)),
        p.email,
      ).toBe(true);
    }
    expect(listed.some((r) => r.includes(stranger.email))).toBe(false);
    expect(formatFindings(await seriousViolations(page, 'coach candidates'))).toBe('');

    // A candidate's progress opens as for an administrator; the catalogue does not.
    await page
      .getByTestId('candidate-row')
      .filter({ hasText: roster[0]!.email })
      .getByRole('link', { name: "Zoë O'Brien-Smith" })
      .click();
    await page.getByRole('heading', { name: "Zoë O'Brien-Smith" }).waitFor();
    await page.goto('/admin/categories');
    await page.waitForURL('**/admin/cohorts');
    expect(page.errors).toEqual([]);
    await coachContext.close();
  });
});

import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { availableSets, createAttempt } from '../support/api';
import { useBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import {
  newCandidate,
  signInAdminThroughUi,
  signInThroughUi,
  signUpThroughUi,
} from '../support/flows';

/** Issue 17: a candidate's own "Download my data" and "Delete my account", and an administrator's deletion. */

const browser = useBrowser();

describe('account self-service', () => {
  it('a candidate downloads their data, deletes their account, and cannot sign in again', async () => {
    const context = await newContext(browser(), { colorScheme: 'dark' });
    const page = await newPage(context);
    const candidate = {
      ...newCandidate(uniqueEmail('deleting')),
      firstName: 'Zoë',
      lastName: "O'Brien-Smith",
    };
    await signUpThroughUi(page, candidate);
    const [set] = await availableSets(page);
    const attempt = await createAttempt(page, set!);

    await page.goto('/settings?tab=account');
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^candor-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
      profile: { email: string; firstName: string; lastName: string };
      attempts: { id: string; title: string }[];
    };
    expect(data.profile).toMatchObject({
      email: candidate.email,
      firstName: 'Zoë',
      lastName: "O'Brien-Smith",
    });
    expect(data.attempts.map((a) => a.id)).toEqual([attempt]);
    expect(data.attempts[0]!.title).toBe(set!.title);
    await page.getByText(`Your data was saved as ${download.suggestedFilename()}.`).waitFor();

    // The confirmation by keyboard: open it, the password field has the focus, a wrong password
    // is refused under the field, the right one and Enter delete the account.
    await page.getByRole('button', { name: 'Delete my account' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await page.keyboard.type('not-my-password');
    await page.keyboard.press('Enter');
    await dialog.getByText('Password is incorrect').waitFor();
    await dialog.getByLabel('Password').fill(candidate.password);
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Your account and all of its data have been deleted.').waitFor();

    await signInThroughUi(page, candidate.email, candidate.password);
    await page
      .getByRole('alert')
      .filter({ hasText: /invalid|incorrect/i })
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(page.errors).toEqual([]);
    await context.close();
  });

  it('an administrator deletes a candidate from the candidates page', async () => {
    const candidateContext = await newContext(browser());
    const candidatePage = await newPage(candidateContext);
    const candidate = newCandidate(uniqueEmail('deleted-by-admin'));
    await signUpThroughUi(candidatePage, candidate);

    const context = await newContext(browser());
    const admin = await newPage(context);
    await signInAdminThroughUi(admin, inject('adminEmail'), inject('adminPassword'));
    await admin.waitForURL('**/admin/dashboard');
    await admin.goto('/admin/candidates');
    await admin.getByLabel('Search candidates').fill(candidate.email);
    const row = admin.getByTestId('candidate-row').filter({ hasText: candidate.email });
    await row.waitFor();
    await admin.getByRole('button', { name: `Details for ${candidate.email}` }).click();
    const name = `${candidate.firstName} ${candidate.lastName}`;
    await admin.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = admin.getByRole('alertdialog', { name: `Delete ${name}?` });
    await confirm.waitFor();
    // Cancel keeps them; the second time, the deletion is confirmed.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row.waitFor();
    await admin.getByRole('button', { name: `Delete ${name}` }).click();
    await confirm.getByRole('button', { name: 'Delete candidate' }).click();
    await admin.getByText('Candidate deleted').first().waitFor();
    await admin.getByText('No candidates found').waitFor();

    // The candidate's open session is over.
    await candidatePage.goto('/settings');
    await candidatePage.waitForURL((url) => url.pathname === '/login');
    await signInThroughUi(candidatePage, candidate.email, candidate.password);
    await candidatePage
      .getByRole('alert')
      .filter({ hasText: /invalid|incorrect/i })
      .first()
      .waitFor();
    expect(admin.errors).toEqual([]);
    await context.close();
    await candidateContext.close();
  });
});

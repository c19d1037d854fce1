import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const CANDIDATE_PASSWORD = 'Practice1!';

export interface Candidate {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export function newCandidate(email: string): Candidate {
  return { firstName: 'Grace', lastName: 'Hopper', email, password: CANDIDATE_PASSWORD };
}

/** Signs up through the /signup screen and waits for the signed-in dashboard. */
export async function signUpThroughUi(page: Page, c: Candidate) {
  await page.goto('/signup');
  await page.getByLabel('First name').fill(c.firstName);
  await page.getByLabel('Last name').fill(c.lastName);
  await page.getByLabel('Email').fill(c.email);
  await page
    .getByLabel('Experience level')
    .selectOption?.('mid')
    .catch(() => undefined);
  await page.getByLabel('Password', { exact: true }).fill(c.password);
  await page.getByLabel('Confirm password').fill(c.password);
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

export async function signOutThroughUi(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await page.waitForURL((url) => url.pathname === '/login');
}

export async function signInAdminThroughUi(page: Page, email: string, password: string) {
  if (!page.url().endsWith('/admin/login')) await page.goto('/admin/login');
  await page.getByRole('heading', { name: 'Staff sign-in' }).first().waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in to Admin Portal' }).click();
}

/**
 * After End Interview with spoken answers, "Check your answers" comes before the report (decision
 * 024): waits for it and skips it, as a candidate who trusts the recognition does.
 */
export async function skipAnswerCheck(page: Page) {
  await page.waitForURL(/\/interview\/[0-9a-f-]{36}\/check$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Skip' }).click();
}

/**
 * Ends early (confirming past "not yet complete"), then "Check your answers" (decision 024): the
 * first spoken answer is there with its recording when one was kept (`recorded`), and Continue
 * starts the report. Resolves on the report's URL.
 */
export async function endEarlyThroughCheck(page: Page, recorded: boolean) {
  await page.getByRole('button', { name: 'End Interview' }).click();
  await page.getByText('The interview is not yet complete.', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'End Interview' }).last().click();
  await page.waitForURL(/\/interview\/[0-9a-f-]{36}\/check$/, { timeout: 30_000 });
  await page.getByRole('heading', { name: 'Answer 1' }).waitFor();
  const recording = page.getByLabel('Your recording of answer 1');
  if (recorded) await recording.waitFor();
  else expect(await recording.count()).toBe(0);
  await page.getByRole('button', { name: 'Continue to report' }).click();
  await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/, { timeout: 30_000 });
}

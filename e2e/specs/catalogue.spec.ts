import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signInAdminThroughUi, signUpThroughUi } from '../support/flows';

const browser = useBrowser();

const CATEGORY = 'E2E Robotics';
const SET = 'Robot Arm Control';
const QUESTIONS = [
  'What is inverse kinematics?',
  'How does a PID controller work?',
  'What limits servo precision?',
];

async function questionTexts(page: Page) {
  const rows = page.getByTestId('question-row');
  await rows.first().waitFor();
  return (await rows.allTextContents()).map((t) => QUESTIONS.find((q) => t.includes(q)));
}

async function visibleSetTitles(page: Page) {
  await page.getByRole('heading', { name: /^Showing \d+ interviews in / }).waitFor();
  return page.locator('h3').allTextContents();
}

describe('curating the catalogue and practising from it', () => {
  it('an admin builds a fixed set; a candidate finds it by search, filters, category and on the dashboard', async () => {
    const adminContext = await newContext(browser());
    const admin = await newPage(adminContext);
    await signInAdminThroughUi(admin, inject('adminEmail'), inject('adminPassword'));
    await admin.waitForURL('**/admin/dashboard');

    // A category.
    await admin.goto('/admin/categories');
    await admin.getByRole('button', { name: 'New Category' }).click();
    await admin.getByLabel('Name').fill(CATEGORY);
    await admin.getByLabel('Icon').fill('🤖');
    await admin.getByRole('button', { name: 'Create Category' }).click();
    await admin.getByText('Category created').first().waitFor();

    // A fixed set with three questions.
    await admin.goto('/admin/interviews');
    await admin.getByRole('button', { name: 'New Interview Set' }).click();
    await admin.getByLabel('Category', { exact: true }).selectOption({ label: CATEGORY });
    await admin.getByLabel('Title').fill(SET);
    await admin.getByLabel('Description').fill('Control loops and kinematics for robot arms.');
    await admin.getByLabel('Type', { exact: true }).selectOption('fixed');
    await admin.getByLabel('Difficulty', { exact: true }).selectOption('senior');
    await admin.getByLabel('Duration (minutes)').fill('40');
    for (const topic of ['Kinematics', 'Servo Control']) {
      await admin.getByLabel('Topics', { exact: true }).fill(topic);
      await admin.getByLabel('Topics', { exact: true }).press('Enter');
    }
    for (const q of QUESTIONS) {
      await admin.getByLabel('Question text').fill(q);
      await admin
        .getByLabel('Expected answer (optional)')
        .fill(`A good answer to "${q}" explains the idea and gives an example.`);
      await admin.getByRole('button', { name: 'Add Question' }).click();
    }
    await admin.getByRole('button', { name: 'Create Interview Set' }).click();
    await admin.getByText('Interview set created').first().waitFor();

    // Reorder and delete persist.
    await admin.getByRole('link', { name: `Manage Questions: ${SET}` }).click();
    expect(await questionTexts(admin)).toEqual(QUESTIONS);
    await admin.getByRole('button', { name: 'Move question 1 down' }).click();
    await admin.waitForFunction(() =>
      document.querySelector('[data-testid="question-row"]')?.textContent?.includes('PID'),
    );
    await admin.reload();
    expect(await questionTexts(admin)).toEqual([QUESTIONS[1], QUESTIONS[0], QUESTIONS[2]]);
    await admin.getByRole('button', { name: 'Delete question 3' }).click();
    await admin.getByText('Are you sure you want to delete this question?').waitFor();
    await admin.getByRole('button', { name: 'Delete', exact: true }).click();
    await admin.getByText('Question deleted').first().waitFor();
    await admin.reload();
    expect(await questionTexts(admin)).toEqual([QUESTIONS[1], QUESTIONS[0]]);

    // Show on Home.
    await admin.goto('/admin/interviews');
    await admin.getByRole('button', { name: `Edit ${SET}` }).click();
    await admin.getByText('Hidden from Home').waitFor();
    await admin.getByRole('switch', { name: 'Show on Home' }).click();
    await admin.getByText('Visible on Home').waitFor();
    await admin.getByRole('button', { name: 'Save Changes' }).click();
    await admin.getByText('Interview set updated').first().waitFor();
    const card = admin.getByTestId('set-card').filter({ hasText: SET });
    await card.getByText('Home', { exact: true }).waitFor();

    // The candidate's side.
    const candidateContext = await newContext(browser());
    const candidate = await newPage(candidateContext);
    await signUpThroughUi(candidate, newCandidate(uniqueEmail('practice')));
    await candidate.getByTestId('quick-practice-card').filter({ hasText: SET }).waitFor();

    await candidate.goto('/practice');
    const search = candidate.getByPlaceholder('Search by technology, role, or topic...');
    // Typed key by key with no pause, as a fast typist does: every keystroke must land.
    await search.pressSequentially('kinematics');
    expect(await search.inputValue()).toBe('kinematics');
    expect(await visibleSetTitles(candidate)).toEqual([SET]);
    await search.fill('');

    const byFilter = async (label: string, value: string) => {
      await candidate.getByLabel(label, { exact: true }).selectOption(value);
      const titles = await visibleSetTitles(candidate);
      await candidate.getByLabel(label, { exact: true }).selectOption('all');
      return titles.includes(SET);
    };
    expect(await byFilter('Interview type', 'fixed')).toBe(true);
    expect(await byFilter('Interview type', 'topic-based')).toBe(false);
    expect(await byFilter('Difficulty', 'senior')).toBe(true);
    expect(await byFilter('Difficulty', 'junior')).toBe(false);

    await candidate.getByRole('tab', { name: new RegExp(CATEGORY) }).click();
    await candidate.getByRole('heading', { name: `Showing 1 interviews in ${CATEGORY}` }).waitFor();
    const start = candidate.getByRole('link', { name: `Start Practice: ${SET}` });
    expect(await start.getAttribute('href')).toMatch(
      /^\/interview\/[0-9a-f-]{36}\?category=e2e\+robotics&difficulty=senior&type=fixed$/,
    );

    await candidate.getByLabel('Difficulty', { exact: true }).selectOption('junior');
    await candidate.getByText('No interviews found').waitFor();
    await candidate.getByRole('button', { name: 'Clear All Filters' }).click();
    await candidate.getByRole('heading', { name: /in All Categories$/ }).waitFor();

    // Deactivating the category hides it.
    await admin.goto('/admin/categories');
    await admin.getByRole('switch', { name: `Active: ${CATEGORY}` }).click();
    await admin.getByText('Category deactivated').first().waitFor();
    await candidate.reload();
    const titles = await visibleSetTitles(candidate);
    expect(titles).not.toContain(SET);
    expect(await candidate.getByRole('tab', { name: new RegExp(CATEGORY) }).count()).toBe(0);
    await candidate.goto('/');
    await candidate.getByText('Quick Practice Interview').waitFor();
    expect(
      await candidate.getByTestId('quick-practice-card').filter({ hasText: SET }).count(),
    ).toBe(0);

    expect([...admin.errors, ...candidate.errors]).toEqual([]);
    await adminContext.close();
    await candidateContext.close();
  });
});

import { describe, expect, it } from 'vitest';
import { completeFixedInterview, fixedSet } from '../support/api';
import { useBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signUpThroughUi } from '../support/flows';

/**
 * Practise next as a drill (issue 30, decision 045): after a scored interview, one click on the
 * Dashboard starts a ten-minute drill of the weakest skills, and its pre-start screen says why
 * each question is in it ("Your weakest: JavaScript 23").
 */

const browser = useBrowser();

const WEAK = 'Hmm, it is a thing in JavaScript, I suppose.';
const FAIR =
  'I would explain it with a small example first, then say why it matters in a real project, for instance when a page has to stay responsive while data loads.';

describe('practise next', () => {
  it('starts the drill from the Dashboard with one click, and its pre-start says why each question is in it', async () => {
    const context = await newContext(browser());
    const page = await newPage(context);
    await signUpThroughUi(page, newCandidate(uniqueEmail('drill')));

    // Before any scored answer: what it will do, no button.
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Practise next' });
    await card.getByText('No scored answers yet').waitFor({ timeout: 30_000 });

    await completeFixedInterview(page, await fixedSet(page), [WEAK, FAIR, FAIR, FAIR, FAIR, FAIR]);
    const plan = await (await page.request.get('/api/user/drill')).json();
    expect(plan.skills.length).toBeGreaterThan(0);
    const weakest = plan.skills[0] as { skill: string; score: number };

    await page.goto('/');
    await card.getByText(weakest.skill, { exact: true }).first().waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Start a 10-minute drill' }).click();
    await page.waitForURL(/\/interview\/drill\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const drillId = new URL(page.url()).pathname.split('/').pop()!;

    const why = page.getByRole('region', { name: 'Why these questions' });
    await why.waitFor({ timeout: 30_000 });
    const reasons = await why.getByTestId('drill-reason').allTextContents();
    expect(reasons.length).toBe(plan.questions.length);
    expect(reasons[0]).toContain(`Your weakest: ${weakest.skill} ${weakest.score}`);
    // The weakest question, to try again, in its own words.
    expect(reasons[0]).toContain('Try again: you scored');
    await page.getByRole('button', { name: 'Start Interview' }).waitFor();

    // A drill of the candidate's own, charged like any attempt once answered: none used yet.
    const drill = await (await page.request.get(`/api/interview/${drillId}`)).json();
    expect(drill).toMatchObject({ type: 'fixed', duration: 10 });
    expect(page.errors).toEqual([]);
    await context.close();
  }, 180_000);
});

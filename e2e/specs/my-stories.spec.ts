import { describe, expect, it } from 'vitest';
import { availableSets, completeFixedInterview, startInterview } from '../support/api';
import { useBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signUpThroughUi, skipAnswerCheck } from '../support/flows';
import { SPEECH_STAND_IN } from '../support/speech-stand-in';
import { answerUntilComplete } from '../support/voice';

/**
 * My stories (issue 30): a behavioural answer given by voice is saved as a story from the report,
 * pre-filled and edited, and is suggested on the pre-start screen of the next behavioural set; the
 * report of an answer that tells a saved story names it; My stories edits and deletes it.
 */

const browser = useBrowser();

const STORY =
  'At my last company our releases kept breaking on Fridays. I was responsible for the release process. I wrote a checklist and added a canary step with automatic rollback. As a result, failed releases dropped from four a month to zero within two months.';
const OTHER =
  'In my previous team we disagreed about a deadline. I was asked to find a way through. I set up a short meeting and we split the work into two releases. In the end we shipped on time and the client was happy.';

describe('my stories', () => {
  it('saves a story from a behavioural answer and sees it suggested before the next behavioural set', async () => {
    const context = await newContext(browser(), { permissions: ['microphone'] });
    await context.addInitScript(SPEECH_STAND_IN);
    const page = await newPage(context);
    await signUpThroughUi(page, newCandidate(uniqueEmail('stories')));
    const set = (await availableSets(page)).find(
      (s) => s.title === 'Behavioral Essentials (STAR)',
    )!;
    const id = await startInterview(page, set);
    await answerUntilComplete(page, (turn) => (turn === 1 ? STORY : OTHER));
    await page.getByRole('button', { name: 'End Interview' }).click();
    await skipAnswerCheck(page);
    await page.waitForURL(new RegExp(`/reports/${id}$`), { timeout: 60_000 });
    await page.getByText('Question-by-Question Analysis').waitFor({ timeout: 60_000 });

    const first = page.getByTestId('question-report').filter({ hasText: 'Friday' }).first();
    await first.locator('summary').click();
    await first.getByRole('button', { name: 'Save as a story' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as a story' });
    const title = dialog.getByLabel('Title');
    await title.waitFor();
    expect(await dialog.getByLabel('Result').inputValue()).toContain('failed releases dropped');
    await title.fill('Fixing Friday releases');
    await dialog.getByRole('button', { name: 'Save story' }).click();
    await page.getByText('Saved to My stories.').waitFor();

    const stories = await (await page.request.get('/api/user/stories')).json();
    expect(stories).toHaveLength(1);
    expect(stories[0]).toMatchObject({ title: 'Fixing Friday releases', interviewId: id });

    // The next behavioural set: the story is offered before it starts.
    await page.goto(`/interview/${set.id}`);
    const fit = page.getByRole('region', { name: 'Your stories that fit this interview' });
    await fit.getByText('Fixing Friday releases').waitFor({ timeout: 30_000 });
    expect(page.errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('names the saved story an answer told in the report, then edits and deletes it on My stories', async () => {
    const context = await newContext(browser());
    const page = await newPage(context);
    await signUpThroughUi(page, newCandidate(uniqueEmail('story-used')));
    const origin = new URL(page.url()).origin;
    const saved = await page.request.post('/api/user/stories', {
      data: {
        title: 'Fixing Friday releases',
        situation: 'Our releases kept breaking on Fridays.',
        task: 'I owned the release process.',
        action: 'A release checklist and a canary step with automatic rollback.',
        result: 'Failed releases went from four a month to zero.',
        skills: ['Ownership'],
      },
      headers: { origin },
    });
    expect(saved.ok()).toBe(true);
    const set = (await availableSets(page)).find(
      (s) => s.title === 'Behavioral Essentials (STAR)',
    )!;
    const { id } = await completeFixedInterview(page, set, [STORY, OTHER, OTHER, OTHER, OTHER]);

    await page.goto(`/reports/${id}`);
    await page.getByText('Question-by-Question Analysis').waitFor({ timeout: 60_000 });
    const told = page.getByTestId('question-report').filter({ hasText: 'Friday' }).first();
    await told.locator('summary').click();
    const used = told.getByTestId('story-used');
    await used.getByRole('link', { name: 'Fixing Friday releases' }).waitFor();
    expect(await used.textContent()).toContain('I was responsible for the release process.');

    // My stories: edit the story, then delete it after confirming.
    await page.getByRole('link', { name: 'My stories' }).first().click();
    await page.waitForURL(/\/stories$/);
    const card = page.getByRole('article', { name: 'Fixing Friday releases' });
    await card.getByRole('button', { name: 'Edit Fixing Friday releases' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the story' });
    await dialog.getByLabel('Title').fill('Friday releases, fixed');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    const renamed = page.getByRole('article', { name: 'Friday releases, fixed' });
    await renamed.waitFor();
    await renamed.getByRole('button', { name: 'Delete Friday releases, fixed' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete this story?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('heading', { name: 'No stories yet' }).waitFor();
    expect(await (await page.request.get('/api/user/stories')).json()).toEqual([]);
    expect(page.errors).toEqual([]);
    await context.close();
  }, 180_000);
});

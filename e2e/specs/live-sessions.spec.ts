import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { availableSets, createAttempt, type SetSummary } from '../support/api';
import { useBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signUpThroughUi, type Candidate } from '../support/flows';
import { SPEECH_STAND_IN } from '../support/speech-stand-in';

/**
 * Issue 12, finding 4, as a candidate meets it: the interview's live channel ends with the
 * session. Signed out in another tab, the interview tab shows the sign-in screen (instead of
 * reconnecting forever) and returns to the interview after signing in; a tab whose channel a newer
 * tab of the same interview took over says so.
 */

const browser = useBrowser();

async function candidate(): Promise<{ page: Page & { errors: string[] }; who: Candidate }> {
  const context = await newContext(browser(), { permissions: ['microphone'] });
  await context.addInitScript(SPEECH_STAND_IN);
  const page = await newPage(context);
  const who = newCandidate(uniqueEmail('live-session'));
  await signUpThroughUi(page, who);
  return { page, who };
}

async function fixedSet(page: Page): Promise<SetSummary> {
  return (await availableSets(page)).find((s) => s.type === 'fixed')!;
}

/** The interview is under way in this tab: the interviewer's first line is on screen. */
async function introShown(page: Page) {
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="transcript"] li[data-speaker="AI"]').length >= 1,
    undefined,
    { timeout: 30_000 },
  );
}

describe('the live channel and the session', () => {
  it('signed out in another tab: the interview tab asks to sign in, then resumes', async () => {
    const { page, who } = await candidate();
    const set = await fixedSet(page);
    const id = await createAttempt(page, set);
    const interview = `/interview/${set.id}?attempt=${id}`;
    await page.goto(interview);
    await introShown(page);

    // Another tab of the same browser signs out.
    const other = await newPage(page.context());
    await other.goto('/');
    const out = await other.request.post('/api/auth/sign-out', {
      headers: { origin: new URL(other.url()).origin },
    });
    expect(out.ok()).toBe(true);

    // Without a frame from this tab, the server closes its channel; the tab shows sign-in.
    await page.waitForURL('**/login', { timeout: 20_000 });
    // Signing in on that screen (not a fresh /login) returns to the interview.
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.waitForURL(`**${interview}`);
    await introShown(page);
    expect(page.errors).toEqual([]);
  }, 120_000);

  it('the oldest of too many tabs of one interview says it is open elsewhere', async () => {
    const { page } = await candidate();
    const set = await fixedSet(page);
    const id = await createAttempt(page, set);
    const interview = `/interview/${set.id}?attempt=${id}`;
    await page.goto(interview);
    await introShown(page);
    const tabs = [];
    for (let i = 0; i < 3; i++) {
      const tab = await newPage(page.context());
      await tab.goto(interview);
      await introShown(tab);
      tabs.push(tab);
    }
    await page
      .getByText(
        'This interview is open in another tab or window. Reload this page to continue here.',
      )
      .waitFor({ timeout: 20_000 });
    // The newest tabs carry on.
    for (const tab of tabs) {
      expect(await tab.getByText('open in another tab').count()).toBe(0);
    }
  }, 120_000);
});

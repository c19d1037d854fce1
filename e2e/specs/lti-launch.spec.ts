import type { APIRequestContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLtiPlatform } from '../../apps/server/src/test/lti-platform';
import { fixedSet } from '../support/api';
import { formatFindings, seriousViolations } from '../support/axe';
import { newPage, useBrowser } from '../support/browser';
import { signInAdminThroughUi } from '../support/flows';
import { waitForCount } from '../support/voice';
import { useServer } from '../support/server';

/**
 * LTI 1.3 in a real browser (decision 047): a student follows the course's link on the stand-in
 * platform (another site: 127.0.0.1 against the tool's localhost), the login initiation, the
 * platform's auto-posting form and the launch sign them in on the set's pre-start screen. Once
 * the school has put them in its cohort and assigned the set, the same link opens the assignment;
 * they take it there (the attempt counts for it), and its score arrives at the gradebook.
 */

const browser = useBrowser();
let platform: Awaited<ReturnType<typeof startLtiPlatform>>;
// The platform starts first (the server's settings name it) and stops last.
beforeAll(async () => {
  platform = await startLtiPlatform({
    origin: () => server().baseUrl,
    jwksUrl: () => `${server().baseUrl}/.well-known/jwks.json`,
  });
});
afterAll(async () => platform?.close());
const ADMIN = { email: 'admin@lti.test', password: 'AdminPass1!' };
const server = useServer(() => ({
  LTI_PLATFORMS: JSON.stringify([platform.registration()]),
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
}));

async function post(request: APIRequestContext, url: string, data: unknown) {
  const res = await request.post(url, { headers: { origin: server().baseUrl }, data });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
  return res.json();
}

describe('an LTI launch', () => {
  it('opens the set signed in, then the assignment; its score reaches the gradebook', async () => {
    const context = await browser().newContext({ baseURL: server().baseUrl });
    context.setDefaultTimeout(15_000);
    // Which set the course links to: read by someone else, as the course's author would.
    const probe = await newPage(context);
    const signUp = await probe.request.post('/api/auth/sign-up/email', {
      data: {
        email: `lti-author-${Date.now()}@example.com`,
        password: 'Secret1!x',
        name: 'Ada Lovelace',
        firstName: 'Ada',
        lastName: 'Lovelace',
        experienceLevel: 'mid',
      },
      headers: { origin: server().baseUrl },
    });
    expect(signUp.ok()).toBe(true);
    const set = await fixedSet(probe);
    await context.clearCookies();

    const page = await newPage(context);
    const student = {
      sub: 'canvas-student-7',
      email: 'chloe.dubois@school.example',
      givenName: 'Chloé',
      familyName: 'Dubois',
    };
    const link = { id: 'week-3-mock', setId: set.id, lineItem: '/lineitems/week-3' };
    await page.goto(platform.initiation(student, link));
    // In no cohort yet: the set's own pre-start screen, for practice.
    await page.waitForURL(`**/interview/${set.id}`);
    await page.getByText(set.title).first().waitFor();
    const session = await (await page.request.get('/api/auth/get-session')).json();
    expect(session.user).toMatchObject({
      email: student.email,
      firstName: 'Chloé',
      lastName: 'Dubois',
    });

    // The school adds the student to its cohort by her address and assigns the set.
    const adminContext = await browser().newContext({ baseURL: server().baseUrl });
    const admin = await newPage(adminContext);
    await signInAdminThroughUi(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL('**/admin/dashboard');
    const cohort = await post(admin.request, '/api/admin/cohorts', {
      name: 'Promo Été',
      startsOn: '2026-01-01',
      endsOn: '2099-12-31',
      coachIds: [],
    });
    await post(admin.request, `/api/admin/cohorts/${cohort.id}/members`, {
      format: 'list',
      text: student.email,
    });
    const assignment = await post(admin.request, '/api/admin/assignments', {
      cohortId: cohort.id,
      setIds: [set.id],
      opensAt: new Date(Date.now() - 60_000).toISOString(),
      dueAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      attemptsAllowed: 2,
      recordingsReviewable: false,
    });
    await adminContext.close();

    // The same link again: the assignment's pre-start screen.
    await page.goto(platform.initiation(student, link));
    await page.waitForURL(`**/interview/${set.id}?assignment=${assignment.id}`);
    const banner = page.getByTestId('assignment-before-start');
    await banner.getByText('Assigned to you by Promo Été').waitFor();
    await banner.getByText('2 of 2 attempts left').waitFor();
    expect(formatFindings(await seriousViolations(page, 'assignment pre-start'))).toBe('');
    await page.getByLabel('Type my answers instead of speaking').check();
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.waitForURL(/attempt=/);
    const attemptId = new URL(page.url()).searchParams.get('attempt')!;
    // One answer typed on the live screen, then ended early: the report scores what was said.
    await waitForCount(page, 'AI', 1);
    await page
      .getByLabel('Type your answer')
      .fill(
        'A closure is a function that keeps access to the variables of its outer scope after that scope has returned.',
      );
    await page.getByRole('button', { name: 'Send' }).click();
    await waitForCount(page, 'AI', 2);
    await page.getByRole('button', { name: 'End Interview' }).click();
    await page.getByText('The interview is not yet complete.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'End Interview' }).last().click();
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    await page.getByTestId('overall-score').waitFor({ timeout: 60_000 });
    const report = await (await page.request.get(`/api/report/interview/${attemptId}`)).json();
    const overall = Math.round(report.overallScore);

    // The attempt counted for the assignment.
    const mine = await (await page.request.get('/api/assignments')).json();
    expect(mine.assignments[0]).toMatchObject({ id: assignment.id });
    expect(mine.assignments[0].sets[0]).toMatchObject({ status: 'done', attemptsUsed: 1 });
    // The score loop runs every 15 s; the score arrives within a few of its runs.
    for (let i = 0; i < 120 && platform.gradebook.length === 0; i++)
      await new Promise((r) => setTimeout(r, 500));
    expect(platform.gradebook.map((g) => g.body)).toEqual([
      expect.objectContaining({ userId: student.sub, scoreGiven: overall, scoreMaximum: 100 }),
    ]);
    await context.close();
  }, 180_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLtiPlatform } from '../../apps/server/src/test/lti-platform';
import { completeFixedInterview, fixedSet } from '../support/api';
import { newPage, useBrowser } from '../support/browser';
import { useServer } from '../support/server';

/**
 * LTI 1.3 in a real browser (decision 047): a student follows the course's link on the stand-in
 * platform (another site: 127.0.0.1 against the tool's localhost), the login initiation, the
 * platform's auto-posting form and the launch sign them in on the set's pre-start screen; they
 * take the set, and its score arrives at the platform's gradebook.
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
const server = useServer(() => ({ LTI_PLATFORMS: JSON.stringify([platform.registration()]) }));

describe('an LTI launch', () => {
  it('opens the set signed in, and the score reaches the gradebook', async () => {
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
    await page.goto(
      platform.initiation(student, {
        id: 'week-3-mock',
        setId: set.id,
        lineItem: '/lineitems/week-3',
      }),
    );
    await page.waitForURL(`**/interview/${set.id}`);
    await page.getByText(set.title).first().waitFor();
    const session = await (await page.request.get('/api/auth/get-session')).json();
    expect(session.user).toMatchObject({
      email: student.email,
      firstName: 'Chloé',
      lastName: 'Dubois',
    });

    const { overall } = await completeFixedInterview(page, set, [
      'A closure is a function that keeps access to the variables of its outer scope after that scope has returned.',
      'The event loop runs callbacks from the task queue whenever the call stack is empty.',
      'I would put a cache in front of the database and expire entries on writes.',
    ]);
    // The score loop runs every 15 s; the score arrives within a few of its runs.
    for (let i = 0; i < 120 && platform.gradebook.length === 0; i++)
      await new Promise((r) => setTimeout(r, 500));
    expect(platform.gradebook.map((g) => g.body)).toEqual([
      expect.objectContaining({ userId: student.sub, scoreGiven: overall, scoreMaximum: 100 }),
    ]);
    await context.close();
  }, 180_000);
});

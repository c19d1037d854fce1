import { describe, expect, it } from 'vitest';
import { cookiesFrom, databaseKinds, useStarted, useTestApp } from '../../test/harness';
import { createAttempt, insertSet, waitForReport } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { startLtiPlatform } from '../../test/lti-platform';
import { ORIGIN } from '../../test/users';

/**
 * The whole way, as app.ts wires it: a student launched from the course takes the set, their
 * report settles, and the score loop delivers the best score to the platform's gradebook.
 */
describe.each(databaseKinds())('an LTI launch to the gradebook on %s', (kind) => {
  let toolUrl = '';
  const platform = useStarted(() =>
    startLtiPlatform({ origin: () => ORIGIN, jwksUrl: () => `${toolUrl}/.well-known/jwks.json` }),
  );
  const ctx = useTestApp(
    kind,
    () => ({ LTI_PLATFORMS: JSON.stringify([platform.registration()]) }),
    { listen: true, ltiEveryMs: 20 },
  );

  it('the launched attempt’s report sends its score to the line item', async () => {
    toolUrl = ctx.url;
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      questions: [
        {
          questionText: 'What is a canary release?',
          expectedAnswer: 'A release to a few users first, watched, then to everyone.',
        },
      ],
    });
    const who = { sub: `flow-${kind}`, email: `flow-${kind}@school.example`, givenName: 'Chloé' };
    const link = { id: `flow-link-${kind}`, setId, lineItem: `/lineitems/flow-${kind}` };
    const login = await ctx.app.inject({ method: 'GET', url: platform.initiation(who, link) });
    const page = await (await fetch(login.headers.location as string)).text();
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)![1]!;
    const launch = await ctx.app.inject({
      method: 'POST',
      url: '/lti/launch',
      headers: {
        cookie: cookiesFrom(login.headers['set-cookie']),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        id_token: field('id_token'),
        state: field('state'),
      }).toString(),
    });
    expect(launch.headers.location).toBe(`/interview/${setId}`);
    const cookie = cookiesFrom(launch.headers['set-cookie']);

    const { id } = await createAttempt(ctx.app, cookie, { interviewSetId: setId });
    const live = await LiveClient.connect(ctx.app, id, cookie);
    live.start();
    await live.next('reply.end');
    await live.answer(
      'A canary release goes to a few users first; we watch errors, then roll it out to everyone.',
    );
    live.send({ type: 'end', early: true });
    await live.next('ended');
    live.close();
    const report = await waitForReport(ctx.app, cookie, id);
    expect(report.status).toBe('completed');

    // The loop runs every 20 ms; the score arrives within a few of its runs.
    for (let i = 0; i < 500 && !platform.gradebook.some((g) => g.lineItem === link.lineItem); i++)
      await new Promise((r) => setTimeout(r, 20));
    const posted = platform.gradebook.filter((g) => g.lineItem === link.lineItem);
    expect(posted.map((g) => g.body)).toEqual([
      expect.objectContaining({
        userId: who.sub,
        scoreGiven: report.overallScore,
        scoreMaximum: 100,
      }),
    ]);
  });
});

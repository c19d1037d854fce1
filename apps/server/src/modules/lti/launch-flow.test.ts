import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { interviews } from '../../db/schema';
import { insertAssignment, insertCohort } from '../../test/cohorts';
import { cookiesFrom, databaseKinds, useStarted, useTestApp } from '../../test/harness';
import { insertSet, waitForReport } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { startLtiPlatform } from '../../test/lti-platform';
import { ORIGIN } from '../../test/users';

/**
 * The whole way, as app.ts wires it: a student of a cohort launched from the course lands on the
 * assignment that gives the set, takes it (the attempt counts for the assignment), their report
 * settles, and the score loop delivers the best score to the platform's gradebook.
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

  it('a launch opens the assignment; its attempt counts for it and its score reaches the line item', async () => {
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
    const launch = async () => {
      const login = await ctx.app.inject({ method: 'GET', url: platform.initiation(who, link) });
      const page = await (await fetch(login.headers.location as string)).text();
      const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)![1]!;
      return ctx.app.inject({
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
    };
    // In no cohort yet: the link opens the set, for practice.
    const first = await launch();
    expect(first.headers.location).toBe(`/interview/${setId}`);
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookiesFrom(first.headers['set-cookie']) },
    });
    const userId = session.json().user.id as string;
    // The school adds the student to its cohort, and the coach assigns the set.
    const db = ctx.database.db;
    const cohortId = await insertCohort(db, { name: 'Week 3', memberIds: [userId] });
    const assignmentId = await insertAssignment(db, cohortId, setId);
    const launched = await launch();
    expect(launched.headers.location).toBe(`/interview/${setId}?assignment=${assignmentId}`);
    const cookie = cookiesFrom(launched.headers['set-cookie']);

    // What the assignment's pre-start screen does on Start.
    const started = await ctx.app.inject({
      method: 'POST',
      url: `/api/assignments/${assignmentId}/sets/${setId}/start`,
      headers: { cookie, origin: ORIGIN },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { id } = started.json() as { id: string };
    const [row] = await db.select().from(interviews).where(eq(interviews.id, id));
    expect(row!.assignmentId).toBe(assignmentId);
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
    // The attempt counted for the assignment: done, one of its attempts used.
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/assignments',
      headers: { cookie },
    });
    expect(mine.json().assignments[0].sets[0]).toMatchObject({
      id: setId,
      status: 'done',
      attemptsUsed: 1,
      bestScore: report.overallScore,
    });
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

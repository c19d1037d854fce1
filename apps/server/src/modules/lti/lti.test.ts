import { eq, inArray } from 'drizzle-orm';
import { generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { assignmentSets, assignments, ltiLinks, user } from '../../db/schema';
import { insertCohort } from '../../test/cohorts';
import { cookiesFrom, databaseKinds, useStarted, useTestApp } from '../../test/harness';
import { insertSet } from '../../test/interviews';
import { startLtiPlatform, type LtiPerson } from '../../test/lti-platform';
import { insertAttempt } from '../../test/fixtures';
import { ORIGIN } from '../../test/users';
import { queueBestScores, sendDueScores } from './passback';

/**
 * LTI 1.3 against a local platform that speaks the protocol (test/lti-platform.ts): a launch signs
 * the student in and lands on the set; forged, misaddressed, replayed and expired launches are
 * refused; the best score reaches the platform's gradebook through AGS, retried after failures.
 */
describe.each(databaseKinds())('LTI 1.3 on %s', (kind) => {
  let toolUrl = '';
  const platform = useStarted(() =>
    startLtiPlatform({ origin: () => ORIGIN, jwksUrl: () => `${toolUrl}/.well-known/jwks.json` }),
  );
  const ctx = useTestApp(
    kind,
    () => ({ LTI_PLATFORMS: JSON.stringify([platform.registration()]) }),
    {
      listen: true,
    },
  );
  let n = 0;
  const person = (): LtiPerson => {
    n += 1;
    return {
      sub: `student-${n}-${kind}`,
      email: `lti-${n}-${kind}@school.example`,
      givenName: 'Zoë',
      familyName: 'Ångström',
    };
  };

  /** Login initiation through the form the platform's authorisation endpoint answers. */
  async function begin(who: LtiPerson, link: { id: string; setId?: string; lineItem?: string }) {
    toolUrl = ctx.url;
    const login = await ctx.app.inject({ method: 'GET', url: platform.initiation(who, link) });
    expect(login.statusCode).toBe(302);
    const cookie = cookiesFrom(login.headers['set-cookie']);
    const page = await (await fetch(login.headers.location as string)).text();
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)![1]!;
    return { cookie, idToken: field('id_token'), state: field('state') };
  }
  const post = (form: { idToken: string; state: string }, cookie: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/lti/launch',
      headers: {
        cookie,
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
        origin: platform.url,
      },
      payload: new URLSearchParams({ id_token: form.idToken, state: form.state }).toString(),
    });

  it('a launch signs the student in and lands on the set; a second launch is the same candidate', async () => {
    const setId = await insertSet(ctx.database.db, { type: 'fixed', title: 'LTI set' });
    const who = person();
    const begun = await begin(who, { id: 'link-1', setId });
    const res = await post(begun, begun.cookie);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/interview/${setId}`);
    const session = cookiesFrom(res.headers['set-cookie']);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: session },
    });
    expect(me.json().user).toMatchObject({
      email: who.email,
      firstName: 'Zoë',
      lastName: 'Ångström',
      role: 'candidate',
    });
    const set = await ctx.app.inject({
      method: 'GET',
      url: `/api/interview/sets/${setId}`,
      headers: { cookie: session },
    });
    expect(set.statusCode).toBe(200);
    const again = await begin(who, { id: 'link-1', setId });
    const second = await post(again, again.cookie);
    const me2 = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookiesFrom(second.headers['set-cookie']) },
    });
    expect(me2.json().user.id).toBe(me.json().user.id);
  });

  it('opens the assignment of one of the candidate’s cohorts that gives the set: the one due next', async () => {
    const db = ctx.database.db;
    const setId = await insertSet(db, { type: 'fixed', title: 'LTI assigned' });
    const who = person();
    const link = { id: 'link-assigned', setId };
    const first = await begin(who, link);
    expect((await post(first, first.cookie)).headers.location).toBe(`/interview/${setId}`);
    const [account] = await db.select().from(user).where(eq(user.email, who.email!));
    const hers = await insertCohort(db, { name: 'Hers', memberIds: [account!.id] });
    const alsoHers = await insertCohort(db, { name: 'Also hers', memberIds: [account!.id] });
    const notHers = await insertCohort(db, { name: 'Not hers' });
    const day = 86_400_000;
    const assign = async (cohortId: string, dueInDays: number) => {
      const [row] = await db
        .insert(assignments)
        .values({
          cohortId,
          opensAt: new Date(Date.now() - 10 * day),
          dueAt: new Date(Date.now() + dueInDays * day),
          attemptsAllowed: 1,
        })
        .returning({ id: assignments.id });
      await db
        .insert(assignmentSets)
        .values({ assignmentId: row!.id, interviewSetId: setId, position: 0 });
      return row!.id;
    };
    const pastDue = await assign(hers, -1);
    const next = await assign(alsoHers, 3);
    const later = await assign(hers, 9);
    await assign(notHers, 1);
    const again = await begin(who, link);
    const res = await post(again, again.cookie);
    expect(res.headers.location).toBe(`/interview/${setId}?assignment=${next}`);
    // Only a past-due one left (still in "Assigned to you"): that one.
    await db.delete(assignments).where(inArray(assignments.id, [next, later]));
    const last = await begin(who, link);
    expect((await post(last, last.cookie)).headers.location).toBe(
      `/interview/${setId}?assignment=${pastDue}`,
    );
  });

  it('refuses a forged signature, a wrong audience, an expired token, a replay and a missing state cookie', async () => {
    const setId = await insertSet(ctx.database.db, { type: 'fixed', title: 'LTI refusals' });
    const who = person();
    const link = { id: 'link-2', setId };
    const nonceOf = async () => {
      const b = await begin(who, link);
      const payload = JSON.parse(Buffer.from(b.idToken.split('.')[1]!, 'base64url').toString());
      return { ...b, nonce: payload.nonce as string };
    };
    const other = (await generateKeyPair('RS256')).privateKey;
    const cases = [
      { change: { key: other }, status: 401, code: 'LTI_SIGNATURE' },
      { change: { aud: 'someone-else' }, status: 401, code: 'LTI_CLAIM' },
      { change: { expiresIn: -120 }, status: 401, code: 'LTI_EXPIRED' },
      {
        change: { claims: { 'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'other' } },
        status: 403,
        code: 'LTI_DEPLOYMENT',
      },
    ];
    for (const c of cases) {
      const b = await nonceOf();
      const res = await post(
        { state: b.state, idToken: await platform.idToken(who, link, b.nonce, c.change) },
        b.cookie,
      );
      expect([res.statusCode, res.headers['x-lti-refusal']], JSON.stringify(c.change)).toEqual([
        c.status,
        c.code,
      ]);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const good = await begin(who, link);
    expect((await post(good, good.cookie)).statusCode).toBe(303);
    const replay = await post(good, good.cookie);
    expect([replay.statusCode, replay.headers['x-lti-refusal']]).toEqual([403, 'LTI_REPLAYED']);
    // A token whose nonce another login sent.
    const first = await nonceOf();
    const second = await begin(who, link);
    const swapped = await post(
      { state: second.state, idToken: await platform.idToken(who, link, first.nonce) },
      second.cookie,
    );
    expect(swapped.headers['x-lti-refusal']).toBe('LTI_NONCE');
    const fresh = await begin(who, link);
    const noCookie = await post(fresh, '');
    expect([noCookie.statusCode, noCookie.headers['x-lti-refusal']]).toEqual([403, 'LTI_STATE']);
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: `/lti/login?iss=${encodeURIComponent(platform.issuer)}&login_hint=x&target_link_uri=${encodeURIComponent('https://evil.example/x')}`,
    });
    expect(elsewhere.statusCode).toBe(400);
  });

  it("publishes the tool's key; the best score reaches the gradebook once per change, retried after failures", async () => {
    const jwks = await ctx.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(jwks.json().keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.json().keys[0].d).toBeUndefined();
    const db = ctx.database.db;
    const setId = await insertSet(db, { type: 'fixed', title: 'LTI graded' });
    const who = person();
    const begun = await begin(who, { id: 'link-3', setId, lineItem: '/lineitems/li-3' });
    expect((await post(begun, begun.cookie)).statusCode).toBe(303);
    const [account] = await db.select().from(user).where(eq(user.email, who.email!));
    const deps = {
      db,
      platforms: [platform.registration()],
      toolKey: undefined!,
      tokens: new Map(),
      now: () => new Date(),
    };
    const app = await import('./keys');
    const withKey = { ...deps, toolKey: () => app.loadToolKey(db, undefined) };
    const attempt = await insertAttempt(db, account!.id, 'completed', {
      interviewSetId: setId,
      score: 72,
    });
    expect(
      await queueBestScores(db, { interviewId: attempt, userId: account!.id }, new Date()),
    ).toBe(1);
    // The same best score again queues nothing.
    expect(
      await queueBestScores(db, { interviewId: attempt, userId: account!.id }, new Date()),
    ).toBe(0);
    platform.state.failScores = 1;
    expect(await sendDueScores(withKey)).toEqual({ sent: 0, failed: 1 });
    const [waiting] = await db.select().from(ltiLinks).where(eq(ltiLinks.userId, account!.id));
    expect(waiting).toMatchObject({ sendStatus: 'pending', sendTries: 1 });
    expect(await sendDueScores(withKey)).toEqual({ sent: 0, failed: 0 }); // not due yet
    const later = { ...withKey, now: () => new Date(Date.now() + 60_000) };
    expect(await sendDueScores(later)).toEqual({ sent: 1, failed: 0 });
    expect(
      platform.gradebook.filter((g) => g.lineItem === '/lineitems/li-3').map((g) => g.body),
    ).toEqual([
      expect.objectContaining({
        userId: who.sub,
        scoreGiven: 72,
        scoreMaximum: 100,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
      }),
    ]);
    // A better attempt: its score goes too; a worse one changes nothing.
    const better = await insertAttempt(db, account!.id, 'completed', {
      interviewSetId: setId,
      score: 85,
    });
    expect(
      await queueBestScores(db, { interviewId: better, userId: account!.id }, new Date()),
    ).toBe(1);
    const worse = await insertAttempt(db, account!.id, 'completed', {
      interviewSetId: setId,
      score: 40,
    });
    expect(await queueBestScores(db, { interviewId: worse, userId: account!.id }, new Date())).toBe(
      0,
    );
    expect(await sendDueScores(later)).toEqual({ sent: 1, failed: 0 });
    expect(
      platform.gradebook
        .filter((g) => g.lineItem === '/lineitems/li-3')
        .map((g) => g.body.scoreGiven),
    ).toEqual([72, 85]);
    // A score that cannot be sent for a day is given up.
    const worst = await insertAttempt(db, account!.id, 'completed', {
      interviewSetId: setId,
      score: 95,
    });
    await queueBestScores(db, { interviewId: worst, userId: account!.id }, new Date());
    platform.state.failScores = 1;
    const dayLater = { ...withKey, now: () => new Date(Date.now() + 25 * 3_600_000) };
    expect(await sendDueScores(dayLater)).toEqual({ sent: 0, failed: 1 });
    const [expired] = await db.select().from(ltiLinks).where(eq(ltiLinks.userId, account!.id));
    expect(expired!.sendStatus).toBe('expired');
    platform.state.failScores = 0;
  });
});

import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cohortInvites, cohortMembers, cohorts } from '../../db/schema';
import { testClock } from '../../test/clock';
import { insertCohort } from '../../test/cohorts';
import { joinByDomain } from './domain';
import { cookiesFrom, databaseKinds, useTestApp } from '../../test/harness';
import {
  TEST_PASSWORD,
  requestAs,
  signIn,
  signInAdmin,
  signUpCandidate,
  type SignedIn,
} from '../../test/users';

/** Issue 31: invite links (expiring, with seats, reusable until full) and joining by e-mail domain. */
describe.each(databaseKinds())('joining a cohort on %s', (kind) => {
  const clock = testClock();
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' }, { now: clock.now });
  let admin: SignedIn;
  beforeAll(async () => {
    admin = await signInAdmin(ctx.app);
  });

  const send = (method: string, url: string, who: SignedIn | null, payload?: unknown) =>
    requestAs(ctx.app, method, url, who, payload);
  const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
  async function newInvite(seats: number, days = 7) {
    const cohort = await insertCohort(ctx.database.db, { name: 'Évening cohort' });
    const res = await send('POST', `/api/admin/cohorts/${cohort}/invites`, admin, { seats, days });
    expect(res.statusCode, res.body).toBe(201);
    return { cohort, invite: res.json(), token: tokenOf(res.json().url) };
  }
  const members = (cohort: string) =>
    ctx.database.db.select().from(cohortMembers).where(eq(cohortMembers.cohortId, cohort));

  it('makes an unguessable link shown once: only its hash is kept', async () => {
    const { cohort, invite, token } = await newInvite(3);
    expect(invite.url).toBe(`http://localhost:3000/join/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invite).toMatchObject({ seats: 3, seatsTaken: 0, state: 'open' });
    const [row] = await ctx.database.db
      .select()
      .from(cohortInvites)
      .where(eq(cohortInvites.cohortId, cohort));
    expect(row!.tokenHash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = (await send('GET', `/api/admin/cohorts/${cohort}/invites`, admin)).json();
    expect(listed.invites).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(token);
    // Anyone holding the link reads what it opens.
    const preview = await send('GET', `/api/cohort-invites/${token}`, null);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ cohort: { name: 'Évening cohort' } });
  });

  it('is reused until its seats are taken; following it again takes no seat', async () => {
    const { cohort, token } = await newInvite(2);
    const [zoe, ada, late] = [
      await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien-Smith" }),
      await signUpCandidate(ctx.app),
      await signUpCandidate(ctx.app),
    ];
    const join = (who: SignedIn) => send('POST', `/api/cohort-invites/${token}/join`, who, {});
    expect((await join(zoe!)).json()).toMatchObject({ joined: true, cohort: { id: cohort } });
    expect((await join(zoe!)).json()).toMatchObject({ joined: false });
    expect((await join(ada!)).json()).toMatchObject({ joined: true });
    const full = await join(late!);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('INVITE_FULL');
    // Already in: still answered, even with every seat taken.
    expect((await join(ada!)).json()).toMatchObject({ joined: false });
    expect((await send('GET', `/api/cohort-invites/${token}`, null)).json().code).toBe(
      'INVITE_FULL',
    );
    expect((await members(cohort)).map((m) => m.userId).sort()).toEqual(
      [zoe!.userId, ada!.userId].sort(),
    );
    const listed = (await send('GET', `/api/admin/cohorts/${cohort}/invites`, admin)).json();
    expect(listed.invites[0]).toMatchObject({ seatsTaken: 2, state: 'full' });
  });

  it('gives its last seat to one of two candidates joining at once', async () => {
    const { cohort, token } = await newInvite(1);
    const a = await signUpCandidate(ctx.app);
    const b = await signUpCandidate(ctx.app);
    const answers = await Promise.all(
      [a, b].map((who) => send('POST', `/api/cohort-invites/${token}/join`, who, {})),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await members(cohort)).toHaveLength(1);
    const [row] = await ctx.database.db
      .select()
      .from(cohortInvites)
      .where(eq(cohortInvites.cohortId, cohort));
    expect(row!.seatsTaken).toBe(1);
  });

  it('expires: nobody joins through it after its days, and the page says so', async () => {
    const { cohort, token } = await newInvite(10, 2);
    const candidate = await signUpCandidate(ctx.app);
    clock.advance(2 * 86_400_000 + 1000);
    const preview = await send('GET', `/api/cohort-invites/${token}`, null);
    expect(preview.statusCode).toBe(410);
    expect(preview.json().code).toBe('INVITE_EXPIRED');
    const join = await send('POST', `/api/cohort-invites/${token}/join`, candidate, {});
    expect(join.statusCode).toBe(410);
    expect(await members(cohort)).toEqual([]);
    const listed = (await send('GET', `/api/admin/cohorts/${cohort}/invites`, admin)).json();
    expect(listed.invites[0].state).toBe('expired');
  });

  it('stops opening the cohort once withdrawn; those who joined stay', async () => {
    const { cohort, invite, token } = await newInvite(10);
    const first = await signUpCandidate(ctx.app);
    await send('POST', `/api/cohort-invites/${token}/join`, first, {});
    const url = `/api/admin/cohorts/${cohort}/invites/${invite.id}`;
    expect((await send('DELETE', url, admin)).statusCode).toBe(204);
    expect((await send('DELETE', url, admin)).statusCode).toBe(404);
    const second = await signUpCandidate(ctx.app);
    const join = await send('POST', `/api/cohort-invites/${token}/join`, second, {});
    expect(join.statusCode).toBe(410);
    expect((await members(cohort)).map((m) => m.userId)).toEqual([first.userId]);
  });

  it('opens nothing with a made-up or malformed code; staff do not join through links', async () => {
    const candidate = await signUpCandidate(ctx.app);
    const unknown = await send('POST', `/api/cohort-invites/${'A'.repeat(43)}/join`, candidate, {});
    expect(unknown.statusCode).toBe(404);
    const malformed = await send('GET', '/api/cohort-invites/short', null);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('token');
    expect(
      (await send('POST', `/api/cohort-invites/${'A'.repeat(43)}/join`, null, {})).statusCode,
    ).toBe(401);
    // An administrator's own candidate-app session is not a candidate's.
    const { token } = await newInvite(5);
    const practising = await signIn(ctx.app, admin.email, TEST_PASSWORD, 'candidate');
    const asCandidate = { cookie: cookiesFrom(practising.headers['set-cookie']) } as SignedIn;
    expect(
      (await send('POST', `/api/cohort-invites/${token}/join`, asCandidate, {})).statusCode,
    ).toBe(403);
    const bad = await send('POST', `/api/admin/cohorts/${crypto.randomUUID()}/invites`, admin, {
      seats: 0,
      days: 400,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      seats: expect.any(String),
      days: expect.any(String),
    });
  });

  it('joins new accounts with a verified address at a cohort e-mail domain (exactly it, cohorts not ended), recorded as their own', async () => {
    const domain = `school-${crypto.randomUUID().slice(0, 8)}.edu`;
    const open = await insertCohort(ctx.database.db, { name: 'Open', emailDomain: domain });
    const ended = await insertCohort(ctx.database.db, { name: 'Ended', emailDomain: domain });
    await ctx.database.db
      .update(cohorts)
      .set({ startsOn: '2020-01-01', endsOn: '2020-06-30' })
      .where(eq(cohorts.id, ended));
    // An e-mail sign-up is not verified: typing an address at the school's domain joins nothing.
    const typed = await signUpCandidate(ctx.app, { email: `eve@${domain}` });
    expect(await members(open)).toEqual([]);
    const zoe = await signUpCandidate(ctx.app, {
      firstName: 'Zoë',
      lastName: "O'Brien-Smith",
      email: `zoe@${domain.toUpperCase()}`,
    });
    const sub = await signUpCandidate(ctx.app, { email: `ada@students.${domain}` });
    // As a provider that vouches for the address (Google, GitHub, single sign-on) makes them:
    // oidc.test.ts signs up through a real one.
    const today = clock.now().toISOString().slice(0, 10);
    for (const who of [zoe, sub])
      await joinByDomain(
        ctx.database.db,
        { id: who.userId, email: who.email, emailVerified: true },
        today,
      );
    expect(
      await joinByDomain(
        ctx.database.db,
        { id: typed.userId, email: typed.email, emailVerified: false },
        today,
      ),
    ).toBe(0);
    expect((await members(open)).map((m) => [m.userId, m.joinedVia])).toEqual([
      [zoe.userId, 'domain'],
    ]);
    expect(await members(ended)).toEqual([]);
    expect(
      (
        await ctx.database.db
          .select()
          .from(cohortMembers)
          .where(eq(cohortMembers.userId, sub.userId))
      ).length,
    ).toBe(0);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.candidateId, zoe.userId));
    expect(entry).toMatchObject({
      action: 'cohort_member_added',
      actorId: zoe.userId,
      actorEmail: '',
      actorName: 'The candidate',
      details: { via: 'domain' },
    });
  });
});

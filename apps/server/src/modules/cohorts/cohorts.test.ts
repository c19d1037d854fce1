import { COHORT_LIMITS, type MemberImportResult } from '@candor/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cohortCoaches, cohortMembers, cohorts, user } from '../../db/schema';
import { ROSTER } from '../../test/accented-names';
import { signInCoach } from '../../test/cohorts';
import { databaseKinds, useTestApp } from '../../test/harness';
import { requestAs, signInAdmin, signUpCandidate, type SignedIn } from '../../test/users';

/** Issue 31: an administrator's cohorts, their coaches, and candidates added by list and CSV. */
describe.each(databaseKinds())('cohorts on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });
  let admin: SignedIn;
  let coach: SignedIn;
  let roster: SignedIn[];
  beforeAll(async () => {
    admin = await signInAdmin(ctx.app);
    coach = await signInCoach(ctx.app, ctx.database.db);
    roster = [];
    for (const person of ROSTER) {
      roster.push(
        await signUpCandidate(ctx.app, {
          ...person,
          email: `${person.firstName
            .normalize('NFD')
            .replace(/[^A-Za-z]/g, '')
            .toLowerCase()}.${crypto.randomUUID().slice(0, 6)}@school.edu`,
        }),
      );
    }
  }, 60_000);

  const send = (method: string, url: string, payload?: unknown, who: SignedIn = admin) =>
    requestAs(ctx.app, method, url, who, payload);
  const newCohort = async (fields: Record<string, unknown> = {}) => {
    const res = await send('POST', '/api/admin/cohorts', {
      name: 'Spring bootcamp',
      startsOn: '2031-03-01',
      endsOn: '2031-06-30',
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; name: string };
  };

  it('creates a cohort with its dates, e-mail domain and coaches; refuses what is wrong, naming the field', async () => {
    const res = await send('POST', '/api/admin/cohorts', {
      name: '  Cohorte d’été – Zoë’s group  ',
      startsOn: '2031-07-01',
      endsOn: '2031-08-31',
      emailDomain: '@School.EDU',
      coachIds: [coach.userId],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Cohorte d’été – Zoë’s group',
      startsOn: '2031-07-01',
      endsOn: '2031-08-31',
      emailDomain: 'school.edu',
      coaches: [{ id: coach.userId, name: 'Grace Hopper', email: coach.email }],
      memberCount: 0,
    });
    const before = await ctx.database.db.select().from(cohorts);
    for (const [body, field] of [
      [{ name: 'A', startsOn: '2031-01-01', endsOn: '2031-02-01' }, 'name'],
      [{ name: 'Ok name', startsOn: '2031-02-30', endsOn: '2031-03-01' }, 'startsOn'],
      [{ name: 'Ok name', startsOn: '2031-03-01', endsOn: '2031-02-01' }, 'endsOn'],
      [{ name: 'Ok name', startsOn: '2031-03-01', endsOn: '31/12/2031' }, 'endsOn'],
      [{ name: 'Ok\u0000name', startsOn: '2031-03-01', endsOn: '2031-04-01' }, 'name'],
      [
        { name: 'Ok name', startsOn: '2031-03-01', endsOn: '2031-04-01', emailDomain: 'school' },
        'emailDomain',
      ],
      [
        {
          name: 'Ok name',
          startsOn: '2031-03-01',
          endsOn: '2031-04-01',
          coachIds: [roster[0]!.userId],
        },
        'coachIds',
      ],
    ] as const) {
      const refused = await send('POST', '/api/admin/cohorts', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message, JSON.stringify(body)).toContain(field);
    }
    expect(await ctx.database.db.select().from(cohorts)).toHaveLength(before.length);
  });

  it('edits a cohort, checks new dates against the stored ones, and replaces its coaches', async () => {
    const cohort = await newCohort({ coachIds: [coach.userId] });
    const other = await signInCoach(ctx.app, ctx.database.db, {
      firstName: 'Ada',
      lastName: 'Coach',
    });
    const res = await send('PUT', `/api/admin/cohorts/${cohort.id}`, {
      name: 'Summer bootcamp',
      coachIds: [other.userId],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Summer bootcamp', coaches: [{ id: other.userId }] });
    const late = await send('PUT', `/api/admin/cohorts/${cohort.id}`, { startsOn: '2031-07-01' });
    expect(late.statusCode).toBe(400);
    expect(late.json().fields).toEqual({ startsOn: 'must not be after endsOn' });
    expect((await send('GET', `/api/admin/cohorts/${cohort.id}`)).json().startsOn).toBe(
      '2031-03-01',
    );
    expect(
      (await send('PUT', `/api/admin/cohorts/${crypto.randomUUID()}`, { name: 'Nope' })).statusCode,
    ).toBe(404);
  });

  it('imports a CSV of 30 names with accents, reporting every line; again, each is already in', async () => {
    const cohort = await newCohort();
    const coachRow = coach;
    const lines = [
      'First name;Last name;E-mail',
      ...ROSTER.map((p, i) => `${p.firstName};"${p.lastName}";${roster[i]!.email.toUpperCase()}`),
      `Zoë;O'Brien-Smith;${roster[0]!.email}`,
      'Nobody;Known;nobody.known@school.edu',
      '=HYPERLINK("http://evil");Formula;=1+1',
      `Grace;Hopper;${coachRow.email}`,
      `Admin;Person;${admin.email}`,
    ];
    const res = await send('POST', `/api/admin/cohorts/${cohort.id}/members`, {
      format: 'csv',
      text: `\uFEFF${lines.join('\r\n')}\r\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as MemberImportResult;
    expect(result.added).toBe(30);
    expect(result.counts).toEqual({
      added: 30,
      already_member: 0,
      duplicate: 1,
      unknown: 1,
      invalid: 1,
      not_candidate: 2,
    });
    expect(result.lines[0]).toEqual({
      line: 2,
      email: roster[0]!.email,
      name: "Zoë O'Brien-Smith",
      outcome: 'added',
    });
    expect(result.lines.slice(30)).toEqual([
      { line: 32, email: roster[0]!.email, name: "Zoë O'Brien-Smith", outcome: 'duplicate' },
      { line: 33, email: 'nobody.known@school.edu', name: 'Nobody Known', outcome: 'unknown' },
      { line: 34, email: null, name: '=HYPERLINK("http://evil") Formula', outcome: 'invalid' },
      { line: 35, email: coachRow.email, name: 'Grace Hopper', outcome: 'not_candidate' },
      { line: 36, email: admin.email, name: 'Admin Person', outcome: 'not_candidate' },
    ]);
    // The cohort's candidates, as the list shows them, with their accents.
    const list = (await send('GET', `/api/admin/candidates?limit=50&cohortId=${cohort.id}`)).json();
    expect(list.pagination.totalCount).toBe(30);
    expect(list.data.map((c: { firstName: string }) => c.firstName).sort()).toEqual(
      ROSTER.map((p) => p.firstName).sort(),
    );
    expect((await send('GET', `/api/admin/cohorts/${cohort.id}`)).json().memberCount).toBe(30);

    const again = (
      await send('POST', `/api/admin/cohorts/${cohort.id}/members`, {
        format: 'list',
        text: roster.map((r) => r.email).join('\n'),
      })
    ).json() as MemberImportResult;
    expect(again.added).toBe(0);
    expect(again.counts.already_member).toBe(30);
  });

  it('adds a candidate to several cohorts; two imports at once add each person once', async () => {
    const first = await newCohort({ name: 'First' });
    const second = await newCohort({ name: 'Second' });
    const text = roster
      .slice(0, 5)
      .map((r) => r.email)
      .join(', ');
    const [a, b] = await Promise.all([
      send('POST', `/api/admin/cohorts/${first.id}/members`, { format: 'list', text }),
      send('POST', `/api/admin/cohorts/${first.id}/members`, { format: 'list', text }),
    ]);
    expect(a!.json().added + b!.json().added).toBe(5);
    const again = await send('POST', `/api/admin/cohorts/${second.id}/members`, {
      format: 'list',
      text,
    });
    expect(again.json().added).toBe(5);
    const rows = await ctx.database.db
      .select()
      .from(cohortMembers)
      .where(eq(cohortMembers.userId, roster[0]!.userId));
    expect(rows.map((r) => r.cohortId)).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  it('refuses an import too large, naming the field, and adds nobody', async () => {
    const cohort = await newCohort();
    const big = await send('POST', `/api/admin/cohorts/${cohort.id}/members`, {
      format: 'list',
      text: `${roster[0]!.email}\n${'x'.repeat(COHORT_LIMITS.importMaxChars)}`,
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toContain('text');
    const many = await send('POST', `/api/admin/cohorts/${cohort.id}/members`, {
      format: 'list',
      text: [roster[0]!.email, ...Array.from({ length: 2_000 }, (_, i) => `p${i}@x.org`)].join(
        '\n',
      ),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().fields).toHaveProperty('text');
    const format = await send('POST', `/api/admin/cohorts/${cohort.id}/members`, {
      format: 'xlsx',
      text: 'a@b.org',
    });
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toContain('format');
    expect(
      await ctx.database.db
        .select()
        .from(cohortMembers)
        .where(eq(cohortMembers.cohortId, cohort.id)),
    ).toEqual([]);
    expect(
      (
        await send('POST', `/api/admin/cohorts/${crypto.randomUUID()}/members`, {
          format: 'list',
          text: roster[0]!.email,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('removes a member, once; deleting the cohort keeps its candidates', async () => {
    const cohort = await newCohort({ coachIds: [coach.userId] });
    await send('POST', `/api/admin/cohorts/${cohort.id}/members`, {
      format: 'list',
      text: `${roster[1]!.email}\n${roster[2]!.email}`,
    });
    const url = `/api/admin/cohorts/${cohort.id}/members/${roster[1]!.userId}`;
    expect((await send('DELETE', url)).statusCode).toBe(204);
    expect((await send('DELETE', url)).statusCode).toBe(404);
    expect((await send('GET', `/api/admin/cohorts/${cohort.id}`)).json().memberCount).toBe(1);
    expect((await send('DELETE', `/api/admin/cohorts/${cohort.id}`)).statusCode).toBe(204);
    expect((await send('GET', `/api/admin/cohorts/${cohort.id}`)).statusCode).toBe(404);
    const db = ctx.database.db;
    expect(
      await db.select().from(cohortMembers).where(eq(cohortMembers.cohortId, cohort.id)),
    ).toEqual([]);
    expect(
      await db.select().from(cohortCoaches).where(eq(cohortCoaches.cohortId, cohort.id)),
    ).toEqual([]);
    expect(await db.select().from(user).where(eq(user.id, roster[2]!.userId))).toHaveLength(1);
  });

  it('makes a candidate a coach and a coach a candidate again; an administrator stays one', async () => {
    const person = await signUpCandidate(ctx.app, { firstName: 'Kurt', lastName: 'Gödel' });
    const made = await send('PUT', `/api/admin/coaches/${person.userId}`);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toEqual({ id: person.userId, name: 'Kurt Gödel', email: person.email });
    // Twice is the same.
    expect((await send('PUT', `/api/admin/coaches/${person.userId}`)).statusCode).toBe(200);
    const coaches = (await send('GET', '/api/admin/coaches')).json().coaches;
    expect(coaches).toContainEqual({
      id: person.userId,
      name: 'Kurt Gödel',
      email: person.email,
      cohorts: 0,
    });
    const cohort = await newCohort({ coachIds: [person.userId] });
    expect((await send('PUT', `/api/admin/coaches/${admin.userId}`)).statusCode).toBe(409);
    expect((await send('PUT', `/api/admin/coaches/${crypto.randomUUID()}`)).statusCode).toBe(404);

    expect((await send('DELETE', `/api/admin/coaches/${person.userId}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/admin/coaches/${person.userId}`)).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, person.userId));
    expect(row!.role).toBe('candidate');
    expect((await send('GET', `/api/admin/cohorts/${cohort.id}`)).json().coaches).toEqual([]);
  });
});

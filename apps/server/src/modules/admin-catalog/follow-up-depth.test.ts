import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews } from '../../db/schema';
import { createTestApp, databaseKinds, type TestContext } from '../../test/harness';
import { LiveClient } from '../../test/live-client';
import { signInAdmin, signUpCandidate, type SignedIn } from '../../test/users';

/**
 * Follow-ups per question, per interview set (issue 15): the admin sets 0, 1 or 2 (1 when not
 * said), it is exported and imported with the set, an attempt keeps its own copy, and a fixed set
 * with follow-ups probes a thin answer about what it left out, once, before moving on.
 */
describe.each(databaseKinds())('follow-up depth of a set on %s', (kind) => {
  let ctx: TestContext;
  let admin: SignedIn;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await signInAdmin(ctx.app);
  });
  afterAll(async () => ctx?.close());

  const call = (method: string, url: string, who: SignedIn, payload?: unknown) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie: who.cookie, origin: 'http://localhost:3000' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const QUESTION = {
    questionText: 'How does PostgreSQL reclaim the space of deleted rows?',
    expectedAnswer:
      'Deleted rows stay as dead tuples until vacuuming reclaims them. Autovacuum runs in the background based on thresholds.',
  };

  it('is 1 unless said, 0–2 when said, refused otherwise, and travels with export and import', async () => {
    const category = (await call('POST', '/api/admin/categories', admin, { name: 'Depth' })).json();
    const base = { categoryId: category.id, title: 'Depth', type: 'fixed', questions: [QUESTION] };
    const plain = await call('POST', '/api/admin/interview-sets', admin, base);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().followUpDepth).toBe(1);
    for (const bad of [3, -1, 1.5, '2']) {
      const res = await call('POST', '/api/admin/interview-sets', admin, {
        ...base,
        followUpDepth: bad,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('followUpDepth');
    }
    const updated = await call('PUT', `/api/admin/interview-sets/${plain.json().id}`, admin, {
      followUpDepth: 2,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().followUpDepth).toBe(2);
    const exported = await call('GET', `/api/admin/categories/${category.id}/export`, admin);
    expect(exported.statusCode, exported.body).toBe(200);
    const doc = exported.json();
    expect(doc.sets[0].followUpDepth).toBe(2);
    doc.category.name = 'Depth copy';
    const imported = await call('POST', '/api/admin/categories/import', admin, doc);
    expect(imported.statusCode, imported.body).toBe(201);
    const sets = (await call('GET', '/api/admin/interview-sets?limit=100', admin)).json();
    const list = (sets.data ?? sets.sets ?? sets) as {
      title: string;
      categoryName: string;
      followUpDepth: number;
    }[];
    expect(
      list
        .filter((s) => s.title === 'Depth')
        .map((s) => s.followUpDepth)
        .sort(),
    ).toEqual([2, 2]);
  });

  it('a fixed set with follow-ups probes a thin answer about what it left out, once', async () => {
    const category = (
      await call('POST', '/api/admin/categories', admin, { name: 'Depth live' })
    ).json();
    const set = (
      await call('POST', '/api/admin/interview-sets', admin, {
        categoryId: category.id,
        title: 'Vacuum',
        type: 'fixed',
        followUpDepth: 1,
        questions: [QUESTION, { questionText: 'What is an index?', expectedAnswer: null }],
      })
    ).json();
    const candidate = await signUpCandidate(ctx.app);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/interview',
      headers: { cookie: candidate.cookie, origin: 'http://localhost:3000' },
      payload: { interviewSetId: set.id },
    });
    const { id } = created.json();
    const [row] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, id));
    expect(row!.followUpDepth).toBe(1);
    const live = await LiveClient.connect(ctx.app, id, candidate.cookie);
    live.start();
    await live.next('reply.end');
    const thin = await live.answer('Okay, so it deletes them later, I think.');
    expect(thin.reply.meta?.kind).toBe('follow-up');
    // The probe names what was left out without saying the point.
    expect(thin.reply.message).toMatch(/what about (vacuuming|autovacuum|thresholds|background)\?/);
    const still = await live.answer('Hmm, I am not sure.');
    expect(still.reply.meta?.kind).toBe('question');
    expect(still.reply.message).toContain('What is an index?');
    live.close();
  });
});

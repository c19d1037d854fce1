import { describe, expect, it } from 'vitest';
import { categories, interviews, interviewSets, reports } from '../../db/schema';
import { useTestApp, databaseKinds } from '../../test/harness';
import { signUpCandidate } from '../../test/users';

describe.each(databaseKinds())('score comparison on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });

  it('compares an attempt with the previous completed attempt of the same set, owner only', async () => {
    const c = await signUpCandidate(ctx.app);
    const db = ctx.database.db;
    const [cat] = await db.insert(categories).values({ name: 'Cmp' }).returning();
    const [set] = await db
      .insert(interviewSets)
      .values({ categoryId: cat!.id, title: 'Set' })
      .returning();
    const attempt = async (overall: number, minutesAgo: number) => {
      const [row] = await db
        .insert(interviews)
        .values({
          userId: c.userId,
          interviewSetId: set!.id,
          roomId: 'r',
          title: 'Set',
          categoryName: 'Cmp',
          difficulty: 'mid',
          type: 'fixed',
          duration: 30,
          status: 'completed',
          completedAt: new Date(Date.now() - minutesAgo * 60_000),
          answeredAt: new Date(Date.now() - minutesAgo * 60_000),
        })
        .returning();
      await db.insert(reports).values({
        interviewId: row!.id,
        userId: c.userId,
        status: 'completed',
        overallScore: overall,
        communicationScore: overall + 1,
        problemSolvingScore: overall - 1,
        confidenceScore: overall,
      });
      return row!.id;
    };
    const first = await attempt(50, 30);
    const second = await attempt(72, 5);
    const get = (id: string, cookie: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/interview/${id}/comparison`,
        headers: { cookie },
      });

    const raw = await get(second, c.cookie);
    expect(raw.statusCode, raw.body).toBe(200);
    const res = raw.json();
    expect(res.current).toMatchObject({ interviewId: second, overall: 72 });
    expect(res.previous).toMatchObject({ interviewId: first, overall: 50, communication: 51 });
    expect((await get(first, c.cookie)).json().previous).toBeNull();

    const other = await signUpCandidate(ctx.app);
    expect((await get(second, other.cookie)).statusCode).toBe(403);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { categories, interviewSets } from '../../db/schema';
import { useTestApp, databaseKinds } from '../../test/harness';
import { signUpCandidate, type SignedIn } from '../../test/users';
import { insertAttempt } from '../../test/fixtures';

const at = (minutes: number) => new Date(Date.parse('2026-04-01T09:00:00Z') + minutes * 60_000);

interface Point {
  interviewId: string;
  interviewSetId: string | null;
  title: string;
  difficulty: string;
  overall: number;
  completedAt: string;
}

describe.each(databaseKinds())('progress compares like with like on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });
  let restId = '';
  let reactId = '';
  beforeAll(async () => {
    const db = ctx.database.db;
    const [cat] = await db.insert(categories).values({ name: 'Mixed' }).returning();
    const [rest, react] = await db
      .insert(interviewSets)
      .values([
        { categoryId: cat!.id, title: 'REST API Design', difficulty: 'mid' },
        { categoryId: cat!.id, title: 'React in Practice', difficulty: 'junior' },
      ])
      .returning();
    restId = rest!.id;
    reactId = react!.id;
  });

  const stats = async (who: SignedIn) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/stats',
      headers: { cookie: who.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { trend: Point[]; averageScore: number };
  };

  it('keeps the latest 20 attempts of each set and level, each point naming its set and level', async () => {
    const c = await signUpCandidate(ctx.app);
    const db = ctx.database.db;
    // 22 attempts of one set at mid: the oldest two fall out of its series.
    for (let i = 0; i < 22; i++) {
      await insertAttempt(db, c.userId, 'completed', {
        title: 'REST API Design',
        interviewSetId: restId,
        difficulty: 'mid',
        score: 40 + i,
        completedAt: at(i * 10),
      });
    }
    // The oldest attempts of everything: each is alone in its series, so each stays.
    await insertAttempt(db, c.userId, 'completed', {
      title: 'React in Practice',
      interviewSetId: reactId,
      difficulty: 'junior',
      score: 90,
      completedAt: at(-30),
    });
    // The same set once taken at senior (its level was changed): a different series.
    await insertAttempt(db, c.userId, 'completed', {
      title: 'REST API Design',
      interviewSetId: restId,
      difficulty: 'senior',
      score: 30,
      completedAt: at(-20),
    });
    // A set deleted since: its attempts keep their title and are a series of their own.
    await insertAttempt(db, c.userId, 'completed', {
      title: 'Retired Set',
      difficulty: 'staff',
      score: 55,
      completedAt: at(-10),
    });
    // Not scored: never a point.
    await insertAttempt(db, c.userId, 'completed', {
      interviewSetId: reactId,
      difficulty: 'junior',
      reportStatus: 'failed',
      completedAt: at(500),
    });

    const { trend } = await stats(c);
    expect(trend).toHaveLength(23);
    expect(
      trend.slice(0, 3).map((p) => [p.title, p.interviewSetId, p.difficulty, p.overall]),
    ).toEqual([
      ['React in Practice', reactId, 'junior', 90],
      ['REST API Design', restId, 'senior', 30],
      ['Retired Set', null, 'staff', 55],
    ]);
    const restMid = trend.filter((p) => p.interviewSetId === restId && p.difficulty === 'mid');
    // 40 and 41 (the oldest two) are gone; the rest oldest first.
    expect(restMid.map((p) => p.overall)).toEqual(Array.from({ length: 20 }, (_, i) => 42 + i));
    const times = trend.map((p) => Date.parse(p.completedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('compares an attempt only with the previous attempt of the same set at the same level', async () => {
    const c = await signUpCandidate(ctx.app);
    const db = ctx.database.db;
    const attempt = (difficulty: 'mid' | 'senior', score: number, minutes: number) =>
      insertAttempt(db, c.userId, 'completed', {
        title: 'REST API Design',
        interviewSetId: restId,
        difficulty,
        score,
        completedAt: at(minutes),
      });
    const midFirst = await attempt('mid', 50, 0);
    await attempt('senior', 35, 10);
    const midSecond = await attempt('mid', 64, 20);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/interview/${midSecond}/comparison`,
      headers: { cookie: c.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().previous).toMatchObject({ interviewId: midFirst, overall: 50 });
  });
});

import type { Difficulty } from '@candor/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, interviewSets } from '../../db/schema';
import { useTestApp, databaseKinds } from '../../test/harness';
import { ORIGIN, signUpCandidate, type SignedIn } from '../../test/users';

describe.each(databaseKinds())('Quick Practice ordered by experience level on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });
  beforeAll(async () => {
    const db = ctx.database.db;
    const [backend, frontend, hidden] = await db
      .insert(categories)
      .values([{ name: 'Backend' }, { name: 'Frontend' }, { name: 'Hidden', isActive: false }])
      .returning();
    const set = (categoryId: string, title: string, difficulty: Difficulty, extra = {}) => ({
      categoryId,
      title,
      difficulty,
      showHome: true,
      ...extra,
    });
    await db.insert(interviewSets).values([
      set(backend!.id, 'Databases', 'junior'),
      set(backend!.id, 'Node Internals', 'senior'),
      set(backend!.id, 'REST APIs', 'mid'),
      set(frontend!.id, 'Architecture', 'staff'),
      set(frontend!.id, 'JavaScript', 'junior'),
      set(frontend!.id, 'React', 'mid'),
      set(frontend!.id, 'Performance', 'senior'),
      // Never on Home: not shown on Home, inactive, or in an inactive category.
      set(frontend!.id, 'Not on Home', 'junior', { showHome: false }),
      set(frontend!.id, 'Inactive', 'junior', { isActive: false }),
      set(hidden!.id, 'In a hidden category', 'junior'),
    ]);
  });

  const titles = async (who: SignedIn) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/interview/quick-practice',
      headers: { cookie: who.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { title: string; difficulty: string }[]).map(
      (s) => `${s.title} (${s.difficulty})`,
    );
  };

  it.each([
    {
      level: 'junior',
      order: 'junior sets first, then mid, senior and staff',
      expected: [
        'Databases (junior)',
        'JavaScript (junior)',
        'REST APIs (mid)',
        'React (mid)',
        'Node Internals (senior)',
        'Performance (senior)',
        'Architecture (staff)',
      ],
    },
    {
      level: 'senior',
      order: 'senior sets first, then mid and staff in catalogue order, junior last',
      expected: [
        'Node Internals (senior)',
        'Performance (senior)',
        'REST APIs (mid)',
        'Architecture (staff)',
        'React (mid)',
        'Databases (junior)',
        'JavaScript (junior)',
      ],
    },
  ])('a $level candidate sees $order', async ({ level, expected }) => {
    const candidate = await signUpCandidate(ctx.app, { experienceLevel: level });
    expect(await titles(candidate)).toEqual(expected);
  });

  it('follows a change of experience level at once', async () => {
    const c = await signUpCandidate(ctx.app, { experienceLevel: 'junior' });
    expect((await titles(c))[0]).toBe('Databases (junior)');
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { cookie: c.cookie, origin: ORIGIN },
      payload: { firstName: 'Ada', lastName: 'Lovelace', experienceLevel: 'staff' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await titles(c)).slice(0, 3)).toEqual([
      'Architecture (staff)',
      'Node Internals (senior)',
      'Performance (senior)',
    ]);
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema';
import { useTestApp, databaseKinds } from '../../test/harness';
import { ORIGIN, signInAdmin, signUpCandidate, type SignedIn } from '../../test/users';
import { insertAttempt } from '../../test/fixtures';

/**
 * Issue 12, finding 8: forty attempts created through the API with a made-up category made it the
 * administrator's "Top Category". Only the catalogue's categories count.
 */
describe.each(databaseKinds())('the top category on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });
  let admin: SignedIn;
  beforeAll(async () => {
    admin = await signInAdmin(ctx.app);
  });

  const topCategory = async () =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/analytics',
        headers: { cookie: admin.cookie },
      })
    ).json().topCategory as string | null;

  /**
   * An attempt created (answered, so it counts: decision 038, and discarded) through the API,
   * naming any category it likes.
   */
  async function custom(who: SignedIn, category: string) {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/interview',
      headers: { cookie: who.cookie, origin: ORIGIN },
      payload: { category },
    });
    expect(created.statusCode, created.body).toBe(200);
    const discarded = await ctx.app.inject({
      method: 'PUT',
      url: `/api/interview/${created.json().id}`,
      headers: { cookie: who.cookie, origin: ORIGIN },
      payload: {
        status: 'cancelled',
        conversation: [{ id: crypto.randomUUID(), speaker: 'User', message: 'An answer.' }],
      },
    });
    expect(discarded.statusCode).toBe(200);
  }

  it('counts only catalogue categories, spelled as the catalogue spells them', async () => {
    const db = ctx.database.db;
    const [frontend, backend] = await db
      .insert(categories)
      .values([{ name: 'Frontend' }, { name: 'Backend' }])
      .returning();
    const candidate = await signUpCandidate(ctx.app);
    for (let i = 0; i < 3; i++)
      await insertAttempt(db, candidate.userId, 'completed', { category: frontend!.name });
    await insertAttempt(db, candidate.userId, 'completed', { category: backend!.name });

    const attacker = await signUpCandidate(ctx.app, { firstName: 'Mallory' });
    for (let i = 0; i < 40; i++) await custom(attacker, '<img src=x onerror=alert(1)> Pwned');
    expect(await topCategory()).toBe('Frontend');

    // A custom attempt naming a real category counts for it, whatever its case.
    for (let i = 0; i < 3; i++) await custom(attacker, 'backend');
    expect(await topCategory()).toBe('Backend');

    // A category removed from the catalogue no longer counts.
    await db.delete(categories).where(eq(categories.id, backend!.id));
    expect(await topCategory()).toBe('Frontend');
  });
});

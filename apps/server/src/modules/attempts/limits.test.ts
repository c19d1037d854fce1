import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ATTEMPT_LIMITS, MESSAGE_LIMIT_MESSAGE, TOO_MANY_UNFINISHED_MESSAGE } from '@candor/shared';
import { interviewMessages, interviews } from '../../db/schema';
import { useTestApp, databaseKinds } from '../../test/harness';
import { saveAttempt, startLive } from '../../test/interviews';
import { signUpCandidate, ORIGIN } from '../../test/users';

/**
 * Issue 12, finding 8: what one candidate can make the server store through the attempts API is
 * bounded: text lengths (400 naming the field), open attempts at once, messages per attempt.
 */
describe.each(databaseKinds())('attempt limits on %s', (kind) => {
  const ctx = useTestApp(kind, {}, { listen: true });

  const create = (cookie: string, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/interview',
      headers: { cookie, origin: ORIGIN },
      payload,
    });

  it('refuses overlong text with a 400 naming the field, and keeps the normalisation', async () => {
    const { cookie, userId } = await signUpCandidate(ctx.app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: 'x'.repeat(500_000) }, 'title', 'Title must be at most 150 characters'],
      [{ category: 'c'.repeat(81) }, 'category', 'Category must be at most 80 characters'],
      [{ type: 't'.repeat(41) }, 'type', 'Type must be at most 40 characters'],
      [
        { topics: Array.from({ length: 31 }, (_, i) => `Topic ${i}`) },
        'topics',
        'At most 30 topics',
      ],
      [{ topics: ['React', 'r'.repeat(61)] }, 'topics', 'A topic must be at most 60 characters'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await create(cookie, payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields, field).toEqual({ [field]: message });
    }
    expect(
      await ctx.database.db.select().from(interviews).where(eq(interviews.userId, userId)),
    ).toHaveLength(0);

    // At the limits, and the specification's normalisation of odd values, still work.
    const ok = await create(cookie, {
      title: ` ${'T'.repeat(150)} `,
      category: 'C'.repeat(80),
      topics: [...Array.from({ length: 29 }, (_, i) => `Topic ${i}`), 7],
      difficulty: 'guru',
      duration: 'soon',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const odd = await create(cookie, { title: 42, topics: 'React', category: ['x'] });
    expect(odd.statusCode, odd.body).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(interviews)
      .where(eq(interviews.id, odd.json().id));
    expect(row).toMatchObject({ title: 'General Interview', categoryName: 'General', topics: [] });
  });

  it('caps the unfinished attempts of a candidate, also when created at once', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const results = await Promise.all(
      Array.from({ length: ATTEMPT_LIMITS.unfinishedMax + 5 }, (_, i) =>
        create(cookie, { category: `Quick ${i}` }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(ATTEMPT_LIMITS.unfinishedMax);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json().message).toBe(TOO_MANY_UNFINISHED_MESSAGE);

    // Discarding one makes room for the next.
    const first = results.find((r) => r.statusCode === 200)!.json().id as string;
    const discard = await saveAttempt(ctx.app, cookie, first, { status: 'cancelled' });
    expect(discard.statusCode).toBe(200);
    expect((await create(cookie, { category: 'One more' })).statusCode).toBe(200);
    expect((await create(cookie, { category: 'Too many' })).statusCode).toBe(409);
  });

  it('caps the messages of an attempt: past the limit an answer is refused and not stored', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const { id, live } = await startLive(ctx.app, cookie, { category: 'Talkative' });
    await live.next('reply.end');
    // The rest of a very long conversation, written straight into the database.
    const filler = Array.from({ length: ATTEMPT_LIMITS.messagesMax - 1 }, (_, i) => ({
      id: randomUUID(),
      interviewId: id,
      seq: i + 2,
      speaker: i % 2 === 0 ? ('User' as const) : ('AI' as const),
      message: `Message ${i + 2}`,
    }));
    await ctx.database.db.insert(interviewMessages).values(filler);

    const refused = randomUUID();
    live.send({ type: 'answer', id: refused, text: 'Okay, so one more thing.', mode: 'typed' });
    expect(await live.next('error')).toEqual({
      type: 'error',
      code: 'interview_ended',
      id: refused,
      message: MESSAGE_LIMIT_MESSAGE,
    });
    // The periodic save is held to the same limit.
    const saved = await saveAttempt(ctx.app, cookie, id, {
      conversation: [{ id: randomUUID(), speaker: 'User', message: 'Also this.' }],
    });
    expect(saved.statusCode).toBe(409);
    expect(saved.json().message).toBe(MESSAGE_LIMIT_MESSAGE);
    const count = await ctx.database.db
      .select({ id: interviewMessages.id })
      .from(interviewMessages)
      .where(eq(interviewMessages.interviewId, id));
    expect(count).toHaveLength(ATTEMPT_LIMITS.messagesMax);

    // Ending it still gives the report.
    live.send({ type: 'end', early: true });
    expect((await live.next('ended')).reportStatus).toBe('pending');
    live.close();
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STORY_LIMITS } from '@candor/shared';
import { stories } from '../../db/schema';
import { databaseKinds, useTestApp } from '../../test/harness';
import { createAttempt, insertSet, waitForReport } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { ORIGIN, TEST_PASSWORD, signUpCandidate, type SignedIn } from '../../test/users';

/**
 * My stories (issue 30): CRUD, the owner's alone, a draft pre-filled from a behavioural answer
 * with the STAR parts it covered, part of the data export and deleted with the account.
 */

const STORY_ANSWER =
  'At my last company our releases kept breaking on Fridays. I was responsible for the release process. I wrote a checklist and added a canary step with automatic rollback. As a result, failed releases dropped from four a month to zero within two months.';

const BODY = {
  title: 'Fixing Friday releases',
  situation: 'Releases kept breaking on Fridays.',
  task: 'I owned the release process.',
  action: 'A checklist and a canary step.',
  result: 'Failed releases went from four a month to zero.',
  skills: ['Ownership', 'CI/CD', 'ownership'],
};

describe.each(databaseKinds())('my stories on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' }, { listen: true });

  const call = (who: SignedIn | null, method: string, url: string, payload?: unknown) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('creates, lists, edits and deletes a story, the owner alone', async () => {
    const me = await signUpCandidate(ctx.app);
    const other = await signUpCandidate(ctx.app);
    const made = await call(me, 'POST', '/api/user/stories', BODY);
    expect(made.statusCode, made.body).toBe(200);
    const story = made.json();
    // One of each skill, as written first.
    expect(story).toMatchObject({ ...BODY, skills: ['Ownership', 'CI/CD'], interviewId: null });
    expect((await call(me, 'GET', '/api/user/stories')).json()).toEqual([story]);
    expect((await call(other, 'GET', '/api/user/stories')).json()).toEqual([]);
    expect((await call(null, 'GET', '/api/user/stories')).statusCode).toBe(401);

    const theirs = await call(other, 'PUT', `/api/user/stories/${story.id}`, BODY);
    expect(theirs.statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/api/user/stories/${story.id}`)).statusCode).toBe(404);
    const edited = await call(me, 'PUT', `/api/user/stories/${story.id}`, {
      ...BODY,
      title: 'Calmer Fridays',
    });
    expect(edited.json()).toMatchObject({ id: story.id, title: 'Calmer Fridays' });

    for (const [bad, field] of [
      [{ ...BODY, title: '' }, 'title'],
      [{ ...BODY, action: 'x'.repeat(STORY_LIMITS.partMax + 1) }, 'action'],
      [{ ...BODY, skills: 'Ownership' }, 'skills'],
      [{ ...BODY, interviewId: 'not-an-id' }, 'interviewId'],
    ] as const) {
      const res = await call(me, 'POST', '/api/user/stories', bad);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toContain(field);
    }
    // A story cannot name someone else's interview.
    const { id: othersAttempt } = await createAttempt(ctx.app, other.cookie, {});
    const linked = await call(me, 'POST', '/api/user/stories', {
      ...BODY,
      interviewId: othersAttempt,
    });
    expect([403, 404]).toContain(linked.statusCode);

    expect((await call(me, 'DELETE', `/api/user/stories/${story.id}`)).statusCode).toBe(200);
    expect((await call(me, 'GET', '/api/user/stories')).json()).toEqual([]);
  });

  it('pre-fills a story from a behavioural answer, with the STAR parts it covered', async () => {
    const me = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      topics: ['Ownership'],
      questions: [
        { questionText: 'Tell me about a time you fixed a broken process.', kind: 'behavioural' },
        { questionText: 'What is a closure?', kind: 'technical' },
      ],
    });
    const { id } = await createAttempt(ctx.app, me.cookie, { interviewSetId: setId });
    const live = await LiveClient.connect(ctx.app, id, me.cookie);
    live.start();
    await live.next('reply.end');
    await live.answer(STORY_ANSWER);
    await live.answer('A function that keeps its scope.');
    live.send({ type: 'end', early: true });
    await live.next('ended');
    live.close();
    await waitForReport(ctx.app, me.cookie, id);

    const draft = await call(me, 'GET', `/api/interview/${id}/story-draft?question=0`);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({
      title: 'Tell me about a time you fixed a broken process',
      situation: 'At my last company our releases kept breaking on Fridays.',
      task: 'I was responsible for the release process.',
      action: 'I wrote a checklist and added a canary step with automatic rollback.',
      result: expect.stringContaining('failed releases dropped from four a month to zero'),
      interviewId: id,
      questionIndex: 0,
      covered: { situation: true, task: true, action: true, result: true },
    });
    expect(draft.json().skills).toContain('Ownership');
    // Saved as edited, linked to the answer.
    const { covered: _covered, ...fields } = draft.json() as Record<string, unknown>;
    const saved = await call(me, 'POST', '/api/user/stories', fields);
    expect(saved.json()).toMatchObject({ interviewId: id, questionIndex: 0 });

    const technical = await call(me, 'GET', `/api/interview/${id}/story-draft?question=1`);
    expect(technical.statusCode).toBe(409);
    expect((await call(me, 'GET', `/api/interview/${id}/story-draft?question=9`)).statusCode).toBe(
      400,
    );
    const other = await signUpCandidate(ctx.app);
    expect([403, 404]).toContain(
      (await call(other, 'GET', `/api/interview/${id}/story-draft?question=0`)).statusCode,
    );
  });

  it('is in the data export, and goes with the account', async () => {
    const me = await signUpCandidate(ctx.app);
    const made = (await call(me, 'POST', '/api/user/stories', BODY)).json();
    const exported = (await call(me, 'GET', '/api/user/export')).json();
    expect(exported.stories).toEqual([made]);
    const gone = await call(me, 'DELETE', '/api/user/account', { password: TEST_PASSWORD });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(
      await ctx.database.db.select().from(stories).where(eq(stories.userId, me.userId)),
    ).toEqual([]);
  });
});

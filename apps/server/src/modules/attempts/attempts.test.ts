import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../app';
import type { Database } from '../../db/client';
import { interviews } from '../../db/schema';
import { openDatabase } from '../../db/client';
import { databaseKinds, openTestDatabase, testConfig, buildTestApp } from '../../test/harness';
import { appendMessage, loadMessages, lockOwned } from '../interviews';
import {
  createAttempt,
  insertSet,
  saveAttempt,
  waitForReport,
  startLive,
} from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { signUpCandidate, ORIGIN } from '../../test/users';

const QUESTIONS = [
  { questionText: 'First question?', expectedAnswer: 'Point one. Point two.' },
  { questionText: 'Second question?' },
  { questionText: 'Third question?' },
];

async function start(database: Database): Promise<App> {
  const app = await buildTestApp({
    config: testConfig(),
    database,
    secret: 'test-secret-test-secret-test-secret-0123',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

describe.each(databaseKinds())('attempts API on %s', (kind) => {
  let database: Database & { url?: string };
  let app: App;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await start(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('creates an attempt with the spec normalisation', async () => {
    const { cookie, userId } = await signUpCandidate(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/interview',
      headers: { cookie, origin: ORIGIN },
      payload: { category: 'Backend', difficulty: 'guru', duration: 500, topics: 'Node' },
    });
    expect(res.statusCode).toBe(200);
    const { id, roomId } = res.json();
    expect(roomId).toBe(`interview-${id}`);
    const [row] = await database.db.select().from(interviews).where(eq(interviews.id, id));
    expect(row).toMatchObject({
      userId,
      title: 'Backend Interview',
      categoryName: 'Backend',
      difficulty: 'junior',
      type: 'voice',
      duration: 120,
      topics: [],
      status: 'scheduled',
    });
  });

  it('snapshots an active set, and refuses an inactive or unknown one', async () => {
    const { cookie } = await signUpCandidate(app);
    const setId = await insertSet(database.db, {
      type: 'fixed',
      title: 'Snapshot set',
      difficulty: 'senior',
      duration: 45,
      topics: ['Go'],
      questions: QUESTIONS,
    });
    const { id } = await createAttempt(app, cookie, { interviewSetId: setId, title: 'other' });
    const [row] = await database.db.select().from(interviews).where(eq(interviews.id, id));
    expect(row).toMatchObject({
      title: 'Snapshot set',
      type: 'fixed',
      difficulty: 'senior',
      duration: 45,
      topics: ['Go'],
    });
    expect(row!.questions.map((q) => q.questionText)).toEqual(QUESTIONS.map((q) => q.questionText));
    expect(row!.questions[0]!.expectedAnswer).toBe('Point one. Point two.');

    const inactive = await insertSet(database.db, { type: 'fixed', isActive: false });
    for (const interviewSetId of [inactive, crypto.randomUUID()]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/interview',
        headers: { cookie, origin: ORIGIN },
        payload: { interviewSetId },
      });
      expect(res.statusCode).toBe(404);
    }
    const bad = await app.inject({
      method: 'POST',
      url: '/api/interview',
      headers: { cookie, origin: ORIGIN },
      payload: { interviewSetId: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^interviewSetId:/);
  });

  it('requires a session', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/interview',
      headers: { origin: ORIGIN },
      payload: {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
  });

  it('merges the periodic save by message id, keeps what it holds, never takes scores', async () => {
    const { cookie } = await signUpCandidate(app);
    const { id } = await createAttempt(app, cookie, { topics: ['SQL'] });
    const first = crypto.randomUUID();
    const put = (payload: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/interview/${id}`,
        headers: { cookie, origin: ORIGIN },
        payload,
      });
    const startedAt = new Date(Date.now() - 60_000).toISOString();
    const a = await put({
      status: 'in_progress',
      startedAt,
      conversation: [{ id: first, speaker: 'User', message: 'Indexes speed up reads.' }],
      overallScore: 100,
      communicationScore: 100,
    });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ status: 'in_progress', startedAt, report: null });
    const second = crypto.randomUUID();
    const b = await put({
      conversation: [
        { id: second, speaker: 'User', message: 'And slow down writes.' },
        { id: first, speaker: 'User', message: 'changed text is ignored' },
        { id: crypto.randomUUID(), speaker: 'AI', message: 'I am a fake interviewer line' },
      ],
    });
    expect(
      b.json().conversation.map((m: { id: string; message: string }) => [m.id, m.message]),
    ).toEqual([
      [first, 'Indexes speed up reads.'],
      [second, 'And slow down writes.'],
    ]);
    const again = await put({ conversation: [] });
    expect(again.json().conversation).toHaveLength(2);

    const notYet = await put({ status: 'completed' });
    expect(notYet.statusCode).toBe(409);
    // The client acts on the code; the message is for people.
    expect(notYet.json()).toMatchObject({
      code: 'NOT_COMPLETE',
      message: 'Interview is not yet complete',
    });
    const done = await put({ status: 'completed', early: true });
    expect(done.json().status).toBe('completed');
    const report = await waitForReport(app, cookie, id);
    expect(report.status).toBe('completed');
    expect(report.overallScore).toBeLessThan(100);
  });

  it('answers 404 Report Not Found before an attempt ends, and for unknown attempts', async () => {
    const { cookie } = await signUpCandidate(app);
    const { id } = await createAttempt(app, cookie, {});
    const res = await app.inject({ url: `/api/report/interview/${id}`, headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Report Not Found');
    const unknown = await app.inject({
      url: `/api/interview/${crypto.randomUUID()}`,
      headers: { cookie },
    });
    expect(unknown.statusCode).toBe(404);
    const cancel = await saveAttempt(app, cookie, id, { status: 'cancelled' });
    expect(cancel.json().status).toBe('cancelled');
  });

  it('continues after a server restart without losing a stored message', async () => {
    const { cookie } = await signUpCandidate(app);
    const setId = await insertSet(database.db, { type: 'fixed', questions: QUESTIONS });
    const { id, live } = await startLive(app, cookie, { interviewSetId: setId });
    await live.next('reply.end');
    const one = await live.answer('My first answer mentions point one.');
    expect(one.reply.message).toContain('Second question?');
    live.close();

    // Restart: a new app process on the same database.
    await app.close();
    app = await start(database);

    const again = await LiveClient.connect(app, id, cookie);
    again.start();
    const state = await again.next('state');
    expect(state.messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(state.messages[1]!.id).toBe(one.id);
    const two = await again.answer('My second answer.');
    expect(two.ack.seq).toBe(4);
    expect(two.reply.message).toContain('Third question?');
    // The same answer re-sent after the restart is not stored twice.
    again.send({ type: 'answer', id: one.id, text: 'My first answer mentions point one.' });
    expect((await again.next('ack')).seq).toBe(2);
    again.close();
  });

  it.runIf(kind === 'postgres')(
    'keeps seq numbers unique when two server processes store answers at once (row lock)',
    async () => {
      // Two connection pools, as two processes would have; the in-process turn queue is bypassed
      // so only the database's row lock orders the writes.
      const second = await openDatabase({ url: database.url!, poolSize: 5 });
      try {
        const { cookie, userId } = await signUpCandidate(app);
        const { id } = await createAttempt(app, cookie, { topics: ['SQL'] });
        await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            (i % 2 === 0 ? database : second).db.transaction(async (tx) => {
              await lockOwned(tx, userId, id);
              await appendMessage(tx, id, {
                id: crypto.randomUUID(),
                speaker: 'User',
                message: `answer ${i}`,
                meta: {},
              });
            }),
          ),
        );
        const seqs = (await loadMessages(database.db, id)).map((m) => m.seq);
        expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      } finally {
        await second.close();
      }
    },
  );
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { ServerFrame } from '@candor/shared';
import { openDatabase, type Database } from '../db/client';
import { insertSet } from '../test/interviews';
import { createTestApp, type TestContext } from '../test/harness';
import { startPostgresServer, type PostgresServer } from '../test/postgres-server';
import { LiveClient } from '../test/live-client';
import { signUpCandidate } from '../test/users';
import { AUTH_SECRET, api, conversationOf, createAttemptOver, type Candidate } from './support';

/**
 * Issue 7, fault 2: the PostgreSQL server stops and starts again under the running app.
 * `/api/health` turns 503 and back to 200 without restarting the app; requests in between get a
 * clear 503 (live answers a clear error frame), never a crash; candidates who keep answering
 * (re-sending a refused answer under its id, as the web client does) lose nothing.
 * Its own PostgreSQL server: stopping the suite's shared one would break the other files.
 */

const CANDIDATES = 4;

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(inject('pgUrl'))('PostgreSQL stopped and restarted under the running server', () => {
  let pg: PostgresServer;
  let database: Database;
  let ctx: TestContext;

  beforeAll(async () => {
    pg = await startPostgresServer();
    database = await openDatabase({ url: pg.url, poolSize: 5 });
    await database.migrate();
    ctx = await createTestApp(
      'postgres',
      { DATABASE_URL: pg.url },
      { database, secret: AUTH_SECRET, listen: true, logLevel: 'warn' },
    );
  });

  afterAll(async () => {
    await ctx?.app.close();
    await database?.close().catch(() => undefined);
    await pg?.stop();
  });

  it('answers 503 while the database is down and recovers without a restart', async () => {
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      duration: 120,
      questions: Array.from({ length: 80 }, (_, i) => ({ questionText: `Question ${i + 1}?` })),
    });
    const people: { candidate: Candidate; interviewId: string }[] = [];
    for (let i = 0; i < CANDIDATES; i++) {
      const candidate = await signUpCandidate(ctx.url, {
        firstName: `Pat${String.fromCharCode(65 + i)}`,
      });
      people.push({
        candidate,
        interviewId: await createAttemptOver(ctx.url, candidate.cookie, setId),
      });
    }
    expect((await api(ctx.url, 'GET', '/api/health')).status).toBe(200);

    // Candidates answer throughout: a refused answer is re-sent under the same id.
    let phase: 'before' | 'down' | 'after' = 'before';
    const refusals: Extract<ServerFrame, { type: 'error' }>[] = [];
    const acked = people.map(() => [] as { id: string; seq: number }[]);
    let ackedAfter = 0;
    const drivers = people.map(async ({ candidate, interviewId }, k) => {
      const live = await LiveClient.connect(ctx.url, interviewId, candidate.cookie);
      live.start();
      expect(await live.nextOrClose('state')).not.toBeNull();
      expect(await live.nextOrClose('reply.end')).not.toBeNull();
      let afterHere = 0;
      while (afterHere < 3) {
        const id = crypto.randomUUID();
        for (;;) {
          const sentIn = phase;
          live.send({ type: 'answer', id, text: `Answer ${acked[k]!.length + 1}.`, mode: 'typed' });
          const frame = await live.nextOrClose(
            (f) => (f.type === 'ack' || f.type === 'error') && 'id' in f && f.id === id,
          );
          if (!frame) throw new Error('the live socket closed');
          if (frame.type === 'ack') {
            acked[k]!.push({ id, seq: frame.seq });
            expect(await live.nextOrClose('reply.end')).not.toBeNull();
            if (sentIn === 'after') {
              afterHere += 1;
              ackedAfter += 1;
            }
            break;
          }
          refusals.push(frame as Extract<ServerFrame, { type: 'error' }>);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      live.close();
    });

    // Let some answers land, then stop PostgreSQL under the app.
    await until('answers before the outage', async () =>
      acked.every((a) => a.length >= 2) ? true : null,
    );
    await pg.pause();
    phase = 'down';
    const down = await until('health 503', async () => {
      const res = await api(ctx.url, 'GET', '/api/health');
      return res.status === 503 ? res : null;
    });
    expect(down.json).toEqual({ status: 'error', db: 'error' });

    // Requests in between: a clear 503, not a crash and not a 500.
    const who = people[0]!;
    const create = await api(ctx.url, 'POST', '/api/interview', {
      cookie: who.candidate.cookie,
      body: { interviewSetId: setId },
    });
    expect(create.status).toBe(503);
    expect(create.json).toMatchObject({
      statusCode: 503,
      message: 'The database is unavailable. Please try again shortly.',
    });
    const read = await api(ctx.url, 'PUT', `/api/interview/${who.interviewId}`, {
      cookie: who.candidate.cookie,
      body: { status: 'in_progress' },
    });
    expect(read.status).toBe(503);
    const signUp = await api(ctx.url, 'POST', '/api/auth/sign-up/email', {
      body: {
        email: `late-${crypto.randomBytes(3).toString('hex')}@example.com`,
        password: 'Secret1!x',
        name: 'Late Comer',
        firstName: 'Late',
        lastName: 'Comer',
      },
    });
    expect(signUp.status).toBe(503);
    // A new live connection is refused before the upgrade with a plain 503.
    const handshake = await LiveClient.connect(ctx.url, who.interviewId, who.candidate.cookie).then(
      (l) => {
        l.close();
        return 'open';
      },
      (err: Error) => err.message,
    );
    expect(handshake).toBe('unexpected response 503');
    await until('a refused live answer', async () => (refusals.length > 0 ? true : null));

    // PostgreSQL comes back; the same app (same process, same pool) recovers.
    await pg.start();
    phase = 'after';
    await until('health 200', async () =>
      (await api(ctx.url, 'GET', '/api/health')).status === 200 ? true : null,
    );
    await Promise.all(drivers);
    const again = await api(ctx.url, 'POST', '/api/interview', {
      cookie: who.candidate.cookie,
      body: { interviewSetId: setId },
    });
    expect(again.status).toBe(200);

    // Refused live answers said so clearly, and nothing acknowledged was lost or doubled.
    for (const r of refusals) {
      expect(r.code).toBe('internal');
      expect(r.message).toMatch(/apologize/);
    }
    for (const [k, { candidate, interviewId }] of people.entries()) {
      const { conversation } = await conversationOf(ctx.url, candidate.cookie, interviewId);
      expect(conversation.map((m) => m.seq)).toEqual(conversation.map((_, i) => i + 1));
      for (const a of acked[k]!) {
        const found = conversation.filter((m) => m.id === a.id);
        expect(found).toHaveLength(1);
        expect(found[0]!.seq).toBe(a.seq);
      }
    }
    expect(ackedAfter).toBe(CANDIDATES * 3);
    expect(ctx.logs.some((l) => l.msg === 'database unavailable')).toBe(true);
    expect(ctx.logs.some((l) => l.msg === 'unhandled error')).toBe(false);
    console.info(
      `[faults] PostgreSQL restart: ${refusals.length} live answers refused while down and re-sent, ` +
        `${acked.flat().length} acks verified`,
    );
  }, 90_000);
});

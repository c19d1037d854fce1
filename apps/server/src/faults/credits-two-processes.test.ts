import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '@candor/shared';
import { openDatabase, type Db } from '../db/client';
import { interviewMessages, interviews } from '../db/schema';
import { insertSet } from '../test/interviews';
import { databaseKinds, openTestDatabase } from '../test/harness';
import { LiveClient } from '../test/live-client';
import { signUpCandidate } from '../test/users';
import {
  api,
  createAttemptOver,
  killServers,
  startServerProcess,
  type ServerProcess,
} from './support';

/**
 * Issue 17: credits hold across two real server processes on one PostgreSQL (each with its own
 * turn queue; only the database is shared). A candidate with one credit left answers two
 * attempts at once, one on each process: one answer is stored and charged, the other refused.
 * Two sockets on the two processes answering the same attempt at once charge it once.
 */

const pg = databaseKinds().includes('postgres');
const ANSWER =
  "Okay, so I'd put a cache in front of the database and invalidate entries when a row changes. Zoë O'Brien-Smith's team did that with a short time to live as a safety net.";

describe.runIf(pg)('credits across two server processes on one PostgreSQL', () => {
  let servers: ServerProcess[] = [];
  let bases: string[] = [];
  let dbUrl: string;
  let setId: string;
  /** A second set: Start of a set with an unanswered attempt gives it back (decision 038). */
  let otherSetId: string;
  let dataDir: string;

  beforeAll(async () => {
    const database = await openTestDatabase('postgres');
    dbUrl = database.url!;
    const set = {
      type: 'fixed' as const,
      duration: 60,
      questions: [
        { questionText: 'How would you cache a slow query?' },
        { questionText: 'How do you invalidate it?' },
      ],
    };
    setId = await insertSet(database.db, set);
    otherSetId = await insertSet(database.db, set);
    await database.close();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-credits-'));
    const env = { DATABASE_URL: dbUrl, DATA_DIR: dataDir, CREDITS_DEFAULT_LIMIT: '1' };
    servers = [startServerProcess(env), startServerProcess(env)];
    bases = await Promise.all(servers.map((s) => s.url));
  });

  afterAll(async () => {
    await killServers(servers);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const opened = async (base: string, id: string, cookie: string) => {
    const live = await LiveClient.connect(base, id, cookie);
    live.start();
    await live.next('state');
    await live.next('reply.end');
    return live;
  };
  /** Reads the shared database in a connection of the test's own. */
  async function inDatabase<T>(read: (db: Db) => Promise<T>): Promise<T> {
    const database = await openDatabase({ url: dbUrl, poolSize: 1 });
    try {
      return await read(database.db);
    } finally {
      await database.close();
    }
  }
  const chargedAttempts = (db: Db, userId: string) =>
    db
      .select({ id: interviews.id })
      .from(interviews)
      .where(and(eq(interviews.userId, userId), isNotNull(interviews.creditChargedAt)));
  const outcome = (live: LiveClient, id: string) =>
    live.next(
      (f: ServerFrame) => (f.type === 'ack' || f.type === 'error') && 'id' in f && f.id === id,
    );

  it('one credit, two attempts answered at once on two processes: exactly one is charged', async () => {
    for (let round = 0; round < 3; round++) {
      const { cookie, userId } = await signUpCandidate(bases[0]!);
      const one = await createAttemptOver(bases[0]!, cookie, setId);
      const two = await createAttemptOver(bases[1]!, cookie, otherSetId);
      const a = await opened(bases[0]!, one, cookie);
      const b = await opened(bases[1]!, two, cookie);
      const ids = [a.sendAnswer(ANSWER), b.sendAnswer(ANSWER)];
      const frames = await Promise.all([outcome(a, ids[0]!), outcome(b, ids[1]!)]);
      expect(frames.map((f) => f.type).sort()).toEqual(['ack', 'error']);
      expect(frames.find((f) => f.type === 'error')).toMatchObject({ code: 'credits_exhausted' });
      a.close();
      b.close();

      await inDatabase(async (db) => {
        expect(await chargedAttempts(db, userId)).toHaveLength(1);
        const answers = await db
          .select({ id: interviewMessages.id })
          .from(interviewMessages)
          .where(eq(interviewMessages.speaker, 'User'));
        const refused = ids[frames.findIndex((f) => f.type === 'error')]!;
        expect(answers.map((r) => r.id)).not.toContain(refused);
      });
      const stats = await api(bases[1]!, 'GET', '/api/user/stats', { cookie });
      expect(stats.json).toMatchObject({ creditsUsed: 1, creditsLimit: 1 });
      const refusedStart = await api(bases[0]!, 'POST', '/api/interview', {
        cookie,
        body: { interviewSetId: setId },
      });
      expect(refusedStart.status).toBe(403);
      expect(refusedStart.json).toMatchObject({ code: 'CREDITS_EXHAUSTED' });
    }
  });

  it('one attempt answered at once on both processes is charged once', async () => {
    const { cookie, userId } = await signUpCandidate(bases[1]!);
    const id = await createAttemptOver(bases[1]!, cookie, setId);
    const a = await opened(bases[0]!, id, cookie);
    const b = await LiveClient.connect(bases[1]!, id, cookie);
    b.start();
    await b.next('state');
    const ids = [
      a.sendAnswer(ANSWER),
      b.sendAnswer('Okay, so the key is the query and its inputs.'),
    ];
    const frames = await Promise.all([outcome(a, ids[0]!), outcome(b, ids[1]!)]);
    expect(frames.map((f) => f.type)).toEqual(['ack', 'ack']);
    a.close();
    b.close();
    const stats = await api(bases[0]!, 'GET', '/api/user/stats', { cookie });
    expect(stats.json).toMatchObject({ creditsUsed: 1 });
    expect(await inDatabase((db) => chargedAttempts(db, userId))).toHaveLength(1);
  });
});

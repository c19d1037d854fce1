import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE, type ServerFrame } from '@candor/shared';
import { openDatabase } from '../db/client';
import { interviewMessages } from '../db/schema';
import { insertSet } from '../test/interviews';
import { databaseKinds, openTestDatabase } from '../test/harness';
import { startFaultyModelHost, type FaultyModelHost } from '../test/faulty-model-host';
import { LiveClient } from '../test/live-client';
import { signUpCandidate } from '../test/users';
import {
  api,
  conversationOf,
  createAttemptOver,
  killServers,
  startServerProcess,
  type ConversationMessage,
  type ServerProcess,
} from './support';

/**
 * Issue 12, findings 4 and 11, with two real server processes on one PostgreSQL (each has its own
 * turn queue and its own sockets; only the database is shared):
 * - the turn-order race: a candidate holds a socket to each process, starts on both at once and
 *   answers on both at once, round after round, while the model host answers slowly (replies are
 *   in flight). Exactly one introduction, the interviewer and the candidate take turns, the
 *   replies come in order, and no answer is left unanswered.
 * - a session ended on one process closes the candidate's socket on the other, and an answer sent
 *   on it afterwards is not stored.
 */

const CANDIDATES = 4;
const ROUNDS = 4;
const INTRO = /^Hello, I am your interviewer/;

const pg = databaseKinds().includes('postgres');

describe.runIf(pg)('live interviews across two server processes on one PostgreSQL', () => {
  let host: FaultyModelHost;
  let servers: ServerProcess[] = [];
  let bases: string[] = [];
  let dbUrl: string;
  let topicSet: string;
  let dataDir: string;

  beforeAll(async () => {
    host = await startFaultyModelHost();
    // Interviewer turns take a while: the other process's turn arrives while one is in flight.
    host.decide = (kind) => (kind === 'chat' ? 'slow' : 'ok');
    const database = await openTestDatabase('postgres');
    dbUrl = database.url!;
    topicSet = await insertSet(database.db, {
      type: 'topic-based',
      topics: ['Caching', 'Databases'],
      duration: 120,
    });
    await database.close();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-two-'));
    const env = {
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      AI_PROVIDER: 'openai',
      AI_BASE_URL: host.url,
      AI_API_KEY: 'sk-fault-suite',
      AI_MODEL: 'fake-model',
    };
    servers = [startServerProcess(env), startServerProcess(env)];
    bases = await Promise.all(servers.map((s) => s.url));
  });

  afterAll(async () => {
    await killServers(servers);
    await host?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** How the server closed the socket; 'still open' after the safety net of 20 s. */
  function closeOf(live: LiveClient): Promise<{ code: number; reason: string } | 'still open'> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve('still open'), 20_000);
      live.ws.once('close', (code, reason) => {
        clearTimeout(timer);
        resolve({ code, reason: reason.toString() });
      });
    });
  }

  /** The reply to this socket's own answer: the first reply.end after its ack. */
  async function answerOn(live: LiveClient, text: string): Promise<{ id: string; seq: number }> {
    const id = crypto.randomUUID();
    live.send({ type: 'answer', id, text, mode: 'typed' });
    const ack = (await live.nextOrClose(
      (f) => (f.type === 'ack' || f.type === 'error') && 'id' in f && f.id === id,
      30_000,
    )) as Extract<ServerFrame, { type: 'ack' | 'error' }> | null;
    if (ack?.type !== 'ack') throw new Error(`answer not taken: ${JSON.stringify(ack)}`);
    const reply = await live.nextOrClose((f) => f.type === 'reply.end', 30_000);
    expect(reply).not.toBeNull();
    return { id, seq: ack.seq };
  }

  it('keeps the turn order: one introduction, a reply after every answer, in order', async () => {
    const results = await Promise.all(
      Array.from({ length: CANDIDATES }, async (_, n) => {
        const candidate = await signUpCandidate(bases[0]!, {
          firstName: `Race${String.fromCharCode(65 + n)}`,
        });
        const id = await createAttemptOver(bases[n % 2]!, candidate.cookie, topicSet);
        const sockets = await Promise.all(
          bases.map((base) => LiveClient.connect(base, id, candidate.cookie)),
        );
        // Both start at once: each hears the introduction, once produced.
        for (const s of sockets) s.start();
        for (const s of sockets) expect(await s.nextOrClose('reply.end', 30_000)).not.toBeNull();
        const sent: string[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const answers = await Promise.all(
            sockets.map((s, i) =>
              answerOn(s, `Round ${round} on process ${i}: I would cache reads near the user.`),
            ),
          );
          // Stored in the order the database took them.
          sent.push(...answers.sort((a, b) => a.seq - b.seq).map((a) => a.id));
        }
        for (const s of sockets) s.close();
        const { conversation } = await conversationOf(bases[1]!, candidate.cookie, id);
        return { sent, conversation };
      }),
    );

    for (const { sent, conversation } of results) {
      const speakers = conversation.map((m: ConversationMessage) => m.speaker);
      // The interviewer first, then strictly one answer, one reply.
      expect(speakers).toEqual(
        Array.from({ length: 1 + 2 * sent.length }, (_, i) => (i % 2 === 0 ? 'AI' : 'User')),
      );
      expect(conversation.filter((m) => INTRO.test(m.message))).toHaveLength(1);
      expect(conversation.map((m) => m.seq)).toEqual(conversation.map((_, i) => i + 1));
      // Every answer once, in the order stored; each reply is the next one the model wrote.
      expect(conversation.filter((m) => m.speaker === 'User').map((m) => m.id)).toEqual(sent);
      const replies = conversation.filter((m) => m.speaker === 'AI').slice(1);
      replies.forEach((m, k) => expect(m.message).toContain(`question number ${k + 1}:`));
      expect(replies.every((m) => !m.meta?.failed)).toBe(true);
    }
    console.info(
      `[faults] two processes: ${CANDIDATES} candidates × ${ROUNDS} rounds of answers on both ` +
        `processes at once; ${host.requests.chat} interviewer turns asked of the model ` +
        `(${CANDIDATES * (1 + 2 * ROUNDS)} needed)`,
    );
    // No turn was produced twice (a second introduction, a reply thrown away).
    expect(host.requests.chat).toBe(CANDIDATES * (1 + 2 * ROUNDS));
  }, 180_000);

  it('closes the socket on the other process when the session ends, and takes nothing after', async () => {
    const candidate = await signUpCandidate(bases[0]!, { firstName: 'Leaver' });
    const id = await createAttemptOver(bases[0]!, candidate.cookie, topicSet);
    const live = await LiveClient.connect(bases[1]!, id, candidate.cookie);
    const closed = closeOf(live);
    live.start();
    expect(await live.nextOrClose('reply.end', 30_000)).not.toBeNull();

    const out = await api(bases[0]!, 'POST', '/api/auth/sign-out', {
      cookie: candidate.cookie,
      body: {},
    });
    expect(out.status).toBe(200);
    const late = crypto.randomUUID();
    live.send({ type: 'answer', id: late, text: 'Sent after signing out.', mode: 'typed' });
    expect(await closed).toEqual(LIVE_CLOSE.sessionEnded);

    const db = await openDatabase({ url: dbUrl, poolSize: 1 });
    try {
      const stored = await db.db
        .select({ id: interviewMessages.id })
        .from(interviewMessages)
        .where(eq(interviewMessages.interviewId, id));
      expect(stored.map((m) => m.id)).not.toContain(late);
    } finally {
      await db.close();
    }
  });

  it('closes a quiet socket on the other process within a session check', async () => {
    const candidate = await signUpCandidate(bases[1]!, { firstName: 'Quiet' });
    const id = await createAttemptOver(bases[1]!, candidate.cookie, topicSet);
    const live = await LiveClient.connect(bases[0]!, id, candidate.cookie);
    const closed = closeOf(live);
    const out = await api(bases[1]!, 'POST', '/api/auth/sign-out', {
      cookie: candidate.cookie,
      body: {},
    });
    expect(out.status).toBe(200);
    // No frame is sent: the periodic check of the other process notices.
    expect(await closed).toEqual(LIVE_CLOSE.sessionEnded);
  });
});

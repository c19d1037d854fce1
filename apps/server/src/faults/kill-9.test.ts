import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '@candor/shared';
import { openDatabase, type Database } from '../db/client';
import { reports } from '../db/schema';
import { insertSet } from '../test/interviews';
import {
  databaseKinds,
  openTestDatabase,
  seedPgliteDataDir,
  type DatabaseKind,
} from '../test/harness';
import { startFaultyModelHost, type FaultyModelHost } from '../test/faulty-model-host';
import { LiveClient } from '../test/live-client';
import { signUpCandidate } from '../test/users';
import {
  api,
  conversationOf,
  createAttemptOver,
  finalReport,
  startServerProcess,
  type Candidate,
  type ServerProcess,
} from './support';

/**
 * Issue 7, fault 1: `kill -9` of the server while simulated interviews are saving. The server is
 * the real entry point in its own process; candidates talk to it over real WebSockets. Every
 * `ack` is recorded, the process is killed with SIGKILL mid-traffic (after a number of acks, not
 * after a time), restarted on the same database, and then: every acknowledged answer is there
 * exactly once at its acknowledged position, every attempt resumes and takes new answers, and no
 * report stays `pending` (those orphaned by the kill included).
 */

const FIXED = 6;
const TOPIC = 6;
/** Of each kind, this many end their attempt before the kill; their reports are then in flight. */
const ENDERS = 2;
const KILL_AFTER_ACKS = 120;

interface Sim {
  name: string;
  flow: 'fixed' | 'topic';
  candidate: Candidate;
  interviewId: string;
  ender: boolean;
  acks: { id: string; seq: number }[];
  /** Sent but never acknowledged (the kill came first). */
  unacked: string[];
  endedBeforeKill: boolean;
}

const questions = Array.from({ length: 60 }, (_, i) => ({
  questionText: `Question ${i + 1}: explain a trade-off you made.`,
  expectedAnswer: 'A trade-off between latency and consistency, with a concrete example.',
}));

async function seedSets(db: Database['db']) {
  const fixedSet = await insertSet(db, { type: 'fixed', questions, duration: 120 });
  const topicSet = await insertSet(db, {
    type: 'topic-based',
    topics: ['Caching', 'Databases'],
    duration: 120,
  });
  return { fixedSet, topicSet };
}

/** The whole scenario on one kind of database, set up and cleaned up by itself. */
async function killNine(kind: DatabaseKind) {
  let host: FaultyModelHost | undefined;
  let env: Record<string, string> | undefined;
  let sets: { fixedSet: string; topicSet: string };
  let dbUrl: string | undefined;
  let dataDir: string | undefined;
  let server: ServerProcess | undefined;
  try {
    host = await startFaultyModelHost();
    if (kind === 'postgres') {
      const database = await openTestDatabase(kind);
      dbUrl = database.url!;
      sets = await seedSets(database.db);
      await database.close();
      env = {
        DATABASE_URL: dbUrl,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'candor-k9-')),
      };
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-k9-'));
      seedPgliteDataDir(`${dataDir}/pglite`);
      const database = await openDatabase({ dataDir: `${dataDir}/pglite` });
      await database.migrate();
      sets = await seedSets(database.db);
      await database.close();
      env = { DATABASE_URL: '', DATA_DIR: dataDir };
    }
    Object.assign(env, {
      AI_PROVIDER: 'openai',
      AI_BASE_URL: host.url,
      AI_API_KEY: 'sk-fault-suite',
      AI_MODEL: 'fake-model',
      // Long: a report in flight at the kill must be finished by the restart, not by a stale read
      // (which would wait AI_TIMEOUT_MS * 2 + 30 s = 90 s).
      AI_TIMEOUT_MS: '30000',
    });
    // Phase 1: traffic, then SIGKILL. Interviewer turns come slowly (replies are in flight at
    // the kill); report calls never answer (reports are pending at the kill).
    const t0 = Date.now();
    const marks: string[] = [];
    const mark = (what: string) => marks.push(`${what} ${Date.now() - t0}`);
    host.decide = (k) => (k === 'chat' ? 'slow' : 'hang');
    server = startServerProcess(env);
    let base = await server.url;
    mark('up');

    const sims: Sim[] = await Promise.all(
      Array.from({ length: FIXED + TOPIC }, async (_, i) => {
        const flow = i < FIXED ? ('fixed' as const) : ('topic' as const);
        const name = `Cand${String.fromCharCode(65 + i)}`;
        const candidate = await signUpCandidate(base, { firstName: name });
        const interviewId = await createAttemptOver(
          base,
          candidate.cookie,
          flow === 'fixed' ? sets.fixedSet : sets.topicSet,
        );
        return {
          name,
          flow,
          candidate,
          interviewId,
          ender: i % FIXED < ENDERS,
          acks: [],
          unacked: [],
          endedBeforeKill: false,
        };
      }),
    );

    mark('signed-up');
    let totalAcks = 0;
    let killed = false;
    const enders = sims.filter((s) => s.ender);
    let endersDone = 0;
    const killAt = { ms: 0 };
    const maybeKill = () => {
      if (!killed && totalAcks >= KILL_AFTER_ACKS && endersDone === enders.length) {
        killed = true;
        killAt.ms = Date.now();
        server!.child.kill('SIGKILL');
      }
    };

    const drive = async (sim: Sim) => {
      const live = await LiveClient.connect(base, sim.interviewId, sim.candidate.cookie);
      live.start();
      if (!(await live.nextOrClose('state'))) return;
      if (!(await live.nextOrClose('reply.end'))) return;
      for (let turn = 0; !live.isClosed; turn++) {
        if (sim.ender && turn === 2) {
          live.send({ type: 'end', early: true });
          const ended = await live.nextOrClose('ended');
          if (ended) {
            expect(ended.reportStatus).toBe('pending');
            sim.endedBeforeKill = true;
          }
          endersDone += 1;
          maybeKill();
          live.close();
          return;
        }
        const id = crypto.randomUUID();
        sim.unacked.push(id);
        live.send({
          type: 'answer',
          id,
          text: `${sim.name} answer ${turn}: I would cache reads and invalidate on writes.`,
          mode: 'typed',
        });
        const ack = (await live.nextOrClose(
          (f) => (f.type === 'ack' || f.type === 'error') && 'id' in f && f.id === id,
        )) as Extract<ServerFrame, { type: 'ack' | 'error' }> | null;
        if (!ack) return;
        if (ack.type === 'error') throw new Error(`answer refused: ${JSON.stringify(ack)}`);
        sim.unacked.pop();
        sim.acks.push({ id, seq: ack.seq });
        totalAcks += 1;
        maybeKill();
        if (!(await live.nextOrClose('reply.end'))) return;
      }
    };
    await Promise.all(sims.map(drive));
    expect(killed).toBe(true);
    await server.exited;
    mark('killed');
    expect(server.child.signalCode).toBe('SIGKILL');

    // Phase 2: restart on the same database; the model host behaves again.
    host.decide = () => 'ok';
    server = startServerProcess(env);
    base = await server.url;
    expect((await api(base, 'GET', '/api/health')).status).toBe(200);
    const recoveryMs = Date.now() - killAt.ms;
    mark('restarted');

    let verifiedAcks = 0;
    let repliesRecovered = 0;
    let resentStored = 0;
    for (const sim of sims) {
      const { conversation } = await conversationOf(base, sim.candidate.cookie, sim.interviewId);
      // Gap-free positions 1..n.
      expect(conversation.map((m) => m.seq)).toEqual(conversation.map((_, i) => i + 1));
      for (const ack of sim.acks) {
        const found = conversation.filter((m) => m.id === ack.id);
        expect(found).toHaveLength(1);
        expect(found[0]).toMatchObject({ seq: ack.seq, speaker: 'User' });
        verifiedAcks += 1;
      }
      // In the order acknowledged.
      const ackSeqs = sim.acks.map((a) => a.seq);
      expect(ackSeqs).toEqual([...ackSeqs].sort((a, b) => a - b));
      // An answer the kill cut off is there at most once.
      for (const id of sim.unacked) {
        expect(conversation.filter((m) => m.id === id).length).toBeLessThanOrEqual(1);
      }
    }

    // Every attempt still open resumes: start, the reply lost to the kill if any, the cut-off
    // answer re-sent under its id, a new answer, then the end.
    await Promise.all(
      sims
        .filter((s) => !s.endedBeforeKill)
        .map(async (sim) => {
          const before = await conversationOf(base, sim.candidate.cookie, sim.interviewId);
          const live = await LiveClient.connect(base, sim.interviewId, sim.candidate.cookie);
          live.start();
          const state = await live.nextOrClose('state');
          expect(state?.messages.map((m) => m.id)).toEqual(before.conversation.map((m) => m.id));
          if (before.conversation.at(-1)?.speaker === 'User') {
            // The interviewer's reply was lost to the kill: it is produced now.
            const reply = await live.nextOrClose('reply.end');
            expect(reply?.message.speaker).toBe('AI');
            expect(reply?.message.seq).toBe(before.conversation.length + 1);
            repliesRecovered += 1;
          }
          for (const id of sim.unacked) {
            const stored = before.conversation.find((m) => m.id === id);
            live.send({ type: 'answer', id, text: 'Re-sent after the restart.', mode: 'typed' });
            const ack = await live.nextOrClose((f) => f.type === 'ack' && f.id === id);
            if (stored) {
              expect(ack).toMatchObject({ seq: stored.seq });
              resentStored += 1;
            }
            expect(await live.nextOrClose('reply.end')).not.toBeNull();
          }
          const now = await conversationOf(base, sim.candidate.cookie, sim.interviewId);
          const id = crypto.randomUUID();
          live.send({
            type: 'answer',
            id,
            text: 'A new answer after the restart.',
            mode: 'typed',
          });
          const ack = await live.nextOrClose((f) => f.type === 'ack' && f.id === id);
          expect(ack).toMatchObject({ seq: now.conversation.length + 1 });
          const reply = await live.nextOrClose('reply.end');
          expect(reply?.message.seq).toBe(now.conversation.length + 2);
          live.send({ type: 'end', early: true });
          expect(await live.nextOrClose('ended')).toMatchObject({ reportStatus: 'pending' });
          live.close();
        }),
    );

    mark('resumed');
    // Every report completes: those orphaned by the kill too (resumed at start-up).
    for (const sim of sims) {
      const report = await finalReport(base, sim.candidate.cookie, sim.interviewId);
      expect(report.status).toBe('completed');
    }

    mark('reports');
    // And in the database itself, after a clean stop.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const database = await openDatabase(
      kind === 'postgres' ? { url: dbUrl } : { dataDir: `${dataDir}/pglite` },
    );
    try {
      const rows = await database.db.select({ status: reports.status }).from(reports);
      expect(rows.filter((r) => r.status === 'pending')).toHaveLength(0);
      expect(rows.filter((r) => r.status === 'completed')).toHaveLength(sims.length);
    } finally {
      await database.close();
    }

    mark('db-checked');
    console.info(marks.join(', '));
    expect(enders.every((s) => s.endedBeforeKill)).toBe(true);
    expect(verifiedAcks).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    console.info(
      `[faults] kill -9 on ${kind}: ${sims.length} candidates, ${verifiedAcks} acks verified, ` +
        `${sims.reduce((n, s) => n + s.unacked.length, 0)} answers cut off (${resentStored} of them stored), ` +
        `${repliesRecovered} replies recovered, ${enders.length} orphaned reports resumed, ` +
        `back up in ${recoveryMs} ms after the kill`,
    );
  } finally {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await host?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (env?.DATA_DIR && env.DATA_DIR !== dataDir)
      fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
}

// The two databases side by side (each server is its own process): the file takes the time of one.
describe.concurrent('kill -9 of the server during interviews', () => {
  for (const kind of databaseKinds()) {
    it(
      `keeps every acknowledged answer, resumes every attempt and leaves no report pending on ${kind}`,
      () => killNine(kind),
      150_000,
    );
  }
});

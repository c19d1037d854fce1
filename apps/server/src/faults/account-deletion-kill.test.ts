import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { userFilesDir } from '../modules/account/user-files';
import { databaseKinds, openTestDatabase, type DatabaseKind } from '../test/harness';
import { rowsMentioning } from '../test/user-data';
import { PASSWORD, api, startServerProcess, type Candidate, type ServerProcess } from './support';
import { signUpCandidate } from '../test/users';

/**
 * Issue 17: `kill -9` of the server while it deletes an account leaves either everything of the
 * account or nothing: never an account without its attempts, attempts without their messages, or
 * files without an account once the server is back. The candidate has a long history (hundreds of
 * attempts, thousands of messages), so the deletion takes a while.
 *
 * On PostgreSQL the kill lands inside the transaction for certain: the test holds a lock on
 * `verification`, which the deletion reaches after deleting the messages, reports, attempts,
 * sessions and sign-in methods, and kills the server while pg_stat_activity shows it waiting
 * there. On PGlite (inside the server process, nothing to observe from outside) the kill comes at
 * growing delays after the request arrives, until one finds the account gone; every kill before it
 * must have left everything.
 */

const ATTEMPTS = 250;
const MESSAGES_PER_ATTEMPT = 40;

async function giveLongHistory(db: Database['db'], userId: string, dataDir: string) {
  await db.execute(sql`
    insert into interviews (user_id, room_id, title, category_name, difficulty, type, duration, status)
    select ${userId}, 'room-' || g, 'Attempt ' || g, 'Backend', 'mid', 'fixed', 30, 'completed'
    from generate_series(1, ${ATTEMPTS}) g`);
  await db.execute(sql`
    insert into interview_messages (id, interview_id, seq, speaker, message)
    select gen_random_uuid()::text, i.id, s, case when s % 2 = 0 then 'User' else 'AI' end,
      'Okay, so… I would cache reads, invalidate on writes, and version the keys. ' || s
    from interviews i, generate_series(1, ${MESSAGES_PER_ATTEMPT}) s where i.user_id = ${userId}`);
  await db.execute(sql`
    insert into reports (interview_id, user_id, status, overall_score, content)
    select id, user_id, 'completed', 70, '{"summary":"fine"}'::jsonb from interviews where user_id = ${userId}`);
  const dir = userFilesDir(dataDir, userId)!;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'recording.webm'), 'audio');
}

type Outcome = 'everything' | 'nothing';

/** What the kill left: the whole account or none of it (anything else fails the test). */
async function outcome(
  db: Database['db'],
  candidate: Candidate,
  before: Record<string, number>,
): Promise<Outcome> {
  const now = await rowsMentioning(db, [candidate.userId, candidate.email!]);
  if (Object.keys(now).length === 0) return 'nothing';
  expect(now, 'a kill left part of the account').toEqual(before);
  return 'everything';
}

const deleteRequest = (base: string, candidate: Candidate) =>
  api(base, 'DELETE', '/api/user/account', {
    cookie: candidate.cookie,
    body: { password: PASSWORD },
  }).catch((err: unknown) => ({
    status: 0,
    // The kill cuts the connection: what fetch says about it.
    text: `fetch failed: ${String((err as Error).cause ?? err)}`,
  }));

async function killDuringDeletion(kind: DatabaseKind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-delk9-'));
  let server: ServerProcess | undefined;
  let dbUrl: string | undefined;
  const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const open = () =>
    openDatabase(kind === 'postgres' ? { url: dbUrl } : { dataDir: `${dataDir}/pglite` });
  /** Starts the server and waits until it is ready (migrations done, orphaned files swept). */
  const restart = async () => {
    server = startServerProcess(env);
    const base = await server.url;
    for (let i = 0; (await api(base, 'GET', '/api/ready')).status !== 200; i++) {
      if (i > 600) throw new Error('the server never became ready');
      await new Promise((r) => setTimeout(r, 100));
    }
    return base;
  };
  const kill = async () => {
    server!.child.kill('SIGKILL');
    await server!.exited;
    expect(server!.child.signalCode).toBe('SIGKILL');
  };
  try {
    if (kind === 'postgres') {
      const database = await openTestDatabase(kind);
      dbUrl = database.url!;
      await database.close();
      env.DATABASE_URL = dbUrl;
    }
    let base = await restart();
    const candidate = await signUpCandidate(base, { firstName: 'Deleted', lastName: 'Tester' });
    const bystander = await signUpCandidate(base, { firstName: 'Stays', lastName: 'Tester' });
    if (kind === 'pglite') {
      server!.child.kill('SIGTERM');
      expect(await server!.exited).toBe(0);
    }
    let database = await open();
    await giveLongHistory(database.db, candidate.userId, dataDir);
    await giveLongHistory(database.db, bystander.userId, dataDir);
    const before = await rowsMentioning(database.db, [candidate.userId, candidate.email!]);
    const bystanderBefore = await rowsMentioning(database.db, [bystander.userId]);
    expect(before['public.interview_messages']).toBe(ATTEMPTS * MESSAGES_PER_ATTEMPT);
    if (kind === 'pglite') await database.close();
    const files = userFilesDir(dataDir, candidate.userId)!;

    const kills: { at: string; outcome: Outcome }[] = [];
    if (kind === 'postgres') {
      if (!server || server.child.exitCode !== null) base = await restart();
      // Hold the deletion at its last tables, then kill the server there.
      const blocker = new pg.Client({ connectionString: dbUrl });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('lock table verification in share row exclusive mode');
        let answered: unknown = null;
        void deleteRequest(base, candidate).then((r) => (answered = r?.text ?? 'no answer'));
        for (let i = 0; ; i++) {
          if (answered) throw new Error(`the deletion answered: ${String(answered)}`);
          // pg_locks is read live (pg_stat_activity would be this transaction's snapshot).
          const { rows } = await blocker.query<{ n: number }>(
            `select count(*)::int as n from pg_locks
             where relation = 'verification'::regclass and not granted`,
          );
          if (rows[0]!.n > 0) break;
          if (i > 1200) throw new Error('the deletion never reached verification');
          await new Promise((r) => setTimeout(r, 50));
        }
        // Inside the transaction the messages, reports and attempts are gone already.
        await kill();
      } finally {
        await blocker.query('rollback').catch(() => undefined);
        await blocker.end();
      }
      kills.push({
        at: 'waiting on verification',
        outcome: await outcome(database.db, candidate, before),
      });
      expect(kills[0]!.outcome).toBe('everything');
      expect(fs.existsSync(files)).toBe(true);
    } else {
      for (const delayMs of [0, 25, 50, 100, 200, 400, 800, 1600, 3200]) {
        base = await restart();
        const arrived = new Promise<void>((resolve) => {
          const check = () => {
            if (/"url":"\/api\/user\/account"/.test(server!.output())) resolve();
            else setTimeout(check, 2);
          };
          check();
        });
        void deleteRequest(base, candidate);
        await arrived;
        await new Promise((r) => setTimeout(r, delayMs));
        await kill();
        database = await open();
        const result = await outcome(database.db, candidate, before);
        await database.close();
        kills.push({ at: `${delayMs} ms after the request arrived`, outcome: result });
        if (result === 'everything') expect(fs.existsSync(files)).toBe(true);
        if (result === 'nothing') break;
      }
    }

    // Back up: the account is either whole (and can be deleted now) or gone with its files.
    base = await restart();
    if (kills.at(-1)!.outcome === 'everything') {
      const res = await deleteRequest(base, candidate);
      expect(res?.status).toBe(200);
    }
    expect(fs.existsSync(files)).toBe(false);
    server!.child.kill('SIGTERM');
    expect(await server!.exited).toBe(0);
    if (kind === 'pglite') database = await open();
    expect(await rowsMentioning(database.db, [candidate.userId, candidate.email!])).toEqual({});
    expect(await rowsMentioning(database.db, [bystander.userId])).toEqual(bystanderBefore);
    expect(fs.existsSync(userFilesDir(dataDir, bystander.userId)!)).toBe(true);
    await database.close();
    console.info(
      `[faults] kill -9 during account deletion on ${kind}: ` +
        kills.map((k) => `${k.at}: ${k.outcome}`).join('; '),
    );
  } finally {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe.concurrent('kill -9 of the server during an account deletion', () => {
  for (const kind of databaseKinds()) {
    it(
      `leaves everything of the account or nothing on ${kind}`,
      () => killDuringDeletion(kind),
      240_000,
    );
  }
});

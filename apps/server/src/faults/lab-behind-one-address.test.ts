import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase, type DatabaseKind } from '../test/harness';
import { signUpCandidate } from '../test/users';
import { PASSWORD, api, startServerProcess, type ServerProcess } from './support';

/**
 * Issue 12, finding 7: a university lab behind one address. Thirty students sign up and sign in
 * within a minute, every request from the same address (this test process, 127.0.0.1), with the
 * throttling settings a fresh install has; all must get in. Then one account is guessed at ten
 * times, sent all at once and spread over the servers: it is throttled, while another student at
 * the same address still signs in, and so does the administrator at the portal.
 *
 * The real entry point in separate processes; on PostgreSQL two of them on one database, every
 * request going to each in turn, so the counters are the database's, not a process's.
 */

const STUDENTS = 30;
const ADMIN = { email: 'lab-admin@example.com', password: 'Lab-admin-1' };

async function lab(kind: DatabaseKind) {
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  try {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-lab-'));
    dirs.push(dataDir);
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // What a fresh install runs with (support.ts raises the sign-in limit for other faults).
      SIGN_IN_RATE_LIMIT: '5',
      SIGN_IN_RATE_WINDOW_SECONDS: '300',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    if (kind === 'postgres') {
      const database = await openTestDatabase('postgres');
      env.DATABASE_URL = database.url!;
      await database.close();
    }
    servers.push(startServerProcess(env));
    // The second process starts once the first has migrated and created the administrator.
    const bases = [await servers[0]!.url];
    if (kind === 'postgres') {
      servers.push(startServerProcess(env));
      bases.push(await servers[1]!.url);
    }
    const base = (i: number) => bases[i % bases.length]!;
    const signIn = (i: number, email: string, password: string, portal = '/api/auth') =>
      api(base(i), 'POST', `${portal}/sign-in/email`, { body: { email, password } });

    // Thirty students, ten at a time, as a class arriving.
    const students: { email: string }[] = [];
    for (let batch = 0; batch < STUDENTS / 10; batch++) {
      const signedUp = await Promise.all(
        Array.from({ length: 10 }, async (_, j) => {
          const i = batch * 10 + j;
          const res = await fetch(`${base(i)}/api/auth/sign-up/email`, {
            method: 'POST',
            headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
            body: JSON.stringify({
              email: `student-${kind}-${i}@lab.example.com`,
              password: PASSWORD,
              name: `Student Number`,
              firstName: 'Student',
              lastName: i % 2 ? "O'Brien-Smith" : 'Nguyễn',
              experienceLevel: 'junior',
            }),
          });
          return { i, status: res.status };
        }),
      );
      expect(signedUp.map((s) => s.status)).toEqual(Array(10).fill(200));
      for (const { i } of signedUp)
        students.push({ email: `student-${kind}-${i}@lab.example.com` });
    }
    const signIns = [];
    for (let batch = 0; batch < STUDENTS / 10; batch++) {
      signIns.push(
        ...(await Promise.all(
          students
            .slice(batch * 10, batch * 10 + 10)
            .map((s, j) => signIn(batch * 10 + j, s.email, PASSWORD).then((r) => r.status)),
        )),
      );
    }
    expect(signIns).toEqual(Array(STUDENTS).fill(200));

    // Ten wrong passwords on one account, all at once, over every server.
    const victim = students[0]!.email;
    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signIn(i, victim, 'Guess1!pass')),
    );
    const statuses = guesses.map((g) => g.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
    const limited = guesses.find((g) => g.status === 429)!;
    const wait = Number(limited.res.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect((limited.json as { message: string }).message).toMatch(
      /^Too many failed sign-ins for this account\. Please wait \d+ (minutes?|seconds?) and try again\.$/,
    );
    // The rest of the lab carries on, on every server; so does the administrator.
    for (let i = 0; i < bases.length; i++) {
      expect((await signIn(i, students[1 + i]!.email, PASSWORD)).status).toBe(200);
      expect((await signIn(i, ADMIN.email, ADMIN.password, '/api/admin-auth')).status).toBe(200);
    }
    // A new student can still join.
    expect(
      (await signUpCandidate(base(0), { firstName: 'Latecomer', lastName: 'Tester' })).cookie,
    ).toMatch(/candor\.session_token=/);
  } finally {
    for (const server of servers) {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await server.exited;
    }
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.concurrent('30 candidates from one address', () => {
  for (const kind of databaseKinds()) {
    it(
      `all sign up and sign in, and one account's guesses are throttled, on ${kind}`,
      () => lab(kind),
      180_000,
    );
  }
});

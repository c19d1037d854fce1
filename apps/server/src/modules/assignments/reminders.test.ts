import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { assignmentReminders, assignmentSets, assignments, interviews } from '../../db/schema';
import { testClock } from '../../test/clock';
import { insertCohort } from '../../test/cohorts';
import {
  createTestApp,
  databaseKinds,
  openTestDatabase,
  type TestContext,
} from '../../test/harness';
import { insertSet } from '../../test/interviews';
import { signUpCandidate, type SignedIn } from '../../test/users';
import { sendDueReminders } from './reminders';

/*
 * Issue 31: reminders two days before and the day before an assignment's due time, each sent
 * once across processes. Two app instances on one database (on PostgreSQL, each with its own
 * connection pool), each with its own mailer, run the reminders at the same moment; the clock is
 * moved by the test, never slept on.
 */

const HOUR = 3_600_000;

describe.each(databaseKinds())('assignment reminders, two app instances on %s', (kind) => {
  const clock = testClock();
  let shared: Database & { url?: string };
  let second: Database | null = null;
  let one: TestContext;
  let two: TestContext;
  let people: SignedIn[];
  let assignmentId: string;
  let setId: string;

  beforeAll(async () => {
    shared = await openTestDatabase(kind);
    // PGlite is one process's database: the two apps share it. PostgreSQL: two pools.
    second = shared.url ? await openDatabase({ url: shared.url, poolSize: 3 }) : null;
    one = await createTestApp(
      kind,
      { SIGN_IN_RATE_LIMIT: '1000' },
      { database: shared, now: clock.now },
    );
    two = await createTestApp(kind, {}, { database: second ?? shared, now: clock.now });
    people = [];
    for (const firstName of ['Zoë', 'Søren', 'Ada', 'Bo']) {
      people.push(await signUpCandidate(one.app, { firstName, lastName: 'Student' }));
    }
    const db = shared.db;
    const cohortId = await insertCohort(db, {
      name: 'Spring',
      memberIds: people.map((p) => p.userId),
    });
    setId = await insertSet(db, {
      type: 'fixed',
      title: 'Closures',
      questions: [{ questionText: 'Q?' }],
    });
    const now = clock.now().getTime();
    const [row] = await db
      .insert(assignments)
      .values({
        cohortId,
        opensAt: new Date(now - HOUR),
        dueAt: new Date(now + 72 * HOUR),
        attemptsAllowed: 2,
      })
      .returning();
    assignmentId = row!.id;
    await db.insert(assignmentSets).values({ assignmentId, interviewSetId: setId, position: 0 });
  }, 60_000);

  afterAll(async () => {
    await two?.app.close();
    await second?.close();
    await one?.close();
  });

  /** Both instances run the reminders at once; what each mailer sent. */
  async function runBoth() {
    const before = [one.mailer.sent.length, two.mailer.sent.length];
    const deps = (ctx: TestContext) => ({
      db: ctx.app.deps.db,
      mailer: ctx.mailer,
      now: clock.now,
      log: ctx.app.log,
      publicUrl: 'http://localhost:3000',
    });
    await Promise.all([sendDueReminders(deps(one)), sendDueReminders(deps(two))]);
    return [...one.mailer.sent.slice(before[0]), ...two.mailer.sent.slice(before[1])];
  }

  it('nothing three days ahead; two days before, one e-mail per candidate; the day before, one more', async () => {
    expect(await runBoth()).toHaveLength(0);

    // A candidate who completed the set is not reminded.
    const done = people[3]!;
    await shared.db.insert(interviews).values({
      userId: done.userId,
      interviewSetId: setId,
      assignmentId,
      roomId: 'room-done',
      title: 'Closures',
      categoryName: 'Cat',
      difficulty: 'mid',
      type: 'fixed',
      duration: 10,
      status: 'completed',
      answeredAt: clock.now(),
      completedAt: clock.now(),
    });

    clock.advance(25 * HOUR); // due in 47 hours
    const twoDays = await runBoth();
    expect(twoDays.map((m) => m.to).sort()).toEqual(
      people
        .slice(0, 3)
        .map((p) => p.email)
        .sort(),
    );
    expect(twoDays[0]!.subject).toBe('Reminder: your assignment is due in two days');
    expect(twoDays[0]!.text).toContain('Closures');
    expect(twoDays[0]!.text).toContain('dashboard: http://localhost:3000/');
    // Run again, and again a few hours on: nothing more of that kind.
    expect(await runBoth()).toHaveLength(0);
    clock.advance(5 * HOUR);
    expect(await runBoth()).toHaveLength(0);

    clock.advance(20 * HOUR); // due in 22 hours
    const oneDay = await runBoth();
    expect(oneDay.map((m) => m.to).sort()).toEqual(
      people
        .slice(0, 3)
        .map((p) => p.email)
        .sort(),
    );
    expect(oneDay[0]!.subject).toBe('Reminder: your assignment is due tomorrow');
    expect(await runBoth()).toHaveLength(0);

    const rows = await shared.db
      .select()
      .from(assignmentReminders)
      .where(eq(assignmentReminders.assignmentId, assignmentId));
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);

    // Past the due time: nothing.
    clock.advance(23 * HOUR);
    expect(await runBoth()).toHaveLength(0);
  });
});

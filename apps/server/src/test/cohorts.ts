import { eq } from 'drizzle-orm';
import type { App } from '../app';
import type { Db } from '../db/client';
import {
  assignmentSets,
  assignments,
  cohortCoaches,
  cohortMembers,
  cohorts,
  user,
} from '../db/schema';
import { TEST_PASSWORD, signIn, signUpCandidate, type SignedIn } from './users';
import { cookiesFrom } from './harness';

/**
 * Cohorts written straight into the tables (decision 046), so a test states exactly who coaches
 * whom; the routes that make them have tests of their own (modules/cohorts).
 */
export async function insertCohort(
  db: Db,
  opts: { name?: string; coachIds?: string[]; memberIds?: string[]; emailDomain?: string } = {},
): Promise<string> {
  const [row] = await db
    .insert(cohorts)
    .values({
      name: opts.name ?? 'Cohort',
      startsOn: '2030-01-01',
      endsOn: '2099-12-31',
      emailDomain: opts.emailDomain ?? null,
    })
    .returning({ id: cohorts.id });
  const id = row!.id;
  if (opts.coachIds?.length) {
    await db
      .insert(cohortCoaches)
      .values(opts.coachIds.map((userId) => ({ cohortId: id, userId })));
  }
  if (opts.memberIds?.length) {
    await db
      .insert(cohortMembers)
      .values(
        opts.memberIds.map((userId) => ({ cohortId: id, userId, joinedVia: 'list' as const })),
      );
  }
  return id;
}

/**
 * A coach signed in to the admin portal: an account signed up as a candidate, given the coach
 * role (as PUT /api/admin/coaches/:id does), then signed in through the portal's own door.
 */
export async function signInCoach(
  app: App,
  db: Db,
  names: { firstName?: string; lastName?: string } = {},
): Promise<SignedIn> {
  const account = await signUpCandidate(app, {
    firstName: names.firstName ?? 'Grace',
    lastName: names.lastName ?? 'Hopper',
  });
  await db.update(user).set({ role: 'coach' }).where(eq(user.id, account.userId));
  const res = await signIn(app, account.email, TEST_PASSWORD, 'admin');
  if (res.statusCode !== 200)
    throw new Error(`coach sign-in failed: ${res.statusCode} ${res.body}`);
  return { ...account, cookie: cookiesFrom(res.headers['set-cookie']) };
}

/** An assignment of a cohort written straight into the tables: open a day ago, due in a week. */
export async function insertAssignment(db: Db, cohortId: string, setId: string): Promise<string> {
  const now = Date.now();
  const [row] = await db
    .insert(assignments)
    .values({
      cohortId,
      opensAt: new Date(now - 86_400_000),
      dueAt: new Date(now + 7 * 86_400_000),
      attemptsAllowed: 3,
    })
    .returning({ id: assignments.id });
  await db
    .insert(assignmentSets)
    .values({ assignmentId: row!.id, interviewSetId: setId, position: 0 });
  return row!.id;
}

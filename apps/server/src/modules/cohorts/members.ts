import {
  MEMBER_IMPORT_OUTCOMES,
  type CohortJoinedVia,
  type MemberImport,
  type MemberImportOutcome,
  type MemberImportResult,
} from '@candor/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cohortMembers, user } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { recordChanges, type Actor } from '../audit';
import { readImport } from './import-text';
import { lockCohort, type Tx } from './service';

/**
 * Adds candidates to a cohort and records each addition. Those already in it are left as they
 * are (ON CONFLICT, so two imports at once never add anyone twice); the ids actually added.
 */
export async function addMembers(
  tx: Tx,
  actor: Actor,
  cohort: { id: string; name: string },
  userIds: string[],
  via: CohortJoinedVia,
  inviteId?: string,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const added = await tx
    .insert(cohortMembers)
    .values(userIds.map((userId) => ({ cohortId: cohort.id, userId, joinedVia: via, inviteId })))
    .onConflictDoNothing()
    .returning({ userId: cohortMembers.userId });
  await recordChanges(
    tx,
    actor,
    added.map(({ userId }) => ({
      action: 'cohort_member_added' as const,
      subject: { type: 'cohort' as const, id: cohort.id, label: cohort.name },
      candidateId: userId,
      after: { cohort: cohort.name },
      details: { via },
    })),
  );
  return new Set(added.map((a) => a.userId));
}

/**
 * A pasted list or a CSV applied to a cohort: every entry gets a line in the answer saying what
 * became of it, and only existing candidate accounts are added (an unknown e-mail is reported,
 * not invited: the invite link is for people without an account).
 */
export async function importMembers(
  db: Db,
  actor: Actor,
  cohortId: string,
  input: MemberImport,
): Promise<MemberImportResult> {
  const entries = readImport(input);
  const emails = [...new Set(entries.flatMap((e) => (e.email ? [e.email] : [])))];
  return db.transaction(async (tx) => {
    const cohort = await lockCohort(tx, cohortId);
    const accounts = emails.length
      ? await tx
          .select({ id: user.id, email: user.email, role: user.role })
          .from(user)
          .where(inArray(user.email, emails))
      : [];
    const byEmail = new Map(accounts.map((a) => [a.email.toLowerCase(), a]));
    const candidateIds = accounts.filter((a) => a.role === 'candidate').map((a) => a.id);
    const added = await addMembers(tx, actor, cohort, candidateIds, input.format);

    const seen = new Set<string>();
    const lines = entries.map((entry) => {
      const outcome = ((): MemberImportOutcome => {
        if (!entry.email) return 'invalid';
        if (seen.has(entry.email)) return 'duplicate';
        seen.add(entry.email);
        const account = byEmail.get(entry.email);
        if (!account) return 'unknown';
        if (account.role !== 'candidate') return 'not_candidate';
        return added.has(account.id) ? 'added' : 'already_member';
      })();
      return { line: entry.line, email: entry.email, name: entry.name, outcome };
    });
    const counts = Object.fromEntries(MEMBER_IMPORT_OUTCOMES.map((o) => [o, 0])) as Record<
      MemberImportOutcome,
      number
    >;
    for (const l of lines) counts[l.outcome] += 1;
    return { added: added.size, counts, lines };
  });
}

export async function removeMember(
  db: Db,
  actor: Actor,
  cohortId: string,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const cohort = await lockCohort(tx, cohortId);
    const removed = await tx
      .delete(cohortMembers)
      .where(and(eq(cohortMembers.cohortId, cohortId), eq(cohortMembers.userId, userId)))
      .returning({ userId: cohortMembers.userId });
    if (removed.length === 0) throw notFound('This person is not in the cohort');
    await recordChanges(tx, actor, [
      {
        action: 'cohort_member_removed',
        subject: { type: 'cohort', id: cohort.id, label: cohort.name },
        candidateId: userId,
        before: { cohort: cohort.name },
      },
    ]);
  });
}

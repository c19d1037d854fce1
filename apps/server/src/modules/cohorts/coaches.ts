import type { CoachesResponse, PersonRef } from '@candor/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cohortCoaches, session, user } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { recordChange, type Actor } from '../audit';

/*
 * The coach role (decision 046): an administrator makes an existing account a coach, and a coach
 * a candidate again. Administrators are made only with the CLI (`npm run admin:create`), never
 * through the API, so no session of the portal can make another administrator.
 */

const personName = (p: { firstName: string; lastName: string; email: string }) =>
  `${p.firstName} ${p.lastName}`.trim() || p.email;

export async function listCoaches(db: Db): Promise<CoachesResponse> {
  const rows = await db
    .select({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      cohorts: sql<number>`(select count(*)::int from ${cohortCoaches} c where c.user_id = "user"."id")`,
    })
    .from(user)
    .where(eq(user.role, 'coach'))
    .orderBy(asc(user.firstName), asc(user.lastName), asc(user.id));
  return {
    coaches: rows.map((r) => ({
      id: r.id,
      name: personName(r),
      email: r.email,
      cohorts: r.cohorts,
    })),
  };
}

/**
 * A candidate becomes a coach: they sign in to the admin portal with the same e-mail and password
 * and see the cohorts they are given. Making a coach of a coach changes nothing (and records
 * nothing); an administrator stays one (409).
 */
export async function makeCoach(db: Db, actor: Actor, userId: string): Promise<PersonRef> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(user).where(eq(user.id, userId)).for('update');
    if (!row) throw notFound('User not found');
    if (row.role === 'admin') {
      throw conflict('An administrator cannot be made a coach: they can already do everything');
    }
    if (row.role === 'candidate') {
      await tx.update(user).set({ role: 'coach' }).where(eq(user.id, userId));
      await recordChange(tx, actor, {
        action: 'role_changed',
        subject: { type: 'user', id: userId, label: '' },
        candidateId: userId,
        before: { role: 'candidate' },
        after: { role: 'coach' },
      });
    }
    return { id: row.id, name: personName(row), email: row.email };
  });
}

/**
 * A coach becomes a candidate again: they stop coaching every cohort, and their admin-portal
 * sessions end at once (the candidate app's stay theirs).
 */
export async function removeCoach(db: Db, actor: Actor, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.id, userId), eq(user.role, 'coach')))
      .for('update');
    if (!row) throw notFound('Coach not found');
    const coached = await tx
      .delete(cohortCoaches)
      .where(eq(cohortCoaches.userId, userId))
      .returning({ cohortId: cohortCoaches.cohortId });
    await tx.update(user).set({ role: 'candidate' }).where(eq(user.id, userId));
    await tx.delete(session).where(and(eq(session.userId, userId), eq(session.portal, 'admin')));
    await recordChange(tx, actor, {
      action: 'role_changed',
      subject: { type: 'user', id: userId, label: '' },
      candidateId: userId,
      before: { role: 'coach' },
      after: { role: 'candidate' },
      details: { cohortsLeft: coached.length },
    });
  });
}

import crypto from 'node:crypto';
import {
  inviteLinkPath,
  type CohortInvite,
  type CohortInviteCreated,
  type InvitePreview,
  type InviteState,
  type JoinedCohort,
  type inviteCreateSchema,
} from '@candor/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { cohortInvites, cohortMembers, cohorts, user } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import { candidateThemselves, recordChange, type Actor } from '../audit';
import { addMembers } from './members';
import { lockCohort } from './service';

/*
 * Invite links (decision 046): a token of 32 random bytes, of which only a SHA-256 is stored;
 * reusable by anyone holding the link until it expires, its seats are taken or an administrator
 * withdraws it. Joining takes a seat under the invite's row lock, so two candidates on the last
 * seat at once cannot both get it; a candidate already in the cohort takes none.
 */

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

type InviteRow = typeof cohortInvites.$inferSelect;

function stateOf(row: InviteRow, now: Date): InviteState {
  if (row.withdrawnAt) return 'withdrawn';
  if (row.expiresAt <= now) return 'expired';
  if (row.seatsTaken >= row.seats) return 'full';
  return 'open';
}

function toInvite(row: InviteRow, createdBy: string, now: Date): CohortInvite {
  return {
    id: row.id,
    expiresAt: row.expiresAt.toISOString(),
    seats: row.seats,
    seatsTaken: row.seatsTaken,
    state: stateOf(row, now),
    createdAt: row.createdAt.toISOString(),
    createdBy,
  };
}

const creator = sql<string>`coalesce(nullif(trim(${user.firstName} || ' ' || ${user.lastName}), ''), ${user.email}, '')`;

async function assertCohort(db: Db, cohortId: string) {
  const [row] = await db.select({ id: cohorts.id }).from(cohorts).where(eq(cohorts.id, cohortId));
  if (!row) throw notFound('Cohort not found');
}

export async function listInvites(db: Db, cohortId: string, now: Date) {
  await assertCohort(db, cohortId);
  const rows = await db
    .select({ invite: cohortInvites, createdBy: creator })
    .from(cohortInvites)
    .leftJoin(user, eq(user.id, cohortInvites.createdBy))
    .where(eq(cohortInvites.cohortId, cohortId))
    .orderBy(desc(cohortInvites.createdAt), desc(cohortInvites.id));
  return { invites: rows.map((r) => toInvite(r.invite, r.createdBy ?? '', now)) };
}

export async function createInvite(
  db: Db,
  actor: Actor,
  cohortId: string,
  input: z.output<typeof inviteCreateSchema>,
  options: { publicUrl: string; now: Date },
): Promise<CohortInviteCreated> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(options.now.getTime() + input.days * 86_400_000);
  const row = await db.transaction(async (tx) => {
    const cohort = await lockCohort(tx, cohortId);
    const [created] = await tx
      .insert(cohortInvites)
      .values({
        cohortId,
        tokenHash: hashOf(token),
        expiresAt,
        seats: input.seats,
        createdBy: actor.id,
        createdAt: options.now,
      })
      .returning();
    await recordChange(tx, actor, {
      action: 'cohort_invite_created',
      subject: { type: 'cohort', id: cohortId, label: cohort.name },
      after: { expiresAt: expiresAt.toISOString(), seats: input.seats },
      details: { inviteId: created!.id },
    });
    return created!;
  });
  const name = `${actor.firstName} ${actor.lastName}`.trim() || actor.email;
  return {
    ...toInvite(row, name, options.now),
    url: `${options.publicUrl.replace(/\/$/, '')}${inviteLinkPath(token)}`,
  };
}

/** Withdraws a link: nobody joins through it any more (those who did stay in the cohort). */
export async function withdrawInvite(
  db: Db,
  actor: Actor,
  cohortId: string,
  inviteId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const cohort = await lockCohort(tx, cohortId);
    const [row] = await tx
      .update(cohortInvites)
      .set({ withdrawnAt: now })
      .where(
        and(
          eq(cohortInvites.id, inviteId),
          eq(cohortInvites.cohortId, cohortId),
          isNull(cohortInvites.withdrawnAt),
        ),
      )
      .returning();
    if (!row) throw notFound('Invite link not found');
    await recordChange(tx, actor, {
      action: 'cohort_invite_revoked',
      subject: { type: 'cohort', id: cohortId, label: cohort.name },
      before: { expiresAt: row.expiresAt.toISOString(), seats: row.seats },
      details: { inviteId, seatsTaken: row.seatsTaken },
    });
  });
}

const closed = (state: InviteState) =>
  state === 'full'
    ? conflict(
        'Every place this invite link offers is taken. Ask your coach for a new link.',
        'INVITE_FULL',
      )
    : new AppError(
        410,
        'This invite link has expired. Ask your coach for a new link.',
        undefined,
        'INVITE_EXPIRED',
      );

const unknownLink = () =>
  notFound('This invite link is not valid. Check that it was copied whole.');

/** What the join page shows before anyone signs in: the cohort's name and dates. */
export async function previewInvite(db: Db, token: string, now: Date): Promise<InvitePreview> {
  const [row] = await db
    .select({ invite: cohortInvites, cohort: cohorts })
    .from(cohortInvites)
    .innerJoin(cohorts, eq(cohorts.id, cohortInvites.cohortId))
    .where(eq(cohortInvites.tokenHash, hashOf(token)));
  if (!row) throw unknownLink();
  const state = stateOf(row.invite, now);
  if (state !== 'open') throw closed(state);
  const { name, startsOn, endsOn } = row.cohort;
  return { cohort: { name, startsOn, endsOn }, expiresAt: row.invite.expiresAt.toISOString() };
}

/** A signed-in candidate joins the cohort of the link (once: following it again takes no seat). */
export async function joinByInvite(
  db: Db,
  candidate: { id: string; role: string },
  token: string,
  now: Date,
): Promise<JoinedCohort> {
  if (candidate.role !== 'candidate') {
    throw forbidden('Only candidate accounts join cohorts through an invite link');
  }
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(cohortInvites)
      .where(eq(cohortInvites.tokenHash, hashOf(token)))
      .for('update');
    if (!invite) throw unknownLink();
    const state = stateOf(invite, now);
    if (state === 'withdrawn' || state === 'expired') throw closed(state);
    // Read, not locked: the invite's row lock already holds the cohort (deleting it would delete
    // the invite), and locking both in this order could deadlock with an administrator's change.
    const [cohort] = await tx.select().from(cohorts).where(eq(cohorts.id, invite.cohortId));
    if (!cohort) throw unknownLink();
    const [member] = await tx
      .select({ userId: cohortMembers.userId })
      .from(cohortMembers)
      .where(and(eq(cohortMembers.cohortId, cohort.id), eq(cohortMembers.userId, candidate.id)));
    if (member) return { cohort: { id: cohort.id, name: cohort.name }, joined: false };
    if (state === 'full') throw closed(state);
    await addMembers(
      tx,
      candidateThemselves(candidate.id),
      cohort,
      [candidate.id],
      'invite',
      invite.id,
    );
    await tx
      .update(cohortInvites)
      .set({ seatsTaken: sql`${cohortInvites.seatsTaken} + 1` })
      .where(eq(cohortInvites.id, invite.id));
    return { cohort: { id: cohort.id, name: cohort.name }, joined: true };
  });
}

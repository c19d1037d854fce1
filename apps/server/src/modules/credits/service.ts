import { and, count, eq, gte, isNotNull, sql } from 'drizzle-orm';
import {
  CREDITS_EXHAUSTED,
  creditsExhaustedMessage,
  type CandidateCredits,
  type CreditPeriod,
  type CreditSettings,
} from '@candor/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { interviewMessages, interviews, platformSettings, user } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { recordChange, type Actor } from '../audit';

/**
 * Credits (issue 17, decision 025): an interview costs its candidate one credit, charged when its
 * first answer is stored, in the transaction that stores it (the turns call `creditCharge`). A candidate's limit is their own
 * (set by an administrator), else the platform's (admin settings), else CREDITS_DEFAULT_LIMIT;
 * 0 is unlimited, and administrators are never limited (nor charged). With period `month` the
 * count starts again at midnight UTC on the 1st; with `none` it never does.
 */

/** The operator's part (environment): the default limit and the period. */
export interface CreditPolicy {
  defaultLimit: number;
  period: CreditPeriod;
}

export function creditPolicy(
  config: Pick<Config, 'CREDITS_DEFAULT_LIMIT' | 'CREDITS_PERIOD'>,
): CreditPolicy {
  return { defaultLimit: config.CREDITS_DEFAULT_LIMIT, period: config.CREDITS_PERIOD };
}

/** Anything queries run on: the database or a transaction. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Where the current period began; null for `none` (every charge counts). */
export function periodStart(period: CreditPeriod, now: Date): Date | null {
  if (period === 'none') return null;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The candidate's credit state: what is used in the period and the limit in force (null: none). */
export interface CreditState {
  used: number;
  limit: number | null;
  period: CreditPeriod;
}

async function platformLimitSetting(tx: Tx): Promise<number | null> {
  const [row] = await tx
    .select({ creditsLimit: platformSettings.creditsLimit })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1))
    .limit(1);
  return row?.creditsLimit ?? null;
}

/** Credits the candidate used in the current period. */
async function usedInPeriod(tx: Tx, userId: string, policy: CreditPolicy, now: Date) {
  const start = periodStart(policy.period, now);
  const [row] = await tx
    .select({ n: count() })
    .from(interviews)
    .where(
      and(
        eq(interviews.userId, userId),
        start ? gte(interviews.creditChargedAt, start) : isNotNull(interviews.creditChargedAt),
      ),
    );
  return row?.n ?? 0;
}

/** The limit in force for a user, null when unlimited (an administrator, or a limit of 0). */
async function limitFor(
  tx: Tx,
  policy: CreditPolicy,
  found: { role: string; creditsLimit: number | null },
): Promise<number | null> {
  if (found.role === 'admin') return null;
  const limit = found.creditsLimit ?? (await platformLimitSetting(tx)) ?? policy.defaultLimit;
  return limit === 0 ? null : limit;
}

async function userLimitRow(tx: Tx, userId: string) {
  const [found] = await tx
    .select({ role: user.role, creditsLimit: user.creditsLimit })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return found;
}

export async function creditState(
  tx: Tx,
  policy: CreditPolicy,
  userId: string,
  now: Date,
): Promise<CreditState> {
  const found = await userLimitRow(tx, userId);
  if (!found) throw notFound('User not found');
  const limit = await limitFor(tx, policy, found);
  // An unlimited candidate's count is still shown to administrators (and costs one query).
  const used = await usedInPeriod(tx, userId, policy, now);
  return { used, limit, period: policy.period };
}

export function creditsExhausted(state: CreditState, now: Date): AppError {
  return new AppError(
    403,
    creditsExhaustedMessage(state.limit ?? 0, state.period, now),
    undefined,
    CREDITS_EXHAUSTED,
  );
}

/**
 * Refuses a new attempt (403 CREDITS_EXHAUSTED) when the candidate has no credit left. Only a
 * courtesy: the charge on the first answer is what holds, since attempts opened earlier can still
 * be answered.
 */
export async function assertCanStart(tx: Tx, policy: CreditPolicy, userId: string, now: Date) {
  const state = await creditState(tx, policy, userId, now);
  if (state.limit !== null && state.used >= state.limit) throw creditsExhausted(state, now);
}

export type ChargeOutcome = { charged: boolean } | { refused: CreditState };

/**
 * Charges the attempt's credit as its first answer is stored: call inside the transaction that
 * stores the answer, holding the attempt's row lock, before the answer is written. The candidate's
 * charges are serialised by a transaction-scoped advisory lock on their id (two attempts answered
 * at once in two tabs or two processes count each other), and the attempt is marked charged only
 * while it is not (the row lock makes its first answer happen once). An attempt that already
 * holds an answer (started before credits existed, or an administrator's) is never charged.
 * Returns `refused` (nothing written) when the candidate's credits are used up.
 */
export async function chargeFirstAnswer(
  tx: Tx,
  policy: CreditPolicy,
  attempt: { id: string; userId: string; creditChargedAt: Date | null },
  now: Date,
): Promise<ChargeOutcome> {
  if (attempt.creditChargedAt !== null) return { charged: false };
  const [answered] = await tx
    .select({ n: count() })
    .from(interviewMessages)
    .where(
      and(eq(interviewMessages.interviewId, attempt.id), eq(interviewMessages.speaker, 'User')),
    );
  if ((answered?.n ?? 0) > 0) return { charged: false };
  const found = await userLimitRow(tx, attempt.userId);
  if (!found || found.role === 'admin') return { charged: false };
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`credits:${attempt.userId}`}, 0))`,
  );
  const limit = await limitFor(tx, policy, found);
  if (limit !== null) {
    const used = await usedInPeriod(tx, attempt.userId, policy, now);
    if (used >= limit) return { refused: { used, limit, period: policy.period } };
  }
  await tx
    .update(interviews)
    .set({ creditChargedAt: now })
    .where(and(eq(interviews.id, attempt.id), sql`${interviews.creditChargedAt} is null`));
  return { charged: true };
}

/**
 * The charge the turns call with an attempt's first answer (modules/turns' CreditCharge): the
 * refusal to say when the candidate's credits are used up, else null.
 */
export function creditCharge(policy: CreditPolicy) {
  return {
    async firstAnswer(
      tx: Tx,
      attempt: { id: string; userId: string; creditChargedAt: Date | null },
      now: Date,
    ): Promise<AppError | null> {
      const outcome = await chargeFirstAnswer(tx, policy, attempt, now);
      return 'refused' in outcome ? creditsExhausted(outcome.refused, now) : null;
    },
  };
}

// --- Administrators' settings ---------------------------------------------------------------

export async function creditSettings(db: Db, policy: CreditPolicy): Promise<CreditSettings> {
  const creditsLimit = await platformLimitSetting(db);
  return {
    creditsLimit,
    defaultLimit: policy.defaultLimit,
    effectiveLimit: creditsLimit ?? policy.defaultLimit,
    period: policy.period,
  };
}

/** The platform's limit (null follows CREDITS_DEFAULT_LIMIT), recorded with what it was. */
export async function setPlatformLimit(
  db: Db,
  policy: CreditPolicy,
  actor: Actor,
  creditsLimit: number | null,
): Promise<CreditSettings> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ creditsLimit: platformSettings.creditsLimit })
      .from(platformSettings)
      .where(eq(platformSettings.id, 1))
      .for('update');
    await tx
      .insert(platformSettings)
      .values({ id: 1, creditsLimit, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: platformSettings.id,
        set: { creditsLimit, updatedBy: actor.id, updatedAt: new Date() },
      });
    const was = before?.creditsLimit ?? null;
    if (was !== creditsLimit) {
      await recordChange(tx, actor, {
        action: 'platform_credits_changed',
        subject: { type: 'platform', id: 'credits', label: 'Credit limit' },
        before: { creditsLimit: was },
        after: { creditsLimit },
      });
    }
  });
  return creditSettings(db, policy);
}

export async function candidateCredits(
  db: Db,
  policy: CreditPolicy,
  userId: string,
  now: Date,
): Promise<CandidateCredits> {
  const [found] = await db
    .select({ creditsLimit: user.creditsLimit })
    .from(user)
    .where(and(eq(user.id, userId), eq(user.role, 'candidate')))
    .limit(1);
  if (!found) throw notFound('Candidate not found');
  const state = await creditState(db, policy, userId, now);
  const platform = (await platformLimitSetting(db)) ?? policy.defaultLimit;
  return {
    userId,
    creditsUsed: state.used,
    ownLimit: found.creditsLimit,
    creditsLimit: state.limit,
    platformLimit: platform,
    period: state.period,
  };
}

/** A candidate's own limit (null follows the platform's), recorded with what it was. */
export async function setCandidateLimit(
  db: Db,
  policy: CreditPolicy,
  actor: Actor,
  userId: string,
  creditsLimit: number | null,
  now: Date,
): Promise<CandidateCredits> {
  await db.transaction(async (tx) => {
    const candidate = and(eq(user.id, userId), eq(user.role, 'candidate'));
    const [before] = await tx
      .select({ creditsLimit: user.creditsLimit })
      .from(user)
      .where(candidate)
      .for('update');
    if (!before) throw notFound('Candidate not found');
    await tx.update(user).set({ creditsLimit }).where(candidate);
    if (before.creditsLimit !== creditsLimit) {
      await recordChange(tx, actor, {
        action: 'credits_limit_changed',
        subject: { type: 'user', id: userId, label: '' },
        candidateId: userId,
        before: { creditsLimit: before.creditsLimit },
        after: { creditsLimit },
      });
    }
  });
  return candidateCredits(db, policy, userId, now);
}

import {
  LAST_ADMIN,
  recordingUrl,
  type AccountDeleted,
  type AccountDeletionInfo,
  type DataExport,
  type DeleteAccountInput,
  type ExportedAttempt,
  type ExportedCodeRun,
} from '@candor/shared';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Auth } from '../../platform/auth/auth';
import type { Db } from '../../db/client';
import {
  account,
  codeRuns,
  cohortCoaches,
  cohortMembers,
  cohorts,
  interviewMessages,
  interviewSets,
  interviews,
  ltiIdentities,
  ltiLinks,
  recordings,
  reports,
  session,
  shareLinks,
  tailoredDocuments,
  stories,
  coachFeedback,
  whiteboards,
  user,
  verification,
} from '../../db/schema';
import { toCandidateRun } from '../coding';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { toPublicUser } from '../users';
import { toStory } from '../stories';
import { feedbackOf } from '../coach-feedback';
import { shareLinksOf } from '../report-share';
import { userRecordingsPrefix, type RecordingStore } from '../recordings';
import { forgetPerson, recordChange, type Actor } from '../audit';
import { removeUserFiles } from './user-files';

/** better-auth's provider id of an e-mail and password sign-in. */
const PASSWORD_PROVIDER = 'credential';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function providersOf(db: Db, userId: string): Promise<{ id: string; hash: string | null }[]> {
  const rows = await db
    .select({ id: account.providerId, hash: account.password })
    .from(account)
    .where(eq(account.userId, userId));
  return rows;
}

/** Whether the account re-enters a password or types its e-mail to delete itself. */
export async function deletionInfo(db: Db, userId: string): Promise<AccountDeletionInfo> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!row) throw notFound('User not found');
  const providers = await providersOf(db, userId);
  return {
    email: row.email,
    hasPassword: providers.some((p) => p.id === PASSWORD_PROVIDER && p.hash),
    providers: [...new Set(providers.map((p) => p.id))].sort(),
  };
}

/**
 * Everything kept about a person: the profile, each attempt with its questions as asked, its
 * conversation, its code runs, its whiteboards and its report, the job descriptions and résumés
 * kept for tailored interviews, their cohorts, coaches' feedback and course-platform (LTI) rows.
 * Internal bookkeeping (engine state, reply claims) and the catalogue's expected answers and
 * hidden tests are left out: they are the service's, not the candidate's.
 */
export async function exportData(db: Db, userId: string, now: Date): Promise<DataExport> {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  if (!row) throw notFound('User not found');
  const providers = await providersOf(db, userId);
  const attempts = await db
    .select()
    .from(interviews)
    .where(eq(interviews.userId, userId))
    .orderBy(asc(interviews.createdAt), asc(interviews.id));
  const ids = attempts.map((a) => a.id);
  const [messages, reportRows, recordingRows, runRows, boardRows] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(interviewMessages)
          .where(inArray(interviewMessages.interviewId, ids))
          .orderBy(asc(interviewMessages.interviewId), asc(interviewMessages.seq)),
        db.select().from(reports).where(eq(reports.userId, userId)),
        db.select().from(recordings).where(eq(recordings.userId, userId)),
        db
          .select()
          .from(codeRuns)
          .where(inArray(codeRuns.interviewId, ids))
          .orderBy(asc(codeRuns.createdAt), asc(codeRuns.id)),
        db
          .select()
          .from(whiteboards)
          .where(inArray(whiteboards.interviewId, ids))
          .orderBy(asc(whiteboards.interviewId), asc(whiteboards.questionIndex)),
      ])
    : [[], [], [], [], []];
  const documents = await db
    .select()
    .from(tailoredDocuments)
    .where(eq(tailoredDocuments.userId, userId))
    .orderBy(asc(tailoredDocuments.createdAt), asc(tailoredDocuments.id));
  const storyRows = await db
    .select()
    .from(stories)
    .where(eq(stories.userId, userId))
    .orderBy(asc(stories.createdAt), asc(stories.id));
  const memberships = await db
    .select({
      name: cohorts.name,
      startsOn: cohorts.startsOn,
      endsOn: cohorts.endsOn,
      joinedVia: cohortMembers.joinedVia,
      joinedAt: cohortMembers.createdAt,
    })
    .from(cohortMembers)
    .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
    .where(eq(cohortMembers.userId, userId))
    .orderBy(asc(cohortMembers.createdAt), asc(cohorts.id));
  const runsOf = new Map<string, ExportedCodeRun[]>();
  for (const run of runRows) {
    const list = runsOf.get(run.interviewId) ?? [];
    list.push({ ...toCandidateRun(run), code: run.code, durationMs: run.durationMs });
    runsOf.set(run.interviewId, list);
  }
  const recordingOf = new Map(recordingRows.map((r) => [r.messageId, r]));
  const byAttempt = new Map<string, typeof messages>();
  for (const m of messages) {
    const list = byAttempt.get(m.interviewId) ?? [];
    list.push(m);
    byAttempt.set(m.interviewId, list);
  }
  const reportOf = new Map(reportRows.map((r) => [r.interviewId, r]));

  return {
    format: 'candor-data-export',
    version: 2,
    exportedAt: now.toISOString(),
    profile: {
      ...toPublicUser(row),
      signInMethods: [...new Set(providers.map((p) => p.id))].sort(),
    },
    attempts: attempts.map((a): ExportedAttempt => {
      const report = reportOf.get(a.id);
      return {
        id: a.id,
        title: a.title,
        categoryName: a.categoryName,
        type: a.type,
        difficulty: a.difficulty,
        duration: a.duration,
        topics: a.topics,
        status: a.status,
        cancelReason: a.cancelReason,
        questions: a.questions.map((q) => q.questionText),
        createdAt: a.createdAt.toISOString(),
        startedAt: iso(a.startedAt),
        completedAt: iso(a.completedAt),
        conversation: (byAttempt.get(a.id) ?? []).map((m) => ({
          seq: m.seq,
          speaker: m.speaker,
          message: m.message,
          timestamp: m.timestamp.toISOString(),
          ...(m.meta.mode ? { mode: m.meta.mode } : {}),
          ...(m.meta.corrected && m.meta.original !== undefined
            ? { recognisedAs: m.meta.original }
            : {}),
          ...(recordingOf.has(m.id)
            ? {
                recording: {
                  format: recordingOf.get(m.id)!.format,
                  durationMs: recordingOf.get(m.id)!.durationMs,
                  sizeBytes: recordingOf.get(m.id)!.sizeBytes,
                  url: recordingUrl(a.id, m.id),
                },
              }
            : {}),
        })),
        report: report
          ? {
              status: report.status,
              overallScore: report.overallScore,
              communicationScore: report.communicationScore,
              problemSolvingScore: report.problemSolvingScore,
              confidenceScore: report.confidenceScore,
              content: report.content,
              createdAt: report.createdAt.toISOString(),
              updatedAt: report.updatedAt.toISOString(),
            }
          : null,
        codeRuns: runsOf.get(a.id) ?? [],
        whiteboards: boardRows
          .filter((b) => b.interviewId === a.id)
          .map((b) => ({
            questionIndex: b.questionIndex,
            version: b.version,
            scene: b.scene,
            updatedAt: b.updatedAt.toISOString(),
          })),
      };
    }),
    documents: documents.map((d) => ({
      id: d.id,
      kind: d.kind,
      name: d.name,
      text: d.text,
      extraction: d.extraction ?? null,
      createdAt: d.createdAt.toISOString(),
    })),
    stories: storyRows.map(toStory),
    shareLinks: await shareLinksOf(db, userId),
    cohorts: memberships.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
    coachFeedback: await feedbackOf(db, userId),
    lti: await ltiOf(db, userId),
  };
}

/**
 * The person's LTI rows (decision 047): identities and course links, without the client id, the
 * platform's error texts or anything of the tool's keys (the service's, not the person's).
 */
async function ltiOf(db: Db, userId: string): Promise<DataExport['lti']> {
  const identities = await db
    .select()
    .from(ltiIdentities)
    .where(eq(ltiIdentities.userId, userId))
    .orderBy(asc(ltiIdentities.createdAt), asc(ltiIdentities.issuer));
  const links = await db
    .select({ link: ltiLinks, setTitle: interviewSets.title })
    .from(ltiLinks)
    .innerJoin(interviewSets, eq(interviewSets.id, ltiLinks.interviewSetId))
    .where(eq(ltiLinks.userId, userId))
    .orderBy(asc(ltiLinks.firstLaunchAt), asc(ltiLinks.id));
  return {
    identities: identities.map((i) => ({
      issuer: i.issuer,
      sub: i.sub,
      linkedAt: i.createdAt.toISOString(),
    })),
    launches: links.map(({ link, setTitle }) => ({
      issuer: link.issuer,
      deploymentId: link.deploymentId,
      resourceLinkId: link.resourceLinkId,
      setTitle,
      lineItem: link.lineItem,
      firstLaunchAt: link.firstLaunchAt.toISOString(),
      bestScore: link.bestScore,
      scoreStatus: link.sendStatus,
      scoreSentAt: iso(link.sentAt),
    })),
  };
}

export const lastAdmin = () => new AppError(409, LAST_ADMIN.message, undefined, LAST_ADMIN.code);

export interface DeletionDeps {
  db: Db;
  /** Where stored files live (`$DATA_DIR/users/<id>`). */
  dataDir: string;
  /**
   * The recording store: on disk its files are inside the user's folder (removed with it); in S3
   * the objects under the user's prefix are deleted after the commit too.
   */
  recordings?: RecordingStore;
  /**
   * Called inside the transaction once every row is deleted and before it commits (the fault
   * suite pauses here to kill the process mid-deletion). Never set in production.
   */
  beforeCommit?: (userId: string) => Promise<void>;
}

/**
 * Deletes an account and everything of it in one transaction: its messages, reports, attempts,
 * sessions (which ends its open live sockets at their next session check: modules/live/sockets.ts),
 * sign-in methods, pending tokens and the user row; then its stored files. The foreign keys
 * cascade too; the deletes are written out so the order and the scope are plain to read.
 *
 * The last active administrator cannot be deleted (409 LAST_ADMIN). Every administrator row is
 * locked first, in one order, so two administrators deleting themselves at once cannot both go.
 */
export async function deleteUserAndData(
  deps: DeletionDeps,
  userId: string,
  only?: { role: 'candidate'; by: Actor },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.role, 'admin'), eq(user.status, 'active')))
      .orderBy(asc(user.id))
      .for('update');
    const [target] = await tx
      .select({ id: user.id, role: user.role, email: user.email })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    if (!target || (only && target.role !== only.role)) {
      throw notFound(only ? 'Candidate not found' : 'User not found');
    }
    if (target.role === 'admin' && !admins.some((a) => a.id !== userId)) throw lastAdmin();

    const attempts = tx
      .select({ id: interviews.id })
      .from(interviews)
      .where(eq(interviews.userId, userId));
    if (only) {
      // Recorded before the row goes: the entry's link to the candidate is then set null, so it
      // keeps that a candidate was deleted, by whom and when, and nothing of theirs.
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(interviews)
        .where(eq(interviews.userId, userId));
      await recordChange(tx, only.by, {
        action: 'candidate_deleted',
        subject: { type: 'user', id: userId, label: '' },
        candidateId: userId,
        details: { attempts: n },
      });
    }
    await tx.delete(interviewMessages).where(inArray(interviewMessages.interviewId, attempts));
    await tx.delete(reports).where(eq(reports.userId, userId));
    await tx.delete(stories).where(eq(stories.userId, userId));
    await tx.delete(coachFeedback).where(eq(coachFeedback.userId, userId));
    // Its share links (and their views) die with it: no link outlives the report it opens.
    await tx.delete(shareLinks).where(eq(shareLinks.userId, userId));
    await tx.delete(cohortMembers).where(eq(cohortMembers.userId, userId));
    await tx.delete(cohortCoaches).where(eq(cohortCoaches.userId, userId));
    // Who they are on a course platform, and the links whose scores went to its gradebook (a
    // score not yet sent is not sent: the person is gone).
    await tx.delete(ltiLinks).where(eq(ltiLinks.userId, userId));
    await tx.delete(ltiIdentities).where(eq(ltiIdentities.userId, userId));
    await tx.delete(interviews).where(eq(interviews.userId, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    // Password-reset tokens carry the user id as their value; others may name the e-mail.
    await tx
      .delete(verification)
      .where(
        or(
          sql`strpos(${verification.value}, ${userId}) > 0`,
          sql`strpos(lower(${verification.identifier}), ${target.email.toLowerCase()}) > 0`,
          sql`strpos(lower(${verification.value}), ${target.email.toLowerCase()}) > 0`,
        ),
      );
    await forgetPerson(tx, userId);
    await tx.delete(user).where(eq(user.id, userId));
    await deps.beforeCommit?.(userId);
  });
  await removeUserFiles(deps.dataDir, userId);
  if (deps.recordings?.kind === 's3') {
    await deps.recordings.deletePrefix(userRecordingsPrefix(userId));
  }
}

const DELETED: AccountDeleted = {
  success: true,
  message: 'Your account and all of its data have been deleted.',
};

/**
 * A user deleting their own account: an account with a password re-enters it (checked against the
 * stored hash); one without (Google, GitHub, single sign-on) types its e-mail address.
 */
export async function deleteOwnAccount(
  deps: DeletionDeps & { auth: Auth },
  userId: string,
  input: DeleteAccountInput,
): Promise<AccountDeleted> {
  const [row] = await deps.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!row) throw notFound('User not found');
  const credential = (await providersOf(deps.db, userId)).find(
    (p) => p.id === PASSWORD_PROVIDER && p.hash,
  );
  if (credential) {
    if (!input.password) {
      throw badRequest('password: Enter your password to delete your account', {
        password: 'Enter your password to delete your account',
      });
    }
    const ctx = await deps.auth.$context;
    const ok = await ctx.password.verify({ hash: credential.hash!, password: input.password });
    if (!ok) {
      throw badRequest('password: Password is incorrect', { password: 'Password is incorrect' });
    }
  } else if ((input.email ?? '').trim().toLowerCase() !== row.email.toLowerCase()) {
    const message = input.email
      ? 'This is not the e-mail address of your account'
      : 'Type your e-mail address to delete your account';
    throw badRequest(`email: ${message}`, { email: message });
  }
  await deleteUserAndData(deps, userId);
  return DELETED;
}

/** An administrator deleting a candidate (never another administrator: 404 for those). */
export async function deleteCandidate(deps: DeletionDeps, candidateId: string, by: Actor) {
  await deleteUserAndData(deps, candidateId, { role: 'candidate', by });
  return { success: true as const, message: 'The candidate and all of their data were deleted.' };
}

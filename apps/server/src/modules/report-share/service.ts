import {
  SHARE_LINK_GONE,
  type ConversationMessage,
  type Report,
  type SharedReport,
} from '@candor/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interviews, recordings, user } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { Role } from '@candor/shared';
import { recordView, type Actor } from '../audit';
import { candidateInScope, scopeOf } from '../cohorts';
import { assertAttemptId, getInterview } from '../interviews';
import { completedReport, openLink, recordLinkView, type ShareDeps } from './links';
import { renderReportPdf } from './pdf';

/**
 * What the share routes answer: the owner's PDF, a coach's PDF (audited), and the read-only
 * report behind a share link. Each reads the report through the reports module's `getReport`,
 * the function the report page's own route calls, so the PDF and the shared page say what the
 * page says.
 */

/** Who opened a share link, when signed in to either portal. */
export type LinkViewer = { id: string; portal: 'candidate' | 'admin'; actor: Actor } | null;

async function nameOf(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ firstName: user.firstName, lastName: user.lastName })
    .from(user)
    .where(eq(user.id, userId));
  return row ? `${row.firstName} ${row.lastName}`.trim() : '';
}

/** A PDF and the name it is saved under: the day the interview ended. */
export interface ReportPdf {
  bytes: Buffer;
  fileName: string;
}

async function pdfOf(db: Db, report: Report, userId: string): Promise<ReportPdf> {
  const bytes = await renderReportPdf({ report, candidateName: await nameOf(db, userId) });
  const day = (report.interview.completedAt ?? report.createdAt).slice(0, 10);
  return { bytes, fileName: `candor-report-${day}.pdf` };
}

/** `GET /api/interview/:id/report.pdf`: the owner's completed report as a PDF. */
export async function ownReportPdf(
  db: Db,
  userId: string,
  interviewId: string,
): Promise<ReportPdf> {
  return pdfOf(db, await completedReport(db, userId, interviewId), userId);
}

/**
 * `GET /api/admin/candidates/:id/attempts/:attemptId/report.pdf`: a coach's copy of a candidate's
 * report, written to the audit log before it is made, as the coach's report view is. Another
 * candidate's attempt is not found here.
 */
export async function coachReportPdf(
  db: Db,
  actor: Actor & { role: Role },
  candidateId: string,
  attemptId: string,
): Promise<ReportPdf> {
  assertAttemptId(attemptId);
  // A coach reads the PDF of their cohorts' candidates only, as they read the report (decision 046).
  await candidateInScope(db, scopeOf(actor), candidateId);
  const [attempt] = await db
    .select({ id: interviews.id })
    .from(interviews)
    .innerJoin(user, eq(user.id, interviews.userId))
    .where(
      and(
        eq(interviews.id, attemptId),
        eq(interviews.userId, candidateId),
        eq(user.role, 'candidate'),
      ),
    )
    .limit(1);
  if (!attempt) throw notFound('Interview not found');
  const report = await completedReport(db, candidateId, attemptId);
  await recordView(db, actor, {
    action: 'report_viewed',
    candidateId,
    interviewId: attemptId,
    details: { format: 'pdf' },
  });
  return pdfOf(db, report, candidateId);
}

/** The transcript as a reader outside the account sees it: what was said, corrections shown. */
function readOnly(m: ConversationMessage): ConversationMessage {
  const meta = m.meta;
  if (!meta) return m;
  return {
    ...m,
    meta: {
      ...(meta.mode ? { mode: meta.mode } : {}),
      ...(meta.heard !== undefined ? { heard: meta.heard } : {}),
      ...(meta.corrected ? { corrected: meta.corrected } : {}),
      ...(meta.original !== undefined ? { original: meta.original } : {}),
    },
  };
}

/**
 * `GET /api/shared/:token`: the report behind a live link, read-only, with its transcript and,
 * only when the candidate chose so, which answers' recordings play. The view is recorded first;
 * a coach's (an administrator's session) also goes to the audit log.
 */
export async function sharedReport(
  deps: ShareDeps,
  token: string,
  viewer: LinkViewer,
): Promise<SharedReport> {
  const link = await openLink(deps, token);
  const { db } = deps;
  let report: Report;
  try {
    report = await completedReport(db, link.userId, link.interviewId);
  } catch {
    // A report made again after the link (failed, pending) is not shared half-made.
    throw notFound(SHARE_LINK_GONE);
  }
  await recordLinkView(deps, link.id, viewer ? { id: viewer.id, portal: viewer.portal } : null);
  if (viewer?.portal === 'admin') {
    await recordView(db, viewer.actor, {
      action: 'report_viewed',
      candidateId: link.userId,
      interviewId: link.interviewId,
      details: { via: 'share link' },
    });
  }
  const [detail, candidateName, played] = await Promise.all([
    getInterview(db, link.userId, link.interviewId, deps.now()),
    nameOf(db, link.userId),
    link.includeRecordings
      ? db
          .select({ answerId: recordings.messageId })
          .from(recordings)
          .where(eq(recordings.interviewId, link.interviewId))
      : Promise.resolve([]),
  ]);
  return {
    report,
    candidateName,
    conversation: detail.conversation.map(readOnly),
    recordings: played.map((r) => r.answerId),
    expiresAt: link.expiresAt.toISOString(),
  };
}

/** The attempt and owner whose recording a link may play, or 404 when it plays none. */
export async function sharedRecordingOwner(deps: ShareDeps, token: string) {
  const link = await openLink(deps, token);
  if (!link.includeRecordings) throw notFound('This answer has no recording');
  return { userId: link.userId, interviewId: link.interviewId };
}

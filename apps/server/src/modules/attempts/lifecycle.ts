import { eq } from 'drizzle-orm';
import type { ReportStatus } from '@candor/shared';
import { interviews, reports } from '../../db/schema';
import { completionReason } from '../../engine/completion';
import { MESSAGES } from '../../engine/messages';
import { conflict } from '../../platform/errors';
import { clockWrite, completionOf } from '../interviews';
import {
  UNHEARD,
  cancelledMessage,
  lockTurn,
  whenNoReplyOwed,
  type Channel,
  type TurnDeps,
} from '../turns';
import { checkDeadline, hasSpokenAnswers } from './answer-check';

/**
 * How an attempt ends: `end` on the live channel or `status: 'completed'` on the REST save. The
 * attempt becomes completed, its report row pending and generation starts in the background
 * (`onEnded`: the report jobs, which tell the attempt's open sockets when it is ready with a
 * `report` frame, app.ts). An attempt with spoken answers first opens "Check your answers"
 * (`checkUntil`, answer-check.ts, decision 024): its report starts when the candidate finishes the
 * check, or by itself when the window runs out (the check sweep).
 */

/** What ending and saving an attempt need: the turns', and what follows an attempt's end. */
export interface AttemptDeps extends TurnDeps {
  /** Starts report generation for an ended attempt (in the background; app.ts: the report jobs). */
  onEnded: (interviewId: string, userId: string) => void;
  /**
   * Deletes the audio kept for an attempt: called once it is discarded or the candidate turned
   * its recordings off (issue 14). Absent where no recordings are kept (unit tests).
   */
  dropRecordings?: (userId: string, interviewId: string) => Promise<void>;
}

export const notComplete = () => conflict(MESSAGES.notYetComplete, 'NOT_COMPLETE');

type LockedRow = Awaited<ReturnType<typeof lockTurn>>['row'];

/**
 * Refuses to end an attempt that cannot end now: a discarded one (INTERVIEW_ENDED), or one the
 * engine has not finished, time has not ended and the candidate did not end early (NOT_COMPLETE).
 * The REST save asks first, so a refused end leaves the rest of its body unwritten too.
 */
export function refuseEnd(row: LockedRow, early: boolean, now: Date): void {
  if (row.status === 'cancelled') throw conflict(cancelledMessage(row), 'INTERVIEW_ENDED');
  if (row.status === 'completed' || early) return;
  if (completionReason(completionOf(row, now)) === null) throw notComplete();
}

/**
 * Ends the attempt. Refuses with 'Interview is not yet complete' (NOT_COMPLETE) unless the engine
 * decided so, time ran out, or the candidate confirmed ending early. Ending early stops a reply
 * still being generated (it is not stored); otherwise a reply still owed is settled first, so
 * the report reads the whole conversation. Ending again retries a failed report.
 */
export function endAttempt(
  deps: AttemptDeps,
  userId: string,
  id: string,
  early: boolean,
  channel: Channel = UNHEARD,
): Promise<{ reportStatus: ReportStatus; checkUntil: Date | null }> {
  if (early) deps.replies.stopAttempt(id, 'ended');
  return deps.turns.run(id, async () => {
    const now = deps.now();
    const result = await whenNoReplyOwed(
      deps,
      userId,
      id,
      { ...channel, signal: UNHEARD.signal },
      () =>
        deps.db.transaction(async (tx) => {
          const { row, owed } = await lockTurn(tx, userId, id);
          if (row.status === 'cancelled') refuseEnd(row, early, now);
          if (row.status === 'completed') {
            const [report] = await tx
              .select({ status: reports.status })
              .from(reports)
              .where(eq(reports.interviewId, id));
            if (!report || report.status === 'failed') {
              await tx
                .insert(reports)
                .values({ interviewId: id, userId: row.userId, status: 'pending' })
                .onConflictDoUpdate({
                  target: reports.interviewId,
                  set: { status: 'pending', error: null },
                });
              return {
                kind: 'done' as const,
                reportStatus: 'pending' as const,
                started: true,
                checkUntil: null,
              };
            }
            // Ending again (a reconnect, a second tab) while the check is open changes nothing.
            const open = row.checkUntil && row.checkUntil > now ? row.checkUntil : null;
            return {
              kind: 'done' as const,
              reportStatus: report.status,
              started: false,
              checkUntil: open,
            };
          }
          if (owed !== 'none') return { kind: 'owed' as const, after: row.replyAfter ?? 0 };
          const completion = completionOf(row, now);
          const reason = completionReason(completion);
          if (reason === null && !early) throw notComplete();
          const state = {
            ...completion.state,
            completed: true,
            completionReason: reason ?? ('ended-early' as const),
          };
          // Spoken answers may have been misheard: the candidate checks them before the report.
          const checkUntil = (await hasSpokenAnswers(tx, id)) ? checkDeadline(now, now) : null;
          await tx
            .update(interviews)
            .set({
              status: 'completed',
              completedAt: now,
              startedAt: row.startedAt ?? now,
              engineState: state,
              checkUntil,
              // The clock stops: what it counted is the attempt's duration (decision 038).
              ...clockWrite(row, now, 'left'),
            })
            .where(eq(interviews.id, id));
          await tx
            .insert(reports)
            .values({ interviewId: id, userId: row.userId, status: 'pending' })
            .onConflictDoNothing();
          return {
            kind: 'done' as const,
            reportStatus: 'pending' as const,
            started: checkUntil === null,
            checkUntil,
          };
        }),
    );
    // The turn's signal never aborts (ending does not depend on the socket staying open): it ran.
    const { reportStatus, started, checkUntil } = result!;
    if (started) deps.onEnded(id, userId);
    return { reportStatus, checkUntil };
  });
}

import { eq } from 'drizzle-orm';
import {
  ATTEMPT_LIMITS,
  MESSAGE_LIMIT_MESSAGE,
  type InterviewDetail,
  type UpdateInterviewBody,
} from '@candor/shared';
import { interviews, type MessageMeta } from '../../db/schema';
import { answerWindow } from '../../engine/completion';
import { readEngineState } from '../../engine/state';
import { conflict } from '../../platform/errors';
import {
  appendMessage,
  clockOf,
  clockWrite,
  findMessage,
  getInterview,
  loadDetail,
  loadOwned,
  removeUnanswered,
} from '../interviews';
import { UNHEARD, clearClaim, lockTurn, settleOwedReply } from '../turns';
import { endAttempt, refuseEnd, type AttemptDeps } from './lifecycle';

/**
 * `PUT /api/interview/:id`, the client's periodic save. Idempotent: messages merge by id (the
 * server's copy wins; nothing it holds is dropped or reordered). Only the candidate's own
 * messages are taken from the client: the interviewer's lines come from the server. Scores are
 * never read. status in_progress starts the attempt, completed ends it like the live `end`,
 * cancelled discards it (History's Discard; reason 'discarded'): an attempt nobody answered is
 * removed instead, since it is not history (decision 038), and the answer is how it was last.
 */
export async function updateInterview(
  deps: AttemptDeps,
  userId: string,
  id: string,
  body: UpdateInterviewBody,
): Promise<InterviewDetail> {
  // Discarding stops a reply still being generated at once (it is not stored), the owner's
  // only; ending early does the same in endAttempt.
  if (body.status === 'cancelled') {
    await loadOwned(deps.db, userId, id);
    deps.replies.stopAttempt(id, 'ended');
  }
  let removed: InterviewDetail | null = null;
  await deps.turns.run(id, async () => {
    for (;;) {
      const owedAfter = await deps.db.transaction(async (tx) => {
        const { row, owed, lastSeq } = await lockTurn(tx, userId, id);
        const ended = row.status === 'completed' || row.status === 'cancelled';
        const now = deps.now();
        // The live channel's rules for time: nothing is taken once the grace period after time-up
        // is over, and an answer taken after the time-up message answers the last question.
        const closed = answerWindow(clockOf(row), row.duration, now) === 'closed';
        const state = readEngineState(row.engineState);
        const late = state.completed && state.completionReason === 'time-up';
        const fresh: NonNullable<UpdateInterviewBody['conversation']> = [];
        for (const m of body.conversation ?? []) {
          if (ended || closed || m.speaker !== 'User' || m.message.trim() === '') continue;
          if (fresh.some((f) => f.id === m.id) || (await findMessage(tx, m.id))) continue;
          fresh.push(m);
        }
        // An end that would be refused is refused before anything is written. With new answers
        // or a reply owed the end decides after the reply (the answers are kept either way).
        if (body.status === 'completed' && fresh.length === 0 && owed === 'none') {
          refuseEnd(row, body.early ?? false, now);
        }
        // New answers come after the reply owed to the last one (modules/turns/claims.ts).
        if (fresh.length > 0 && owed !== 'none') return row.replyAfter ?? 0;
        if (fresh.length > 0 && lastSeq + fresh.length > ATTEMPT_LIMITS.messagesMax) {
          throw conflict(MESSAGE_LIMIT_MESSAGE, 'MESSAGE_LIMIT');
        }
        if (fresh.length > 0) {
          // The first answer saved this way costs the attempt's credit, as on the live channel.
          const refused = await deps.credits.firstAnswer(tx, row, now);
          if (refused) throw refused;
        }
        for (const m of fresh) {
          const meta: MessageMeta = { ...m.meta, ...(late ? { late: true } : {}) };
          const at = m.timestamp ? new Date(m.timestamp) : now;
          await appendMessage(tx, id, {
            id: m.id,
            speaker: 'User',
            message: m.message,
            meta,
            timestamp: at > now ? now : at,
          });
        }
        if (fresh.length > 0) {
          // History from its first answer; answering is a sign the candidate is in the interview.
          await tx
            .update(interviews)
            .set({
              answeredAt: row.answeredAt ?? now,
              ...(row.status === 'in_progress' ? clockWrite(row, now, 'seen') : {}),
            })
            .where(eq(interviews.id, id));
        }
        // The pre-start screen's style: the interviewer a candidate chose is the one they meet, so
        // it is not changed once the attempt started.
        if (
          body.interviewerStyle !== undefined &&
          body.interviewerStyle !== row.interviewerStyle &&
          row.status === 'scheduled'
        ) {
          await tx
            .update(interviews)
            .set({ interviewerStyle: body.interviewerStyle })
            .where(eq(interviews.id, id));
        }
        if (body.keepRecordings !== undefined && body.keepRecordings !== row.keepRecordings) {
          await tx
            .update(interviews)
            .set({ keepRecordings: body.keepRecordings })
            .where(eq(interviews.id, id));
        }
        if (body.status === 'in_progress' && row.status === 'scheduled') {
          // A client that says when it started has been in the interview since: that time counts.
          const asked = body.startedAt ? new Date(body.startedAt) : now;
          const startedAt = row.startedAt ?? (asked > now ? now : asked);
          await tx
            .update(interviews)
            .set({
              status: 'in_progress',
              startedAt,
              activeMs: now.getTime() - startedAt.getTime(),
              presentAt: now,
            })
            .where(eq(interviews.id, id));
        }
        if (
          body.status === 'cancelled' &&
          !ended &&
          row.answeredAt === null &&
          fresh.length === 0
        ) {
          // Nothing was answered: nothing to keep (decision 038). Told how it was, discarded.
          const discarded = {
            ...row,
            status: 'cancelled' as const,
            cancelReason: 'discarded' as const,
          };
          removed = await loadDetail(tx, discarded, now);
          await removeUnanswered(tx, [id]);
          return null;
        }
        // Discarding: the reply owed, if any, is no longer wanted; the clock stops.
        if (body.status === 'cancelled' && !ended) {
          await tx
            .update(interviews)
            .set({
              status: 'cancelled',
              cancelReason: 'discarded',
              ...clockWrite(row, now, 'left'),
            })
            .where(eq(interviews.id, id));
          await clearClaim(tx, id);
        }
        return null;
      });
      if (owedAfter === null) return;
      await settleOwedReply(deps, userId, id, owedAfter, UNHEARD);
    }
  });
  if (removed) return removed;
  if (body.status === 'completed') await endAttempt(deps, userId, id, body.early ?? false);
  const detail = await getInterview(deps.db, userId, id, deps.now());
  // A discarded attempt keeps no audio, nor one whose recordings were turned off (issue 14).
  const discarded = body.status === 'cancelled' && detail.status === 'cancelled';
  if (discarded || body.keepRecordings === false) await deps.dropRecordings?.(userId, id);
  return detail;
}

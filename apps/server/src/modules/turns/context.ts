import type { AiProvider } from '../../ai/provider';
import type { Db } from '../../db/client';
import { candidateQuestionsTurn, descriptionSentences } from '../../ai/builtin/candidate-questions';
import { MESSAGES } from '../../engine/messages';
import { flowOf, readEngineState } from '../../engine/state';
import { saidGoodbye, type TurnContext } from '../../engine/turn';
import type { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { METRICS_OFF, type Metrics } from '../../platform/metrics/metrics';
import { clockOf, type InterviewRow, type MessageRow, type Tx } from '../interviews';
import { createTurnQueue, type TurnQueue } from './queue';
import { createRepliesInFlight, type RepliesInFlight } from './replies-in-flight';

/**
 * The attempt's credit, charged with its first answer (decision 025). modules/credits implements
 * it (`creditCharge`) and app.ts hands it over: the turn calls it inside the transaction that
 * stores the answer, holding the attempt's row lock, before the answer is written, so an answer
 * is stored if and only if it was paid for, and the charge costs no round trip once paid.
 */
export interface CreditCharge {
  /** Null: go on (charged now, or nothing to charge); else the refusal to say, nothing written. */
  firstAnswer(
    tx: Tx,
    attempt: Pick<InterviewRow, 'id' | 'userId' | 'creditChargedAt'>,
    now: Date,
  ): Promise<AppError | null>;
}

/** What the turns need; built once per app (`createTurns`) and shared by the live channel and the REST save. */
export interface TurnDeps {
  db: Db;
  provider: AiProvider;
  log: Logger;
  now: () => Date;
  /** This process's queue of turns per attempt. */
  turns: TurnQueue;
  /** The replies this process is generating, each with its AbortController. */
  replies: RepliesInFlight;
  /** The first answer of an attempt is charged its credit. */
  credits: CreditCharge;
  /** Answers stored and the time to a reply's first words (no-ops with metrics off). */
  metrics: Pick<Metrics, 'answerStored' | 'firstReplyToken'>;
}

/** The turns of one app: its queue and replies in flight, with what they are given. */
export function createTurns(
  deps: Omit<TurnDeps, 'turns' | 'replies' | 'metrics'> & { metrics?: TurnDeps['metrics'] },
): TurnDeps {
  return {
    ...deps,
    metrics: deps.metrics ?? METRICS_OFF,
    turns: createTurnQueue(),
    replies: createRepliesInFlight(),
  };
}

/** What the engine decides a turn on; with the conversation, whether the interviewer said goodbye. */
export function turnContext(
  row: InterviewRow,
  now: Date,
  conversation?: readonly MessageRow[],
): TurnContext {
  return {
    flow: flowOf(row.type),
    title: row.title,
    durationMinutes: row.duration,
    questions: row.questions,
    clock: clockOf(row),
    now,
    state: readEngineState(row.engineState),
    interviewerClosed: conversation
      ? saidGoodbye(conversation.filter((m) => m.speaker === 'AI').map((m) => m.meta.kind))
      : false,
    followUpDepth: row.followUpDepth,
    style: row.interviewerStyle,
    inviteQuestions: row.inviteQuestions,
    // From the set's description, the shipped answer bank, or honestly not; never invented.
    answerCandidate: (said, askedBefore) =>
      candidateQuestionsTurn(
        said,
        askedBefore,
        {
          role: null,
          jobSentences: descriptionSentences(row.setDescription),
          source: 'interview description',
        },
        MESSAGES.fixedFarewell,
      ),
  };
}

export const isEnded = (row: InterviewRow) =>
  row.status === 'completed' || row.status === 'cancelled';

/** What an answer or end on a cancelled attempt is told: discarded, or closed for being idle. */
export function cancelledMessage(row: InterviewRow): string {
  return row.cancelReason === 'abandoned' ? MESSAGES.abandoned : MESSAGES.cancelled;
}

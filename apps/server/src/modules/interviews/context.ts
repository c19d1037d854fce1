import type { ServerFrame } from '@candor/shared';
import type { AiProvider } from '../../ai/provider';
import type { Db } from '../../db/client';
import { candidateQuestionsTurn, descriptionSentences } from '../../ai/builtin/candidate-questions';
import { MESSAGES } from '../../engine/messages';
import { flowOf, readEngineState } from '../../engine/state';
import type { TurnContext } from '../../engine/turn';
import type { Logger } from '../../platform/logger';
import type { Metrics } from '../../platform/metrics/metrics';
import type { SpeechServices } from '../speech';
import type { CreditPolicy } from '../credits/service';
import type { RepliesInFlight } from './replies-in-flight';
import type { InterviewRow } from './repository';
import type { SessionState } from './live-sockets';
import type { TurnQueue } from './turns';

/** What the live interview's turns and lifecycle need; built once per app (runtime.ts). */
export interface SessionDeps {
  db: Db;
  provider: AiProvider;
  log: Logger;
  now: () => Date;
  /** Starts report generation for an ended attempt (in the background). */
  onEnded: (interviewId: string, userId: string) => void;
  /** This process's queue of turns per attempt. */
  turns: TurnQueue;
  /** The replies this process is generating, each with its AbortController. */
  replies: RepliesInFlight;
  /** The operator's credit limit and period: the first answer of an attempt is charged. */
  credits: CreditPolicy;
  /** Answers stored and the time to a reply's first words (no-ops with metrics off). */
  metrics: Pick<Metrics, 'answerStored' | 'firstReplyToken'>;
  /**
   * Deletes the audio kept for an attempt: called once it is discarded or the candidate turned
   * its recordings off (issue 14). Absent where no recordings are kept (unit tests).
   */
  dropRecordings?: (userId: string, interviewId: string) => Promise<void>;
  /** Server transcription and voice (STT_PROVIDER, TTS_PROVIDER); null where the browser does it. */
  speech: SpeechServices;
}

export type Emit = (frame: ServerFrame) => void;

/**
 * Who hears a turn: where its frames go, and a signal aborted once nobody listens any more (the
 * socket closed). A reply generated for a channel stops when its signal aborts.
 */
export interface Channel {
  emit: Emit;
  signal: AbortSignal;
  /**
   * The live socket's session: a turn reads its state in the statement that locks the attempt
   * and, when it is over, takes nothing and calls `over` (the socket closes). None for a turn
   * whose request was authenticated already (the REST save).
   */
  session?: { id: string; over(state: Exclude<SessionState, 'active'>): void };
}

/**
 * The channel, telling metrics how long the candidate waited from their answer (`since`, from
 * performance.now()) to the interviewer's first words.
 */
export function timingFirstWords(
  channel: Channel,
  since: number,
  record: (ms: number) => void,
): Channel {
  let waiting = true;
  return {
    ...channel,
    emit(frame) {
      if (waiting && frame.type === 'reply.delta') {
        waiting = false;
        record(performance.now() - since);
      }
      channel.emit(frame);
    },
  };
}

/** A turn nobody listens to live (the REST save, benchmarks): frames go nowhere, it never closes. */
export const UNHEARD: Channel = { emit: () => undefined, signal: new AbortController().signal };

export function turnContext(row: InterviewRow, now: Date): TurnContext {
  return {
    flow: flowOf(row.type),
    title: row.title,
    durationMinutes: row.duration,
    questions: row.questions,
    startedAt: row.startedAt,
    now,
    state: readEngineState(row.engineState),
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

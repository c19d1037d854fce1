import type { z } from 'zod';
import type {
  AiMessageKind,
  InterviewFlow,
  InterviewerStyle,
  TailoredPlanItem,
} from '@candor/shared';
import type { ReportInput } from './report-input';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** What an interviewer needs to know beyond the messages (the builtin one reads only this). */
export interface InterviewContext {
  interviewId: string;
  title: string;
  category: string;
  difficulty: string;
  flow: InterviewFlow;
  topics: string[];
  aiPrompt: string | null;
  durationMinutes: number;
  elapsedMinutes: number;
  /** Follow-ups per question on a thin or vague answer: 0, 1 or 2 (issue 15). */
  followUpDepth?: number;
  /** The interview set's description (what the interviewer may say about the interview). */
  description?: string | null;
  /** How long the answer being replied to was spoken, when the client said (seconds). */
  lastAnswerSeconds?: number;
  /** Friendly when absent (attempts and callers from before issue 15). */
  style?: InterviewerStyle;
  /** A tailored interview's job, its questions and the résumé's projects; null otherwise. */
  tailored?: {
    role: string;
    required: string[];
    niceToHave: string[];
    plan: TailoredPlanItem[];
    resumeProjects: string[];
    jobSentences: string[];
  } | null;
}

/** The tokens a model host says one call used (its `usage`). */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/**
 * Told the call's usage once the host reports it (a streamed answer: its last chunk). Called
 * before the answer is checked, so a call whose answer is then refused is still counted.
 */
export type UsageListener = (usage: TokenUsage) => void;

export interface ChatRequest {
  /** The whole conversation, system prompt first. */
  messages: ChatMessage[];
  context: InterviewContext;
  temperature: number;
  presencePenalty: number;
  frequencyPenalty: number;
  /** Aborted when the reply is no longer wanted (interrupted, its socket closed, the attempt ended). */
  signal?: AbortSignal;
  onUsage?: UsageListener;
}

/** What an interviewer knows about the reply it streamed; a model host knows nothing more. */
export interface ChatReplyFacts {
  /** What the reply is, when the interviewer knows (the builtin one does). */
  kind?: AiMessageKind;
}

/** The reply's text as it is generated; the stream's return value is what its author knows of it. */
export type ChatStream = AsyncGenerator<string, ChatReplyFacts | void, undefined>;

export interface JsonRequest<S extends z.ZodType> {
  messages: ChatMessage[];
  /** The result must parse with this schema, or the call fails. */
  schema: S;
  /**
   * The structured facts behind a report's prompt (the builtin evaluator works from these);
   * absent for other JSON (a job description read by the model), which the builtin provider
   * does not write.
   */
  input?: ReportInput;
  temperature: number;
  signal?: AbortSignal;
  /** The attempt the call is for (its usage is recorded on it). */
  interviewId?: string;
  /**
   * The candidate a call outside any attempt is made for (a job description or résumé read by the
   * model): its usage is recorded as theirs.
   */
  userId?: string;
  onUsage?: UsageListener;
}

/**
 * One interface for every model host. `streamChat` yields the reply's text as it is generated and
 * stops (throwing AiError 'aborted') once its signal is aborted; `generateJson` returns a value
 * the schema accepted. Both throw AiError on failure.
 */
export interface AiProvider {
  readonly name: 'builtin' | 'openai';
  readonly model: string;
  streamChat(request: ChatRequest): ChatStream;
  generateJson<S extends z.ZodType>(request: JsonRequest<S>): Promise<z.output<S>>;
}

export type AiErrorKind =
  | 'timeout'
  /** The caller aborted the request (its signal): not a failure of the provider. */
  | 'aborted'
  | 'http'
  | 'empty'
  | 'invalid-json'
  | 'wrong-shape'
  | 'other';

export class AiError extends Error {
  constructor(
    readonly kind: AiErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AiError';
  }
}

/** Spec section 9: the sampling settings of an interview turn and of the report. */
export const SAMPLING = {
  turn: { temperature: 0.7, presencePenalty: 0.1, frequencyPenalty: 0.1 },
  report: { temperature: 0.2 },
} as const;

import { z } from 'zod';
import {
  CANCEL_REASONS,
  DIFFICULTIES,
  INTERVIEW_STATUSES,
  INTERVIEWER_STYLES,
  LIMITS,
  REPORT_STATUSES,
  SPEAKERS,
  type Difficulty,
} from './constants';

// ---------------------------------------------------------------------------------------------
// Creating an attempt: POST /api/interview
// ---------------------------------------------------------------------------------------------

/**
 * Bounds of one attempt (issue 12). The text fields have the admin set schema's limits (an attempt
 * from a set carries the set's own values); a candidate has at most `unfinishedMax` attempts open
 * at once (the pre-start screen offers to resume one; the idle sweep closes them after a day), and
 * an attempt stores at most `messagesMax` messages (250 answers with their replies: far beyond two
 * hours of talking). An attempt nobody answered is not history (decision 038): a new attempt
 * removes those untouched for `unansweredKeptMinutes`, so they never fill the limit unseen.
 */
export const ATTEMPT_LIMITS = {
  titleMax: 150,
  categoryMax: 80,
  typeMax: 40,
  topicsMax: 30,
  topicMax: 60,
  unfinishedMax: 10,
  messagesMax: 500,
  unansweredKeptMinutes: 10,
} as const;

export const TOO_MANY_UNFINISHED_MESSAGE = `You have ${ATTEMPT_LIMITS.unfinishedMax} unfinished interviews. Resume or discard one in History before starting another.`;
export const MESSAGE_LIMIT_MESSAGE = `This interview has reached its limit of ${ATTEMPT_LIMITS.messagesMax} messages. End it to get your report.`;

/**
 * Any value the specification normalises (so left loose), but a string longer than `max` is
 * refused: the normalisation is about odd types, not about storing a 500 kB title.
 */
const boundedText = (field: string, max: number) =>
  z
    .unknown()
    .optional()
    .refine((v) => typeof v !== 'string' || v.trim().length <= max, {
      message: `${field} must be at most ${max} characters`,
    });

/**
 * The create-interview payload as sent. Loose on purpose: the specification normalises bad values
 * (unknown difficulty → junior, out-of-range duration → clamped into the sets' 5–120 range,
 * topics not an array → []) rather than refusing them. Lengths are bounded (400 naming the
 * field). Only `interviewSetId`, when present, must be a real id; with it, the set's own values
 * are used.
 */
export const createInterviewBodySchema = z.object({
  title: boundedText('Title', ATTEMPT_LIMITS.titleMax),
  category: boundedText('Category', ATTEMPT_LIMITS.categoryMax),
  difficulty: z.unknown().optional(),
  type: boundedText('Type', ATTEMPT_LIMITS.typeMax),
  duration: z.unknown().optional(),
  topics: z
    .unknown()
    .optional()
    .refine((v) => !Array.isArray(v) || v.length <= ATTEMPT_LIMITS.topicsMax, {
      message: `At most ${ATTEMPT_LIMITS.topicsMax} topics`,
    })
    .refine(
      (v) =>
        !Array.isArray(v) ||
        v.every((t) => typeof t !== 'string' || t.trim().length <= ATTEMPT_LIMITS.topicMax),
      { message: `A topic must be at most ${ATTEMPT_LIMITS.topicMax} characters` },
    ),
  interviewSetId: z.uuid('interviewSetId must be a valid id').optional().nullable(),
});
export type CreateInterviewBody = z.input<typeof createInterviewBodySchema>;

export interface NormalizedInterviewConfig {
  title: string;
  category: string;
  difficulty: Difficulty;
  type: string;
  duration: number;
  topics: string[];
}

const nonBlank = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;

/** A duration in minutes, clamped into the one range sets and attempts share. */
export function clampDuration(minutes: number): number {
  return Math.min(LIMITS.setDurationMax, Math.max(LIMITS.setDurationMin, Math.round(minutes)));
}

/**
 * The specification's create-interview normalisation (section 5), as one pure function. Duration
 * is clamped into 5–120 like the sets, not the specification's 15–120 (decision 012).
 */
export function normalizeCreateInterview(body: Omit<CreateInterviewBody, 'interviewSetId'>) {
  const category = nonBlank(body.category) ?? 'General';
  const difficulty = (DIFFICULTIES as readonly unknown[]).includes(body.difficulty)
    ? (body.difficulty as Difficulty)
    : 'junior';
  const raw = typeof body.duration === 'string' ? Number(body.duration) : body.duration;
  const duration =
    typeof raw === 'number' && Number.isFinite(raw)
      ? clampDuration(raw)
      : LIMITS.interviewDurationDefault;
  const topics = Array.isArray(body.topics)
    ? [
        ...new Set(
          body.topics
            .filter((t): t is string => typeof t === 'string')
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      ]
    : [];
  return {
    title: nonBlank(body.title) ?? `${category} Interview`,
    category,
    difficulty,
    type: nonBlank(body.type) ?? 'voice',
    duration,
    topics,
  } satisfies NormalizedInterviewConfig;
}

export const createInterviewResponseSchema = z.object({ id: z.uuid(), roomId: z.string() });
export type CreateInterviewResponse = z.infer<typeof createInterviewResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Conversation
// ---------------------------------------------------------------------------------------------

/** One timed piece of recognised speech; times are milliseconds since the epoch (Date.now()). */
export const speechSegmentSchema = z.object({
  text: z.string().max(5_000),
  startMs: z.number().nonnegative(),
  endMs: z.number().nonnegative(),
});
export type SpeechSegment = z.infer<typeof speechSegmentSchema>;

export const ANSWER_MODES = ['voice', 'typed'] as const;
export type AnswerMode = (typeof ANSWER_MODES)[number];

export const MAX_ANSWER_CHARS = 10_000;

/** What the client may say about how an answer was given (all optional). */
export const answerMetaSchema = z.object({
  /** Recognition confidence 0–1 from the browser, when spoken. */
  confidence: z.number().min(0).max(1).optional(),
  startedAt: z.number().nonnegative().optional(),
  endedAt: z.number().nonnegative().optional(),
  segments: z.array(speechSegmentSchema).max(500).optional(),
  mode: z.enum(ANSWER_MODES).optional(),
});
export type AnswerMeta = z.infer<typeof answerMetaSchema>;

/**
 * What an interviewer message is, tagged by the server when it writes it (live protocol v2). The
 * report groups questions and answers by these tags, never by matching sentences: `question` and
 * `follow-up` open an exchange the next answers belong to; the others are never scored.
 */
export const AI_MESSAGE_KINDS = [
  /** The introduction (which may end with the first question: then it is `question`). */
  'intro',
  'question',
  /** A probe on the previous answer; the report groups it with the question it follows. */
  'follow-up',
  /** The interviewer answering the candidate's own question. */
  'answer-to-candidate',
  /** Wrapping up, farewell, "we've covered all our questions". */
  'closing',
  /**
   * "Do you have any questions for me?" (issue 15): what the candidate says after it are their
   * own questions, never scored as answers; the report gives feedback on them.
   */
  'invite-questions',
  'time-up',
  /** Said after a failure ("I apologize…"); the question still waiting keeps its answer. */
  'apology',
  /**
   * The last question said again because the candidate asked for it (issue 27): their request is
   * not an answer, and the question still waits for one.
   */
  'repeat',
] as const;
export type AiMessageKind = (typeof AI_MESSAGE_KINDS)[number];

export const messageMetaSchema = answerMetaSchema.extend({
  /** On interviewer messages: what the message is (set by the server only). */
  kind: z.enum(AI_MESSAGE_KINDS).optional(),
  /**
   * On an interviewer message the candidate cut off: the part they heard before interrupting
   * (the message keeps the full text). The next model turn and the report use what was heard.
   */
  heard: z.string().max(MAX_ANSWER_CHARS).optional(),
  /** Index (0-based) of the fixed question an AI message asked. */
  questionIndex: z.number().int().optional(),
  /** True when an AI message was the apology after a provider failure. */
  failed: z.boolean().optional(),
  /**
   * True on a candidate answer that arrived after the time-up message, within the grace period:
   * it answers the last question asked (set by the server only).
   */
  late: z.boolean().optional(),
  /**
   * True on a spoken answer the candidate corrected on "Check your answers" (set by the server
   * only): the message is the corrected text, which the report scores.
   */
  corrected: z.boolean().optional(),
  /** With `corrected`: the text as it was recognised, kept from the first correction. */
  original: z.string().max(MAX_ANSWER_CHARS).optional(),
  /**
   * On a candidate answer: the ids of the `answer` frames that went on from it and were appended
   * to it (live protocol, `continues`; set by the server only), so a frame sent again is known.
   */
  joined: z.array(z.string().max(100)).max(100).optional(),
});

export const conversationMessageSchema = z.object({
  id: z.string(),
  /** 1-based position in the conversation. */
  seq: z.number().int(),
  speaker: z.enum(SPEAKERS),
  message: z.string(),
  timestamp: z.string(),
  meta: messageMetaSchema.optional(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Reading an attempt: GET /api/interview/:id
// ---------------------------------------------------------------------------------------------

export const INTERVIEW_FLOWS = ['fixed', 'topic-based'] as const;
export type InterviewFlow = (typeof INTERVIEW_FLOWS)[number];

export const COMPLETION_REASONS = [
  'time-up',
  'questions-exhausted',
  'empty-set',
  'ended-early',
] as const;
export type CompletionReason = (typeof COMPLETION_REASONS)[number];

export const interviewDetailSchema = z.object({
  id: z.uuid(),
  roomId: z.string(),
  status: z.enum(INTERVIEW_STATUSES),
  /** Why a cancelled attempt was closed (null otherwise, and for attempts cancelled before). */
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  title: z.string(),
  categoryName: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  /** The type as created ('voice' by default, or the set's type). */
  type: z.string(),
  /** Which engine flow runs: the set's fixed questions, or the AI driven by topics. */
  flow: z.enum(INTERVIEW_FLOWS),
  duration: z.number().int(),
  topics: z.array(z.string()),
  questionCount: z.number().int(),
  interviewSetId: z.uuid().nullable(),
  interviewSet: z.object({ title: z.string(), category: z.object({ name: z.string() }) }),
  scheduledAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  /**
   * Interview time counted when this was read, in ms: only while the candidate was in the
   * interview (decision 038), so an attempt resumed later goes on with the time it had left.
   * `timeLeftMs(duration, elapsedMs)` is what the live screen counts down from.
   */
  elapsedMs: z.number().int().min(0),
  /** Set once the server decided the interview is over (the candidate still has to end it). */
  engineCompleted: z.boolean(),
  completionReason: z.enum(COMPLETION_REASONS).nullable(),
  /** Whether the audio of answers is kept (the pre-start screen's toggle; issue 14). */
  keepRecordings: z.boolean(),
  /** How the interviewer behaves (issue 15); chosen on the pre-start screen. */
  interviewerStyle: z.enum(INTERVIEWER_STYLES),
  /** Follow-ups per question: the set's, or the tailored interview's. */
  followUpDepth: z.number().int(),
  /** A tailored interview's role and confirmed skills; null for every other attempt. */
  tailored: z
    .object({ role: z.string(), required: z.array(z.string()), niceToHave: z.array(z.string()) })
    .nullable(),
  conversation: z.array(conversationMessageSchema),
  report: z
    .object({ status: z.enum(REPORT_STATUSES), overallScore: z.number().nullable() })
    .nullable(),
  /**
   * While "Check your answers" is open (an ended attempt with spoken answers, its report not
   * started): when the report starts by itself unless the candidate finishes first. Null otherwise.
   */
  checkUntil: z.string().nullable(),
});
export type InterviewDetail = z.infer<typeof interviewDetailSchema>;

// ---------------------------------------------------------------------------------------------
// The client's periodic save: PUT /api/interview/:id
// ---------------------------------------------------------------------------------------------

/** A message as the client holds it; the server merges by id and keeps what it already has. */
export const conversationMessageInputSchema = z.object({
  id: z.string().min(1).max(100),
  speaker: z.enum(SPEAKERS),
  message: z.string().max(MAX_ANSWER_CHARS),
  timestamp: z.iso.datetime({ offset: true }).optional(),
  meta: answerMetaSchema.optional(),
});

/**
 * Unknown keys (the specification's client also sends scores here) are dropped: scores are only
 * ever computed by the server.
 */
export const updateInterviewBodySchema = z.object({
  conversation: z.array(conversationMessageInputSchema).max(2_000).optional(),
  /**
   * in_progress starts the attempt; completed ends it (like the live `end`); cancelled discards
   * it (History's Discard: kept, shown as Cancelled, never resumed; one nobody answered is
   * removed, decision 038).
   */
  status: z.enum(['in_progress', 'completed', 'cancelled']).optional(),
  startedAt: z.iso.datetime({ offset: true }).optional(),
  /** With status completed: end before the engine decided the interview is over. */
  early: z.boolean().optional(),
  /**
   * The pre-start screen's "Keep recordings of my answers": false stops keeping the audio of
   * this attempt's answers and deletes what was kept.
   */
  keepRecordings: z.boolean().optional(),
  /** The pre-start screen's interviewer style; taken only before the attempt starts. */
  interviewerStyle: z
    .enum(INTERVIEWER_STYLES, { error: 'interviewerStyle must be friendly, neutral or demanding' })
    .optional(),
});
export type UpdateInterviewBody = z.infer<typeof updateInterviewBodySchema>;

// ---------------------------------------------------------------------------------------------
// Check your answers: PATCH /api/interview/:id/answers/:answerId, POST /api/interview/:id/check
// (decision 024)
// ---------------------------------------------------------------------------------------------

/** A corrected spoken answer: what the candidate says they said. */
export const correctAnswerBodySchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Write the answer as you said it (it cannot be empty)')
    .max(MAX_ANSWER_CHARS, `At most ${MAX_ANSWER_CHARS} characters`),
});
export type CorrectAnswerBody = z.infer<typeof correctAnswerBodySchema>;

export const correctAnswerResponseSchema = z.object({
  message: conversationMessageSchema,
  /** The window, moved on by this correction. */
  checkUntil: z.string().nullable(),
});
export type CorrectAnswerResponse = z.infer<typeof correctAnswerResponseSchema>;

export const finishCheckResponseSchema = z.object({ reportStatus: z.enum(REPORT_STATUSES) });
export type FinishCheckResponse = z.infer<typeof finishCheckResponseSchema>;

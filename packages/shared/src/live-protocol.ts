import { z } from 'zod';
import { REPORT_STATUSES } from './constants';
import { speechModesSchema } from './live-audio';
import {
  ANSWER_MODES,
  COMPLETION_REASONS,
  MAX_ANSWER_CHARS,
  conversationMessageSchema,
  interviewDetailSchema,
  speechSegmentSchema,
} from './interview';

/**
 * The live channel of one attempt: a WebSocket at `GET /api/interview/:id/live`, authenticated by
 * the candidate session cookie, owner only. docs/live-protocol.md describes the conversation.
 * Every frame is one JSON object with a `type`.
 */

// Its address, LIVE_PATH, is in live-path.ts: the pre-start screen opens the socket early and
// should not load this file's schemas (and zod) to learn where.

// ----- client → server ------------------------------------------------------------------------

/**
 * The protocol this build speaks. A client sends it in `start`; a server that speaks another
 * answers `error` with code `protocol_mismatch` (the page is older or newer than the server: a
 * reload fixes it) instead of misreading frames.
 */
export const LIVE_PROTOCOL_VERSION = 2;
export const PROTOCOL_MISMATCH_MESSAGE =
  'This page is out of date. Reload it to continue your interview: nothing you said is lost.';

export const startFrameSchema = z.object({
  type: z.literal('start'),
  /** LIVE_PROTOCOL_VERSION of the client; missing means a version-1 client. */
  protocol: z.number().int().positive().optional(),
  /**
   * The page can play the server's voice (binary `audio` frames). Without it the server sends no
   * audio, whatever TTS_PROVIDER is (older pages, tests that only read text).
   */
  audio: z.boolean().optional(),
});

/**
 * The candidate cut the interviewer off: `replyId` is the interviewer message (its id from
 * `reply.start`), `heard` the part of it spoken before the interruption. The server stores it
 * on the message (`meta.heard`), stops generating the reply (its AbortSignal) and uses only the
 * heard part in the next model turn and in the report. `heard` must be the start of the reply
 * (compared by letters and digits only; else `bad_frame`); sending it again is harmless. Once it
 * is stored the server sends the reply's `reply.end` with `meta.heard` (again, when the reply had
 * already ended): the client's sign that the interrupt arrived. A reply cut before any of its
 * text was generated is not stored at all (no `reply.end`; a resent interrupt for it gets
 * `bad_frame`).
 */
export const interruptFrameSchema = z.object({
  type: z.literal('interrupt'),
  replyId: z.string().min(1).max(100),
  heard: z.string().max(MAX_ANSWER_CHARS),
});

export const answerFrameSchema = z.object({
  type: z.literal('answer'),
  /** A client-generated uuid: sending the same answer twice stores it once. */
  id: z.uuid(),
  text: z.string().trim().min(1, 'text is empty').max(MAX_ANSWER_CHARS),
  confidence: z.number().min(0).max(1).optional(),
  startedAt: z.number().nonnegative().optional(),
  endedAt: z.number().nonnegative().optional(),
  segments: z.array(speechSegmentSchema).max(500).optional(),
  mode: z.enum(ANSWER_MODES).default('voice'),
  /**
   * The id of the answer this one goes on from: the candidate carried on after the end-of-turn
   * rules had sent it, before a word of the interviewer's reply was heard (decision 037). The
   * server stops the reply still being generated, appends `text` to that answer and replies to
   * the whole of it; when that answer was already replied to in words the candidate heard, or
   * is not the last one, `text` is stored as the next answer instead. Nothing is dropped either
   * way. Acknowledged with the seq of the answer it joined. An addition to version 2: a server
   * that does not know it stores the text as the next answer.
   */
  continues: z.string().min(1).max(100).optional(),
});

export const endFrameSchema = z.object({
  type: z.literal('end'),
  /**
   * End before the server decided the interview is over. Without it the server refuses with
   * 'Interview is not yet complete' (code not_complete), so the client can ask for confirmation.
   * With it, a reply still being generated is stopped (not stored) and the attempt ends at once.
   */
  early: z.boolean().optional(),
});

export const pingFrameSchema = z.object({ type: z.literal('ping') });

export const clientFrameSchema = z.discriminatedUnion('type', [
  startFrameSchema,
  answerFrameSchema,
  interruptFrameSchema,
  endFrameSchema,
  pingFrameSchema,
]);
export type ClientFrame = z.input<typeof clientFrameSchema>;
export type ParsedClientFrame = z.output<typeof clientFrameSchema>;

// ----- the connection itself ---------------------------------------------------------------

/**
 * Every socket has a cap, a timeout and a lifetime (issue 12). A process keeps at most
 * `socketsPerAttempt` sockets of one attempt and `socketsPerUser` of one account: a new one past
 * either cap closes the oldest (REPLACED), since the newest is the tab the candidate is looking at.
 * The server pings every `pingEveryMs`; a socket that has not answered the previous ping by then
 * is dropped. A socket lives at most `lifetimeMs` (longer than the longest interview; the client
 * reconnects and resumes). Sessions are re-checked on every frame and, for quiet sockets, every
 * `sessionCheckEveryMs`.
 */
export const LIVE_LIMITS = {
  socketsPerAttempt: 3,
  socketsPerUser: 5,
  pingEveryMs: 20_000,
  sessionCheckEveryMs: 5_000,
  lifetimeMs: 4 * 60 * 60_000,
} as const;

/**
 * Why the server closed a live socket: the close frame's code and reason. The client reconnects
 * after LIFETIME (and after any close not listed here); after the others it stops: SESSION_ENDED
 * (signed out, password changed or reset, sessions revoked or expired) shows the sign-in screen,
 * ACCOUNT_DISABLED signs out with the reason (an `account_disabled` error frame comes first),
 * REPLACED says the interview is open in another tab or window.
 */
export const LIVE_CLOSE = {
  sessionEnded: { code: 4401, reason: 'SESSION_ENDED' },
  accountDisabled: { code: 1008, reason: 'ACCOUNT_DISABLED' },
  replaced: { code: 4409, reason: 'REPLACED' },
  lifetime: { code: 4000, reason: 'LIFETIME' },
} as const;
export type LiveCloseKind = keyof typeof LIVE_CLOSE;

/** The kind of a close frame from the server, by its reason; null for any other close. */
export function liveCloseKind(reason: string): LiveCloseKind | null {
  for (const [kind, close] of Object.entries(LIVE_CLOSE)) {
    if (close.reason === reason) return kind as LiveCloseKind;
  }
  return null;
}

// ----- server → client ------------------------------------------------------------------------

/**
 * Spec section 8: what the interviewer says when processing a candidate message fails. The server
 * sends it as the message of an `internal` error frame so the client can show and speak it.
 */
export const ANSWER_FAILED_MESSAGE =
  'I apologize, but I encountered an issue. Could you please repeat your answer?';

export const LIVE_ERROR_CODES = [
  /** The frame was not JSON or did not match the protocol. */
  'bad_frame',
  /** `end` before the interview is complete (and without `early`). */
  'not_complete',
  /** The attempt was already ended or cancelled: nothing more is stored. */
  'interview_ended',
  /** The answer id is used by another attempt. */
  'conflict',
  /** Anything unexpected on the server; the connection stays usable. */
  'internal',
  /** The account was deactivated: the server closes the channel (see ACCOUNT_DISABLED). */
  'account_disabled',
  /** The first answer of an attempt, refused: the candidate has no credits left (CREDITS_EXHAUSTED). */
  'credits_exhausted',
  /** `start` named another protocol version (or none): the client should reload. */
  'protocol_mismatch',
] as const;
export type LiveErrorCode = (typeof LIVE_ERROR_CODES)[number];

export const serverFrameSchema = z.discriminatedUnion('type', [
  /** Reply to `start`: the attempt and the whole conversation so far. */
  z.object({
    type: z.literal('state'),
    interview: interviewDetailSchema,
    messages: z.array(conversationMessageSchema),
    /** Who recognises and who speaks (STT_PROVIDER, TTS_PROVIDER); missing: the browser, both. */
    speech: speechModesSchema.optional(),
  }),
  /** The answer is stored; `seq` is its position in the conversation. */
  z.object({ type: z.literal('ack'), id: z.string(), seq: z.number().int() }),
  /** The interviewer begins a reply; `id` is the id the stored message will have. */
  z.object({ type: z.literal('reply.start'), id: z.string() }),
  z.object({ type: z.literal('reply.delta'), id: z.string(), text: z.string() }),
  /**
   * The stored reply. Authoritative: it replaces what the deltas built (after a failure, the
   * apology; after an interrupt, the text generated until then with `meta.heard`).
   */
  z.object({ type: z.literal('reply.end'), message: conversationMessageSchema }),
  /** The server decided the interview is over; the candidate ends it to get the report. */
  z.object({ type: z.literal('completed'), reason: z.enum(COMPLETION_REASONS) }),
  /**
   * The attempt is ended; the report is being generated. A `report` frame follows on this socket
   * when it is ready (poll GET /api/report/interview/:id only after reconnecting without one).
   */
  z.object({
    type: z.literal('ended'),
    interviewId: z.string(),
    reportStatus: z.enum(REPORT_STATUSES),
    /**
     * Set when the attempt has spoken answers: "Check your answers" is open until then and the
     * report starts when the candidate finishes it (or at that time). Absent: the report started.
     */
    checkUntil: z.string().optional(),
  }),
  /**
   * The report reached a final status: sent to every socket of the attempt open on the process
   * that generated it. The one way a connected client learns the report is ready.
   */
  z.object({ type: z.literal('report'), reportStatus: z.enum(REPORT_STATUSES) }),
  z.object({
    type: z.literal('error'),
    code: z.enum(LIVE_ERROR_CODES),
    message: z.string(),
    /** The answer id the error is about, when there is one. */
    id: z.string().optional(),
  }),
  z.object({ type: z.literal('pong') }),
  // --- server speech (live-audio.ts, decision 022) ---
  /**
   * What the server recognised of utterance `id` (a binary `utterance` frame): interim text while
   * the provider streams (`final: false`), then the whole text once (`final: true`). The page
   * treats it as the browser's recogniser's words: the answer is sent as an `answer` frame.
   */
  z.object({
    type: z.literal('transcript'),
    id: z.string(),
    text: z.string(),
    final: z.boolean(),
  }),
  /** Utterance `id` could not be transcribed: `message` tells the candidate (type, or repeat). */
  z.object({ type: z.literal('transcript.failed'), id: z.string(), message: z.string() }),
  /**
   * The server's voice for sentence `index` of reply `replyId` (`text`, trimmed) starts: binary
   * `audio` frames with its pcm follow, then `speech.end`, or `speech.failed` (say it with the
   * browser's voice, or show it).
   */
  z.object({
    type: z.literal('speech.start'),
    replyId: z.string(),
    index: z.number().int().min(0),
    text: z.string(),
    format: z.literal('pcm'),
    sampleRate: z.number().int().positive(),
  }),
  z.object({ type: z.literal('speech.end'), replyId: z.string(), index: z.number().int().min(0) }),
  z.object({
    type: z.literal('speech.failed'),
    replyId: z.string(),
    index: z.number().int().min(0),
    text: z.string(),
  }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AiMessageKind,
  AssignmentReminderKind,
  AuditAction,
  AuditSubjectType,
  CohortJoinedVia,
  CodeRunMode,
  CodeRunTest,
  CodeRunVerdict,
  CodingLanguage,
  CodingSpec,
  SystemDesignSpec,
  DrillPlan,
  WhiteboardScene,
  CancelReason,
  Difficulty,
  ExperienceLevel,
  InterviewStatus,
  InterviewType,
  Portal,
  QuestionDifficulty,
  RecordingFormat,
  QuestionKind,
  ReportStatus,
  Role,
  Speaker,
  InterviewerStyle,
  Patience,
  TailoredAttempt,
  TailoredDocumentKind,
  Theme,
  UserStatus,
} from '@candor/shared';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// ---------------------------------------------------------------------------------------------
// Accounts: the tables better-auth reads and writes (model names user/session/account/
// verification/rateLimit), with the product's profile fields on `user`.
// ---------------------------------------------------------------------------------------------

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    /** better-auth's display name; kept equal to "firstName lastName". */
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The avatar URL. */
    image: text('image'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role').$type<Role>().notNull().default('candidate'),
    status: text('status').$type<UserStatus>().notNull().default('active'),
    experienceLevel: text('experience_level').$type<ExperienceLevel>().notNull().default('mid'),
    bio: text('bio'),
    location: text('location'),
    githubUrl: text('github_url'),
    linkedinUrl: text('linkedin_url'),
    twitterUrl: text('twitter_url'),
    theme: text('theme').$type<Theme>().notNull().default('system'),
    /** How long the interviewer waits at the end of an answer (decision 037): DEFAULT_PATIENCE. */
    patience: text('patience').$type<Patience>().notNull().default('normal'),
    /**
     * Interviews per credit period for this candidate, set by an administrator: null follows the
     * platform's limit (platform_settings, else CREDITS_DEFAULT_LIMIT); 0 is unlimited.
     */
    creditsLimit: integer('credits_limit'),
    ...timestamps,
  },
  (t) => [
    index('user_role_created_idx').on(t.role, t.createdAt),
    index('user_role_status_idx').on(t.role, t.status),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /**
     * The portal the session was signed in to: each portal's cookie opens only its own sessions,
     * so a candidate-app session renamed to the admin cookie is refused (decision 017). Sessions
     * from before this column are the candidate app's (an administrator signs in to the portal again).
     */
    portal: text('portal').$type<Portal>().notNull().default('candidate'),
    ...timestamps,
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** better-auth's rate-limit store: kept in the database so every server process shares it. */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Our own sign-in counters (failures per account and per address, attempts per address), shared
 * by every server process: a fixed window per key that starts with its first count. Keys are
 * hashes (no e-mail or address is stored); rows past `reset_at` are pruned (platform/auth/throttle.ts).
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_throttle_reset_idx').on(t.resetAt)],
);

// ---------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  // Names are unique regardless of case.
  (t) => [uniqueIndex('categories_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const interviewSets = pgTable(
  'interview_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').$type<InterviewType>().notNull().default('topic-based'),
    difficulty: text('difficulty').$type<Difficulty>().notNull().default('mid'),
    topics: jsonb('topics').$type<string[]>().notNull().default([]),
    duration: integer('duration').notNull().default(45),
    /** Follow-ups per question on a thin or vague answer: 0, 1 or 2 (issue 15). */
    followUpDepth: integer('follow_up_depth').notNull().default(1),
    /** Fixed sets: invite the candidate's questions after the last question (issue 15). */
    inviteQuestions: boolean('invite_questions').notNull().default(true),
    aiPrompt: text('ai_prompt'),
    showHome: boolean('show_home').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('interview_sets_category_idx').on(t.categoryId),
    index('interview_sets_active_idx').on(t.isActive, t.createdAt),
  ],
);

export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interviewSetId: uuid('interview_set_id')
      .notNull()
      .references(() => interviewSets.id, { onDelete: 'cascade' }),
    questionText: text('question_text').notNull(),
    expectedAnswer: text('expected_answer'),
    difficulty: text('difficulty').$type<QuestionDifficulty>().notNull().default('medium'),
    /** Which rubric scores the answer (decision 011). */
    kind: text('kind').$type<QuestionKind>().notNull().default('technical'),
    /** Explicit key points; [] means the report splits the expected answer instead. */
    keyPoints: jsonb('key_points').$type<string[]>().notNull().default([]),
    /** A coding question's problem spec, hidden tests included (issue 16); null for the rest. */
    coding: jsonb('coding').$type<CodingSpec>(),
    /** A system-design question's spec (issue 29); null for the rest. */
    systemDesign: jsonb('system_design').$type<SystemDesignSpec>(),
    timeLimit: integer('time_limit').notNull().default(300),
    order: integer('order').notNull(),
    ...timestamps,
  },
  (t) => [index('questions_set_order_idx').on(t.interviewSetId, t.order)],
);

// ---------------------------------------------------------------------------------------------
// Attempts (interviews a candidate takes), their messages, and reports
// ---------------------------------------------------------------------------------------------

/** A fixed question as the attempt saw it when it started: attempts outlive set edits. */
export interface QuestionSnapshot {
  id: string;
  questionText: string;
  expectedAnswer: string | null;
  difficulty: QuestionDifficulty;
  timeLimit: number;
  /** Absent in attempts started before decision 011 (read as technical). */
  kind?: QuestionKind;
  /** Absent in attempts started before decision 011 (the expected answer is split instead). */
  keyPoints?: string[];
  /** With kind coding: the problem as it was when the attempt started (hidden tests included). */
  coding?: CodingSpec | null;
  /** With kind system-design: the spec as it was when the attempt started (issue 29). */
  systemDesign?: SystemDesignSpec | null;
}

/** A drill as stored on its attempt: the plan, each question's text and a retry's chain. */
export interface DrillRecord extends Omit<DrillPlan, 'questions'> {
  questions: (DrillPlan['questions'][number] & {
    questionText: string;
    /** A retry: the first attempt that asked the question and its place in that report. */
    from: { interviewId: string; questionIndex: number } | null;
  })[];
}

export const interviews = pgTable(
  'interviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Null once the set is deleted; the snapshot columns keep the attempt readable. */
    interviewSetId: uuid('interview_set_id').references(() => interviewSets.id, {
      onDelete: 'set null',
    }),
    roomId: text('room_id').notNull(),
    title: text('title').notNull(),
    categoryName: text('category_name').notNull(),
    difficulty: text('difficulty').$type<Difficulty>().notNull(),
    type: text('type').notNull(),
    duration: integer('duration').notNull(),
    topics: jsonb('topics').$type<string[]>().notNull().default([]),
    aiPrompt: text('ai_prompt'),
    /**
     * The set's description as it was when the attempt started: what the interviewer may quote
     * when the candidate asks about the interview (issue 15). Null for attempts without a set.
     */
    setDescription: text('set_description'),
    questions: jsonb('questions').$type<QuestionSnapshot[]>().notNull().default([]),
    status: text('status').$type<InterviewStatus>().notNull().default('scheduled'),
    /** With status cancelled: discarded by the candidate, or abandoned by the idle sweep. */
    cancelReason: text('cancel_reason').$type<CancelReason>(),
    /** Engine state (question index, follow-up flags…) so any server process can continue. */
    engineState: jsonb('engine_state').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The interviewer's reply owed by a topic-based turn, produced outside the row lock by one
     * process (decision 018): the id it will be stored under, the position of the message it
     * answers (0: the introduction; the reply goes right after it, or nowhere), and until when the
     * producing process holds it (renewed while it generates; past that, another may take over).
     * All null when nothing is owed.
     */
    replyClaim: text('reply_claim'),
    replyAfter: integer('reply_after'),
    replyLeaseUntil: timestamp('reply_lease_until', { withTimezone: true }),
    /**
     * "Check your answers" (decision 024): set when an attempt with spoken answers ends, to when
     * its report starts by itself unless the candidate finishes the check first; null otherwise
     * (no check, or the report was started). Moved on by each correction, within a cap.
     */
    checkUntil: timestamp('check_until', { withTimezone: true }),
    /**
     * Whether this attempt keeps the audio of its answers (issue 14): the candidate may turn it off
     * on the pre-start screen; uploads are then refused and what was kept is deleted.
     */
    keepRecordings: boolean('keep_recordings').notNull().default(true),
    /**
     * Whether the candidate was told, before this attempt started, that coaches may play its
     * recordings (COACH_REVIEW_RECORDINGS was on, so the pre-start screen said so). An attempt
     * made before the operator turned it on stays the candidate's to hear alone.
     */
    coachesMayListen: boolean('coaches_may_listen').notNull().default(false),
    /** A tailored attempt's confirmed requirements (issue 15); null for every other attempt. */
    tailored: jsonb('tailored').$type<TailoredAttempt>(),
    /** The set's (or the tailored interview's) follow-ups per question (issue 15). */
    followUpDepth: integer('follow_up_depth').notNull().default(1),
    /**
     * A fixed attempt invites the candidate's questions after its last question (the set's
     * choice when the attempt was made). Topic-based and tailored interviews always do.
     */
    inviteQuestions: boolean('invite_questions').notNull().default(false),
    /** How the interviewer behaves, chosen on the pre-start screen (issue 15). */
    interviewerStyle: text('interviewer_style')
      .$type<InterviewerStyle>()
      .notNull()
      .default('friendly'),
    /**
     * When the attempt cost its candidate a credit: set with its first stored answer, in the same
     * transaction, never twice (modules/credits). Null: not charged (no answer yet, or an
     * administrator's attempt).
     */
    creditChargedAt: timestamp('credit_charged_at', { withTimezone: true }),
    /**
     * When the candidate's first answer was stored. An attempt without one is not history
     * (decision 038): History, progress, the coach's view and the CSV never count it, Discard and
     * the idle sweep remove it, and Start of the same set goes back to it.
     */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /**
     * The interview clock (decision 038; engine/completion.ts counts it): the interview time
     * counted up to `presentAt`, in ms; when the candidate was last known to be in the interview
     * (null while the clock is stopped); and until when a live channel holds the clock (renewed by
     * the process that has the channel open; past it the channel is taken for gone).
     */
    activeMs: bigint('active_ms', { mode: 'number' }).notNull().default(0),
    presentAt: timestamp('present_at', { withTimezone: true }),
    presentUntil: timestamp('present_until', { withTimezone: true }),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * A retry of one question (issue 30, modules/retries): the first attempt that asked it and the
     * question's position in that attempt's report. A retry of a retry points at the same first
     * attempt and question, so "first try → now" and progress per question read one chain. Null on
     * every other attempt.
     */
    retryOf: uuid('retry_of').references((): AnyPgColumn => interviews.id, {
      onDelete: 'set null',
    }),
    retryQuestion: integer('retry_question'),
    /**
     * A "Practise next" drill (issue 30, modules/drills, decision 045): the weak skills it was
     * made for and why each question is in it (a retry's first attempt and question, so progress
     * per question reads the drill as one more try). Null on every other attempt.
     */
    drill: jsonb('drill').$type<DrillRecord>(),
    /**
     * The assignment this attempt was started for (issue 31, modules/assignments): it counts
     * towards the assignment's attempts and the grid. Null on every other attempt, and once the
     * assignment is deleted (the attempt stays the candidate's history).
     */
    assignmentId: uuid('assignment_id').references((): AnyPgColumn => assignments.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [
    // The grid and the attempts limit: one assignment's attempts per candidate and set.
    index('interviews_assignment_idx')
      .on(t.assignmentId, t.userId, t.interviewSetId)
      .where(sql`${t.assignmentId} is not null`),
    index('interviews_retry_of_idx').on(t.retryOf, t.retryQuestion),
    index('interviews_user_created_idx').on(t.userId, t.createdAt),
    index('interviews_user_status_idx').on(t.userId, t.status),
    // Status counts, and the idle sweep's oldest open attempts first (updated_at is the last
    // change to the attempt row; messages are checked apart).
    index('interviews_status_updated_idx').on(t.status, t.updatedAt),
    index('interviews_set_idx').on(t.interviewSetId),
    // The check sweep's attempts whose "Check your answers" ran out (decision 024).
    index('interviews_check_until_idx').on(t.checkUntil),
    // A candidate's credits used in the period: counted under the candidate's row lock.
    index('interviews_user_charged_idx')
      .on(t.userId, t.creditChargedAt)
      .where(sql`${t.creditChargedAt} is not null`),
  ],
);

export interface MessageMeta {
  /** On interviewer messages: what the message is (live protocol v2; the report groups by it). */
  kind?: AiMessageKind;
  /** On an interviewer message the candidate cut off: the part they heard (the text stays whole). */
  heard?: string;
  /** Recognition confidence 0–1 from the browser, when spoken. */
  confidence?: number;
  /** Speech start/end (ms since epoch) and per-result timings sent by the client. */
  startedAt?: number;
  endedAt?: number;
  segments?: { text: string; startMs: number; endMs: number }[];
  /** How the answer was given. */
  mode?: 'voice' | 'typed';
  /** A spoken answer the candidate corrected on "Check your answers"; the message is the fix. */
  corrected?: boolean;
  /** With `corrected`: the text as recognised, kept from the first correction. */
  original?: string;
  /** Index of the fixed question this AI message asked, when it asked one. */
  questionIndex?: number;
  /** Set when a reply was the fallback after a provider failure. */
  failed?: boolean;
  /** An answer taken in the grace period after the time-up message: it answers the last question. */
  late?: boolean;
  /** The ids of `answer` frames that went on from this answer and were appended to it. */
  joined?: string[];
}

export const interviewMessages = pgTable(
  'interview_messages',
  {
    id: text('id').primaryKey(),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    /** Position in the conversation, 1-based and unique per attempt. */
    seq: integer('seq').notNull(),
    speaker: text('speaker').$type<Speaker>().notNull(),
    message: text('message').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    meta: jsonb('meta').$type<MessageMeta>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('interview_messages_seq_idx').on(t.interviewId, t.seq)],
);

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interviewId: uuid('interview_id')
      .notNull()
      .unique()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').$type<ReportStatus>().notNull().default('pending'),
    overallScore: real('overall_score'),
    communicationScore: real('communication_score'),
    problemSolvingScore: real('problem_solving_score'),
    confidenceScore: real('confidence_score'),
    /** The full report document (every field of spec section 3 "Report" and "AI report result"). */
    content: jsonb('content').$type<Record<string, unknown>>(),
    provider: text('provider'),
    model: text('model'),
    error: text('error'),
    ...timestamps,
  },
  (t) => [index('reports_user_idx').on(t.userId), index('reports_status_idx').on(t.status)],
);

/**
 * The audio of one answer (issue 14): at most one per candidate message, replaced by a new upload.
 * The bytes live in the recording store (a folder under DATA_DIR, or an S3 bucket) under
 * `storage_key`, which is inside `users/<user id>/recordings/` so that deleting an account's
 * folder or prefix deletes its audio. The rows go with their message, attempt or account.
 */
export const recordings = pgTable(
  'recordings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: text('message_id')
      .notNull()
      .unique()
      .references(() => interviewMessages.id, { onDelete: 'cascade' }),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    format: text('format').$type<RecordingFormat>().notNull(),
    durationMs: integer('duration_ms').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recordings_interview_idx').on(t.interviewId),
    index('recordings_user_idx').on(t.userId),
    // The retention sweep: the oldest first.
    index('recordings_created_idx').on(t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Operating the platform: settings administrators change, and what the AI costs
// ---------------------------------------------------------------------------------------------

/**
 * The platform's settings administrators change at run time (one row, id 1, created on first
 * write). A null column follows the operator's environment variable.
 */
export const platformSettings = pgTable('platform_settings', {
  id: integer('id').primaryKey().default(1),
  /** Interviews per credit period for every candidate without their own limit; 0 is unlimited. */
  creditsLimit: integer('credits_limit'),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  ...timestamps,
});

export type AiUsagePurpose = 'reply' | 'report' | 'speech' | 'document';

/**
 * One row per AI provider call: the tokens the provider said it used, and the estimated cost at
 * the prices configured when the call was made (AI_PRICE_INPUT/OUTPUT per million tokens). The
 * builtin provider records its calls with zero tokens and zero cost. Speech seconds and characters
 * are for speech providers. A call is made for an attempt, or (purpose 'document': a job
 * description or résumé read by the model before any attempt exists) for a candidate; either goes
 * with its attempt or account.
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interviewId: uuid('interview_id').references(() => interviews.id, { onDelete: 'cascade' }),
    /** Only for calls outside an attempt; an attempt's calls are its owner's through the attempt. */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<AiUsagePurpose>().notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    speechSeconds: real('speech_seconds').notNull().default(0),
    speechCharacters: integer('speech_characters').notNull().default(0),
    /** In the currency of the configured prices. */
    cost: real('cost').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ai_usage_created_idx').on(t.createdAt),
    index('ai_usage_interview_idx').on(t.interviewId),
    index('ai_usage_user_idx').on(t.userId),
    check('ai_usage_owner', sql`${t.interviewId} is not null or ${t.userId} is not null`),
  ],
);

/**
 * The audit log (decision 046): every coach view (a coach or an administrator reading a
 * candidate's data or exporting results) and every change an administrator makes, with the
 * changed fields before and after. The actor's e-mail and name are copied so the record outlives
 * their account; a candidate is only linked (set null when their account is deleted, so "delete
 * my data" leaves nothing of theirs here): nothing personal of a candidate goes into `before`,
 * `after` or `subject_label`, which name catalogue items, cohorts and settings.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    actorName: text('actor_name').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    candidateId: text('candidate_id').references(() => user.id, { onDelete: 'set null' }),
    interviewId: uuid('interview_id').references(() => interviews.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, string | number>>().notNull().default({}),
    /** What a change was made to, and its name then ('' for a person: read from `candidate_id`). */
    subjectType: text('subject_type').$type<AuditSubjectType>(),
    subjectId: text('subject_id'),
    subjectLabel: text('subject_label'),
    /** The fields that changed: as they were (null for a creation) and became (null for a deletion). */
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_candidate_idx').on(t.candidateId),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Cohorts (issue 31, decision 046): candidates grouped for a school's course, their coaches, and
// the ways in (an administrator's list, an invite link, the e-mail domain). Assignments, the grid
// and coach feedback (later slices) hang off `cohorts.id`.
// ---------------------------------------------------------------------------------------------

export const cohorts = pgTable(
  'cohorts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    /** New sign-ups with an address at exactly this domain join (lower case, no "@"). */
    emailDomain: text('email_domain'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('cohorts_email_domain_idx').on(t.emailDomain),
    check('cohorts_dates', sql`${t.startsOn} <= ${t.endsOn}`),
  ],
);

/** A coach sees the candidates of the cohorts they coach, and nothing else. */
export const cohortCoaches = pgTable(
  'cohort_coaches',
  {
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cohortId, t.userId] }),
    index('cohort_coaches_user_idx').on(t.userId),
  ],
);

/**
 * An invite link to a cohort: reusable by anyone holding it until it expires, its seats are taken
 * or it is withdrawn. Only a SHA-256 of its token is kept, so the table read by someone else
 * opens no cohort; the link is shown once, when it is made.
 */
export const cohortInvites = pgTable(
  'cohort_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    seats: integer('seats').notNull(),
    seatsTaken: integer('seats_taken').notNull().default(0),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cohort_invites_cohort_idx').on(t.cohortId, t.createdAt),
    check('cohort_invites_seats', sql`${t.seatsTaken} >= 0 and ${t.seatsTaken} <= ${t.seats}`),
  ],
);

/** A candidate in a cohort; a candidate may be in several. */
export const cohortMembers = pgTable(
  'cohort_members',
  {
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** How they joined: an administrator's list or CSV, an invite link, or the e-mail domain. */
    joinedVia: text('joined_via').$type<CohortJoinedVia>().notNull(),
    inviteId: uuid('invite_id').references(() => cohortInvites.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cohortId, t.userId] }),
    index('cohort_members_user_idx').on(t.userId),
  ],
);

/**
 * An assignment (issue 31): a cohort's candidates are to do these sets between `opensAt` and
 * `dueAt`, each at most `attemptsAllowed` times; an attempt started after `dueAt` counts as late.
 */
export const assignments = pgTable(
  'assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attemptsAllowed: integer('attempts_allowed').notNull(),
    /** Whether coaches may play the recordings of this assignment's attempts. */
    recordingsReviewable: boolean('recordings_reviewable').notNull().default(false),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assignments_cohort_idx').on(t.cohortId, t.dueAt),
    // The reminder loop's assignments due within two days.
    index('assignments_due_idx').on(t.dueAt),
    check('assignments_dates', sql`${t.opensAt} < ${t.dueAt}`),
    check('assignments_attempts', sql`${t.attemptsAllowed} >= 1`),
  ],
);

/** The sets of an assignment, in the order the coach listed them. */
export const assignmentSets = pgTable(
  'assignment_sets',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    interviewSetId: uuid('interview_set_id')
      .notNull()
      .references(() => interviewSets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.interviewSetId] })],
);

/**
 * A reminder e-mail, claimed before it is sent (decision 048): the primary key lets one process
 * in the whole deployment take (assignment, candidate, kind), so each reminder goes once even
 * with several processes running the loop. `sentAt` stays null when the sending failed.
 */
export const assignmentReminders = pgTable(
  'assignment_reminders',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AssignmentReminderKind>().notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.userId, t.kind] })],
);

/**
 * Each run of the examples or submission of a coding question (issue 16): the code as it was, the
 * verdict and each test's result. The conversation's record of the coding round: the interviewer
 * and the report read it.
 */
export const codeRuns = pgTable(
  'code_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    questionIndex: integer('question_index').notNull(),
    language: text('language').$type<CodingLanguage>().notNull(),
    mode: text('mode').$type<CodeRunMode>().notNull(),
    code: text('code').notNull(),
    verdict: text('verdict').$type<CodeRunVerdict>().notNull(),
    passed: integer('passed').notNull(),
    total: integer('total').notNull(),
    /** Every test's result, hidden ones included (inputs and outputs): server-side only. */
    tests: jsonb('tests').$type<(CodeRunTest & { hidden: boolean })[]>().notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('code_runs_interview_idx').on(t.interviewId, t.createdAt)],
);

/**
 * The whiteboard of a system-design question (issue 29): the candidate's scene, one row per attempt
 * and question, replaced on each save. `version` counts the saves: a save names the version it
 * started from, and one from an older version is refused (another tab saved since).
 */
export const whiteboards = pgTable(
  'whiteboards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    questionIndex: integer('question_index').notNull(),
    scene: jsonb('scene').$type<WhiteboardScene>().notNull(),
    version: integer('version').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('whiteboards_attempt_question_idx').on(t.interviewId, t.questionIndex)],
);

/**
 * A candidate's job descriptions and résumés (issue 15): private to their owner, deletable from
 * Settings, deleted with the account. Only the extracted text is kept, never the uploaded file.
 */
export const tailoredDocuments = pgTable(
  'tailored_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TailoredDocumentKind>().notNull(),
    /** The résumé's file name, or the role read from a job description. */
    name: text('name').notNull(),
    text: text('text').notNull(),
    /** What was read from it (a job description's requirements, a résumé's projects). */
    extraction: jsonb('extraction').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [index('tailored_documents_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A model answer written by the AI model for a question without an expected answer (issue 30,
 * modules/retries): written once, after the candidate answered, and kept with the attempt (deleted
 * with it and with the account). Answers built from an expected answer are not stored.
 */
export const modelAnswers = pgTable(
  'model_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    /** The question's position in the attempt's report. */
    questionIndex: integer('question_index').notNull(),
    text: text('text').notNull(),
    model: text('model').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('model_answers_question_idx').on(t.interviewId, t.questionIndex)],
);

/**
 * My stories (issue 30, modules/stories): a candidate's STAR stories, saved from a behavioural
 * answer or written by hand, offered again before behavioural questions. The candidate's data:
 * exported, deleted with the account. The answer it came from is kept as a link only.
 */
export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    situation: text('situation').notNull().default(''),
    task: text('task').notNull().default(''),
    action: text('action').notNull().default(''),
    result: text('result').notNull().default(''),
    skills: jsonb('skills').$type<string[]>().notNull().default([]),
    /** The attempt and question (its position in the report) the story was saved from, if any. */
    interviewId: uuid('interview_id').references(() => interviews.id, { onDelete: 'set null' }),
    questionIndex: integer('question_index'),
    ...timestamps,
  },
  (t) => [index('stories_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Share links of a report (issue 30, modules/report-share): opt-in, read-only, expiring,
 * revocable. Only the token's SHA-256 is kept, so the table opens nothing by itself. A link goes
 * with its attempt and with the account; a revoked one stays (revoked_at) so its views stay in
 * the candidate's export.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    /** base64url SHA-256 of the token. */
    tokenHash: text('token_hash').notNull(),
    includeRecordings: boolean('include_recordings').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('share_links_token_idx').on(t.tokenHash),
    index('share_links_interview_idx').on(t.interviewId, t.createdAt),
    index('share_links_user_idx').on(t.userId),
  ],
);

/**
 * Each opening of a share link: when, and who when the viewer was signed in (a coach in the admin
 * portal, or a candidate). No address is kept, as the audit log keeps none.
 */
export const shareLinkViews = pgTable(
  'share_link_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    viewerId: text('viewer_id').references(() => user.id, { onDelete: 'set null' }),
    /** The viewer's portal when signed in: 'candidate' or 'admin'; null when signed out. */
    viewerPortal: text('viewer_portal').$type<Portal>(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('share_link_views_link_idx').on(t.linkId, t.viewedAt)],
);

export const schema = {
  user,
  session,
  account,
  verification,
  rateLimit,
  authThrottle,
  categories,
  interviewSets,
  questions,
  interviews,
  interviewMessages,
  reports,
  recordings,
  platformSettings,
  aiUsage,
  auditLog,
  cohorts,
  cohortCoaches,
  cohortInvites,
  cohortMembers,
  codeRuns,
  tailoredDocuments,
  modelAnswers,
  stories,
  shareLinks,
  shareLinkViews,
};

/**
 * LTI 1.3 (issue 31, decision 047): the tool's own signing key when LTI_PRIVATE_KEY is unset
 * (made once, shared by every process), the launches begun in a browser (state and nonce, each
 * used once), who a platform's person is here, and the resource links a person launched with
 * the gradebook column their best score goes to.
 */
export const ltiToolKeys = pgTable('lti_tool_keys', {
  id: text('id').primaryKey(),
  kid: text('kid').notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ltiLaunchStates = pgTable(
  'lti_launch_states',
  {
    /** base64url SHA-256 of the state the browser's cookie holds. */
    stateHash: text('state_hash').primaryKey(),
    nonce: text('nonce').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lti_launch_states_created_idx').on(t.createdAt)],
);

export const ltiIdentities = pgTable(
  'lti_identities',
  {
    issuer: text('issuer').notNull(),
    sub: text('sub').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.sub] }),
    index('lti_identities_user_idx').on(t.userId),
  ],
);

export const ltiLinks = pgTable(
  'lti_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    deploymentId: text('deployment_id').notNull(),
    resourceLinkId: text('resource_link_id').notNull(),
    sub: text('sub').notNull(),
    interviewSetId: uuid('interview_set_id')
      .notNull()
      .references(() => interviewSets.id, { onDelete: 'cascade' }),
    /** The AGS line item the score goes to; null when the platform offered no score scope. */
    lineItem: text('line_item'),
    firstLaunchAt: timestamp('first_launch_at', { withTimezone: true }).notNull().defaultNow(),
    /** The best score queued for the gradebook: a new job only when it changes. */
    bestScore: real('best_score'),
    /** The score job: pending, sent, failed (tries spent) or expired (lifetime over). */
    sendStatus: text('send_status'),
    sendTries: integer('send_tries').notNull().default(0),
    sendNextAt: timestamp('send_next_at', { withTimezone: true }),
    sendQueuedAt: timestamp('send_queued_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sendError: text('send_error'),
  },
  (t) => [
    uniqueIndex('lti_links_link_user_idx').on(t.issuer, t.deploymentId, t.resourceLinkId, t.userId),
    index('lti_links_user_set_idx').on(t.userId, t.interviewSetId),
    index('lti_links_due_idx').on(t.sendStatus, t.sendNextAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Coach feedback (issue 31, slice 3, modules/coach-feedback): a coach's written comments and
// optional scores on one report, and the small rubric library they score with.
// ---------------------------------------------------------------------------------------------

/** A named rubric: criteria scored 0–10 by a coach. One is the seeded default (never deleted). */
export const rubrics = pgTable(
  'rubrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    criteria: jsonb('criteria').$type<{ name: string; description: string }[]>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  // At most one default.
  (t) => [
    uniqueIndex('rubrics_default_idx')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * The feedback on one attempt's report: one row per attempt, whoever last wrote it. The rubric is
 * copied as it was when scored, so editing the library never changes what a candidate was told.
 * Goes with the attempt and with the candidate's account; the coach's name is copied (staff, as
 * the audit log copies its actors), their link set null when their account goes.
 */
export const coachFeedback = pgTable(
  'coach_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    /** The candidate whose report it is. */
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    overall: text('overall').notNull().default(''),
    rubric: jsonb('rubric').$type<{
      id: string | null;
      name: string;
      criteria: { name: string; description: string }[];
    } | null>(),
    questions: jsonb('questions')
      .$type<{ index: number; comment: string; scores: (number | null)[] }[]>()
      .notNull()
      .default([]),
    /** When the candidate last opened it; null while there is something new for them. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('coach_feedback_interview_idx').on(t.interviewId),
    index('coach_feedback_user_idx').on(t.userId, t.seenAt),
  ],
);

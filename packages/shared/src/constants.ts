// Every business constant of the specification (section 9) lives here, once.

export const PRODUCT_NAME = 'Candor';

/** The interviewer persona's name: greetings, the model's prompt, the pre-start voice check. */
export const INTERVIEWER_NAME = 'Alex';

export const EXPERIENCE_LEVELS = ['junior', 'mid', 'senior', 'staff'] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
export const DEFAULT_EXPERIENCE_LEVEL: ExperienceLevel = 'mid';

/** Labels used by the profile form and sign-up. */
export const EXPERIENCE_LEVEL_LABELS: Record<ExperienceLevel, string> = {
  junior: 'Junior (0-2 years)',
  mid: 'Mid-Level (2-5 years)',
  senior: 'Senior (5+ years)',
  staff: 'Staff/Principal',
};

/** Interview-set difficulty uses the same four levels as experience. */
export const DIFFICULTIES = EXPERIENCE_LEVELS;
export type Difficulty = ExperienceLevel;
export const DIFFICULTY_FILTER_LABELS = EXPERIENCE_LEVEL_LABELS;
/** A new interview set's level, the same as a new candidate's. */
export const DEFAULT_DIFFICULTY: Difficulty = DEFAULT_EXPERIENCE_LEVEL;

export const INTERVIEW_TYPES = ['fixed', 'topic-based'] as const;
export type InterviewType = (typeof INTERVIEW_TYPES)[number];
export const INTERVIEW_TYPE_LABELS: Record<InterviewType, string> = {
  fixed: 'Fixed Questions',
  'topic-based': 'Topic-Based',
};

/**
 * How the interviewer behaves (issue 15), chosen on the pre-start screen and kept on the attempt:
 * friendly (warm acknowledgements), neutral (brief ones), demanding (the shortest, one follow-up
 * more per question, and a long ramble is cut off after two minutes: "Let me stop you there…").
 */
export const INTERVIEWER_STYLES = ['friendly', 'neutral', 'demanding'] as const;
export type InterviewerStyle = (typeof INTERVIEWER_STYLES)[number];
export const DEFAULT_INTERVIEWER_STYLE: InterviewerStyle = 'friendly';
export const INTERVIEWER_STYLE_LABELS: Record<InterviewerStyle, string> = {
  friendly: 'Friendly',
  neutral: 'Neutral',
  demanding: 'Demanding',
};
/** A demanding interviewer cuts an answer off after this long ("Let me stop you there…"). */
export const DEMANDING_RAMBLE_SECONDS = 120;

/**
 * Follow-up questions per question (issue 15): how many times the interviewer may probe a thin or
 * vague answer before moving on. Set per interview set by the admin and per tailored interview.
 */
export const FOLLOW_UP_DEPTHS = [0, 1, 2] as const;
export type FollowUpDepth = (typeof FOLLOW_UP_DEPTHS)[number];
export const DEFAULT_FOLLOW_UP_DEPTH: FollowUpDepth = 1;
export const FOLLOW_UP_DEPTH_LABELS: Record<FollowUpDepth, string> = {
  0: 'None',
  1: 'One (default)',
  2: 'Two',
};

export const QUESTION_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type QuestionDifficulty = (typeof QUESTION_DIFFICULTIES)[number];

/**
 * What a question measures, and so which rubric scores its answer (decision 011). Warm-up answers
 * get feedback only: they are not scored and not in any average. Coding questions (issue 16) are
 * solved in an editor and scored on their test results and the candidate's explanation.
 */
export const QUESTION_KINDS = [
  'warm-up',
  'technical',
  'behavioural',
  'coding',
  'system-design',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const DEFAULT_QUESTION_KIND: QuestionKind = 'technical';
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  'warm-up': 'Warm-up',
  technical: 'Technical',
  behavioural: 'Behavioural',
  coding: 'Coding',
  'system-design': 'System design',
};
export const INTERVIEW_STATUSES = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];
/** Attempts that can still be resumed (History's 'Not Completed'). */
export const UNFINISHED_STATUSES = [
  'scheduled',
  'in_progress',
] as const satisfies readonly InterviewStatus[];

/**
 * Why a cancelled attempt was closed: the candidate discarded it, or nobody touched it for
 * ATTEMPT_IDLE_HOURS. Abandoned is a reason, not a status, so clients that know only the four
 * statuses still read it (decision 012).
 */
export const CANCEL_REASONS = ['discarded', 'abandoned'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
/** An unfinished attempt untouched this long is closed as abandoned. */
export const ATTEMPT_IDLE_HOURS = 24;

/**
 * "Check your answers" (decision 024): after End, an attempt with spoken answers waits this long
 * without a correction before its report starts by itself (each correction restarts the wait),
 * and never longer than `maxMinutes` after it ended, so a report is never held back for good.
 */
export const ANSWER_CHECK = {
  idleMinutes: 10,
  maxMinutes: 60,
} as const;

export const REPORT_STATUSES = ['pending', 'completed', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const ROLES = ['candidate', 'coach', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/**
 * Who signs in to the admin portal (decision 046): administrators (everything) and coaches (their
 * cohorts' candidates only: the list, reports and coach review).
 */
export const STAFF_ROLES = ['admin', 'coach'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (role: string): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role);

/** The two doors: the candidate app and the admin portal, each with its own sign-in sessions. */
export const PORTALS = ['candidate', 'admin'] as const;
export type Portal = (typeof PORTALS)[number];

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME: Theme = 'system';

export const SPEAKERS = ['AI', 'User'] as const;
export type Speaker = (typeof SPEAKERS)[number];

export const LIMITS = {
  nameMin: 2,
  nameMax: 50,
  passwordMin: 8,
  passwordMax: 128,
  adminLoginPasswordMin: 6,
  bioMax: 500,
  locationMax: 100,
  categoryNameMin: 2,
  /**
   * One duration range (minutes) for interview sets and the attempts taken from them: the
   * specification's separate 15–120 clamp for attempts made a 10-minute set run 15 minutes.
   */
  setDurationMin: 5,
  setDurationMax: 120,
  setDurationDefault: 45,
  /** An attempt created without a set. */
  interviewDurationDefault: 30,
  questionTimeLimitMin: 60,
  questionTimeLimitMax: 1800,
  questionTimeLimitStep: 30,
  questionTimeLimitDefault: 300,
  /** Key points of one question: how many, and how long each may be. */
  keyPointsMax: 12,
  keyPointMax: 300,
  cardTopicsShown: 3,
  answerGraceSeconds: 60,
} as const;

export const TIMINGS = {
  httpTimeoutMs: 10_000,
  toastMs: 5_000,
  toastErrorMs: 8_000,
  backendStatusPollMs: 30_000,
  candidateSearchDebounceMs: 500,
  historySearchDebounceMs: 300,
} as const;

export const DASHBOARD_RECENT_COUNT = 3;
export const CANDIDATE_PAGE_SIZES = [5, 10, 20, 50] as const;
export const CANDIDATE_DEFAULT_PAGE_SIZE = 10;

/** Category tabs per page by viewport width (breakpoints 640 and 1024). */
export function categoryTabsPerPage(width: number): number {
  if (width < 640) return 2;
  if (width < 1024) return 4;
  return 6;
}

/**
 * What a question's report says in place of scores when its answer had too little clear speech
 * (here, not in report.ts, so the report screen does not load the report schemas for a string).
 */
export const NOT_ENOUGH_SPEECH = 'not enough clear speech to score';

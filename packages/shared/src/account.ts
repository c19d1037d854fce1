import type { CoachFeedback } from './coach-feedback';
import type { ExportedShareLink } from './report-share';
import type { Story } from './stories';
import type { WhiteboardScene } from './whiteboard';
import { z } from 'zod';
import { LIMITS } from './constants';
import type { CodeRun } from './coding';
import type { PublicUser } from './user';

/**
 * Account self-service (issue 17): "Download my data" and "Delete my account" in Settings, and an
 * administrator deleting a candidate from the candidates page.
 */

/** How a user signs in, as far as deleting the account needs to know. */
export interface AccountDeletionInfo {
  email: string;
  /** Signs in with a password: deletion asks for it. Otherwise they confirm by typing their e-mail. */
  hasPassword: boolean;
  /** The sign-in methods linked to the account ('credential' is the password). */
  providers: string[];
}

/**
 * `DELETE /api/user/account`. An account with a password re-enters it; one without (Google,
 * GitHub, single sign-on) types its e-mail address. Which one is needed is the server's call (the
 * other field is ignored), so both are optional here and the refusal names the missing one.
 */
export const deleteAccountSchema = z.object({
  password: z.string().max(LIMITS.passwordMax, 'password is too long').optional(),
  email: z.string().max(320, 'email is too long').optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The refusal of the last administrator's own deletion: 409 with this code and message. */
export const LAST_ADMIN = {
  code: 'LAST_ADMIN',
  message:
    'You are the only administrator. Make another account an administrator before deleting this one.',
} as const;

/** What a successful deletion answers. */
export interface AccountDeleted {
  success: true;
  message: string;
}

/** One message of an attempt's conversation, as the export writes it. */
export interface ExportedMessage {
  seq: number;
  speaker: string;
  message: string;
  timestamp: string;
  /** 'voice' or 'typed', when recorded. */
  mode?: string;
  /** A spoken answer the candidate corrected: `message` is the correction, this what was recognised. */
  recognisedAs?: string;
  /**
   * The answer's recording, when one is kept (issue 14): what it is, and where it plays (the
   * audio itself is not inside the JSON file; it downloads from `url` while signed in).
   */
  recording?: { format: string; durationMs: number; sizeBytes: number; url: string };
}

export interface ExportedReport {
  status: string;
  overallScore: number | null;
  communicationScore: number | null;
  problemSolvingScore: number | null;
  confidenceScore: number | null;
  /** The whole report as the report page shows it. */
  content: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
}

export interface ExportedAttempt {
  id: string;
  title: string;
  categoryName: string;
  type: string;
  difficulty: string;
  duration: number;
  topics: string[];
  status: string;
  cancelReason: string | null;
  /** The questions as asked (the expected answers stay with the catalogue). */
  questions: string[];
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  conversation: ExportedMessage[];
  report: ExportedReport | null;
  /**
   * The coding round's runs (issue 16), oldest first: the code as sent and each test's result as
   * the candidate saw it (a hidden test shows only its verdict: its data is the catalogue's).
   */
  codeRuns: ExportedCodeRun[];
  /** The system-design round's boards (issue 29), by question, as last saved. */
  whiteboards: ExportedWhiteboard[];
}

export interface ExportedWhiteboard {
  questionIndex: number;
  version: number;
  scene: WhiteboardScene;
  updatedAt: string;
}

export interface ExportedCodeRun extends CodeRun {
  code: string;
  durationMs: number;
}

/** A job description or résumé kept for tailored interviews (issue 15): its text and its reading. */
export interface ExportedDocument {
  id: string;
  kind: string;
  name: string;
  text: string;
  /** What was read from it (requirements, or the résumé's skills and projects). */
  extraction: Record<string, unknown> | null;
  createdAt: string;
}

/** `GET /api/user/export`: everything the service keeps about a person, as one JSON file. */
export interface DataExport {
  format: 'candor-data-export';
  /** 2 added `documents` and each attempt's `codeRuns`. */
  version: 2;
  exportedAt: string;
  profile: PublicUser & { signInMethods: string[] };
  attempts: ExportedAttempt[];
  documents: ExportedDocument[];
  /** My stories (issue 30). */
  stories: Story[];
  /** Share links of reports (issue 30), revoked and expired ones too, without their tokens. */
  shareLinks: ExportedShareLink[];
  /** The cohorts the person is in (issue 31) and how they joined each. */
  cohorts: ExportedCohortMembership[];
  /** Coaches' feedback on the person's reports (issue 31), with each coach's name. */
  coachFeedback: CoachFeedback[];
  /** Who the person is on course platforms (LTI 1.3, issue 31) and the course links they used. */
  lti: ExportedLti;
}

/**
 * A person's LTI rows (decision 047): their id on each platform and each course link launched,
 * with the score sent to its gradebook. No keys, tokens or the platform's error texts: those are
 * the service's own, not the person's.
 */
export interface ExportedLti {
  identities: { issuer: string; sub: string; linkedAt: string }[];
  launches: {
    issuer: string;
    deploymentId: string;
    resourceLinkId: string;
    setTitle: string;
    /** The gradebook column the best score goes to; null when the platform offered none. */
    lineItem: string | null;
    firstLaunchAt: string;
    /** The best score queued for the gradebook, and where sending it stands. */
    bestScore: number | null;
    scoreStatus: string | null;
    scoreSentAt: string | null;
  }[];
}

export interface ExportedCohortMembership {
  name: string;
  startsOn: string;
  endsOn: string;
  joinedVia: string;
  joinedAt: string;
}

/** The file name "Download my data" saves under, e.g. `candor-data-2026-11-23.json`. */
export function dataExportFileName(date: Date): string {
  return `candor-data-${date.toISOString().slice(0, 10)}.json`;
}

import { z } from 'zod';
import { EXPERIENCE_LEVELS, INTERVIEWER_STYLES, LIMITS } from './constants';
import { followUpDepthSchema } from './catalog';

/*
 * Tailored interviews (issue 15): the candidate pastes the job description they are applying for;
 * the server extracts the role, its level and the skills it asks for, the candidate confirms them,
 * and the interview is drawn from them.
 */

export const JOB_DESCRIPTION_LIMITS = { minChars: 200, maxChars: 20_000 } as const;
/** Skills a candidate may confirm for one interview, and the length of one skill's name. */
export const TAILORED_SKILL_LIMITS = { max: 30, nameMaxChars: 60 } as const;

export const jobDescriptionSchema = z
  .string({ error: 'jobDescription must be text' })
  .trim()
  .min(
    JOB_DESCRIPTION_LIMITS.minChars,
    `jobDescription must be at least ${JOB_DESCRIPTION_LIMITS.minChars} characters: paste the whole advert`,
  )
  .max(
    JOB_DESCRIPTION_LIMITS.maxChars,
    `jobDescription must be at most ${JOB_DESCRIPTION_LIMITS.maxChars.toLocaleString('en-GB')} characters`,
  );

const skillName = z
  .string()
  .trim()
  .min(1, 'a skill needs a name')
  .max(
    TAILORED_SKILL_LIMITS.nameMaxChars,
    `a skill is at most ${TAILORED_SKILL_LIMITS.nameMaxChars} characters`,
  );

/** What a job description asks for, as extracted (builtin or AI) and as the candidate confirms it. */
export const jobRequirementsSchema = z.object({
  /** The role's title as the advert gives it ("Senior Backend Engineer"). */
  role: z.string().trim().min(1).max(120),
  level: z.enum(EXPERIENCE_LEVELS),
  /** Canonical skill names ("PostgreSQL", not "Postgres"), most important first. */
  required: z.array(skillName).max(TAILORED_SKILL_LIMITS.max),
  niceToHave: z.array(skillName).max(TAILORED_SKILL_LIMITS.max),
});
export type JobRequirements = z.infer<typeof jobRequirementsSchema>;

export const TAILORED_DOCUMENT_KINDS = ['job-description', 'resume'] as const;
export type TailoredDocumentKind = (typeof TAILORED_DOCUMENT_KINDS)[number];

/**
 * What a tailored attempt (issue 15) was built from, recorded on the attempt: the requirements the
 * candidate confirmed and the résumé projects asked about. The texts themselves stay in the
 * candidate's documents, deletable apart from the attempt.
 */
export interface TailoredAttempt {
  requirements: JobRequirements;
  jobDescriptionId: string | null;
  resumeId: string | null;
  resumeProjects: string[];
  /** The questions drawn for it, in asking order (absent in attempts made before the plan). */
  plan?: TailoredPlanItem[];
  /**
   * The advert's sentences about the team, the work and growth: what the interviewer may quote when
   * the candidate asks about the job. Kept with the attempt, deleted with it.
   */
  jobSentences?: string[];
}

/** One question drawn for a tailored interview: from the bank for a skill, or from the résumé. */
export interface TailoredPlanItem {
  text: string;
  /** The bank topic it comes from; 'Your experience' for a résumé question. */
  topic: string;
  kind: 'technical' | 'behavioural';
  source: 'bank' | 'resume';
  /** The confirmed skills it interviews (the report's "fit for this job" reads these). */
  skills: string[];
}

/**
 * `POST /api/tailored/interviews`: the attempt, from a stored job description and, optionally, a
 * résumé, with the skills as the candidate confirmed them.
 */
export const createTailoredInterviewBodySchema = z.object({
  jobDescriptionId: z.uuid('jobDescriptionId must be the id of one of your job descriptions'),
  resumeId: z.uuid('resumeId must be the id of one of your résumés').nullable().optional(),
  requirements: jobRequirementsSchema.refine((r) => r.required.length > 0, {
    message: 'Keep at least one required skill',
    path: ['required'],
  }),
  duration: z
    .number({ error: 'duration must be a number of minutes' })
    .int('duration must be whole minutes')
    .min(LIMITS.setDurationMin, `duration must be at least ${LIMITS.setDurationMin} minutes`)
    .max(LIMITS.setDurationMax, `duration must be at most ${LIMITS.setDurationMax} minutes`),
  difficulty: z.enum(EXPERIENCE_LEVELS, {
    error: 'difficulty must be junior, mid, senior or staff',
  }),
  followUpDepth: followUpDepthSchema.default(1),
  interviewerStyle: z
    .enum(INTERVIEWER_STYLES, { error: 'interviewerStyle must be friendly, neutral or demanding' })
    .optional(),
});
export type CreateTailoredInterviewBody = z.input<typeof createTailoredInterviewBodySchema>;

/**
 * The candidate's own questions at the end (issue 15): the interviewer invites them with these
 * words and answers at most `max`.
 */
export const CANDIDATE_QUESTIONS = {
  max: 3,
  invitation: 'Do you have any questions for me?',
} as const;

export const RESUME_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  maxPages: 50,
  maxTextChars: 100_000,
  maxProjects: 8,
  maxSkills: 40,
} as const;

/** A candidate keeps at most this many job descriptions and résumés. */
export const TAILORED_DOCUMENTS_MAX = 20;

/** What the builtin interviewer reads from a résumé. */
export interface ResumeProfile {
  skills: string[];
  projects: { name: string; summary: string }[];
  /** The most years of experience the résumé states, if any. */
  years: number | null;
}

/** `POST /api/tailored/resumes?name=…`: the file's name (the body is the file itself). */
export const resumeUploadQuerySchema = z.object({
  name: z
    .string({ error: 'name is the file name' })
    .trim()
    .min(1, 'name is the file name')
    .max(200, 'name must be at most 200 characters'),
});

/** `POST /api/tailored/job-descriptions`. */
export const jobDescriptionBodySchema = z.object({ jobDescription: jobDescriptionSchema });

/** One of the candidate's documents, as their list shows it (never the whole text). */
export interface TailoredDocumentSummary {
  id: string;
  kind: TailoredDocumentKind;
  name: string;
  /** The first 200 characters. */
  preview: string;
  createdAt: string;
}

export interface TailoredJobDescription extends TailoredDocumentSummary {
  kind: 'job-description';
  requirements: JobRequirements;
}

export interface TailoredResume extends TailoredDocumentSummary {
  kind: 'resume';
  profile: ResumeProfile;
}

import { z } from 'zod';
import { EXPERIENCE_LEVELS } from './constants';

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
}

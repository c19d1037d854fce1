import { z } from 'zod';
import {
  RESUME_LIMITS,
  TAILORED_SKILL_LIMITS,
  jobRequirementsSchema,
  type JobRequirements,
  type ResumeProfile,
} from '@candor/shared';
import type { AiProvider } from '../../ai/provider';
import type { Logger } from '../../platform/logger';
import { requirementName, skillsOfRequirement } from '../../ai/builtin/skill-meaning';
import { extractRequirements } from './extract';
import { isSkillsList, readResumeProfile } from './resume';
import { cut } from './text';

/**
 * A job description or a résumé read by the configured model (issue 15): JSON checked with zod,
 * one retry, and the builtin reading when both attempts fail. With the builtin provider nothing
 * leaves the server: the texts are read by extract.ts and resume.ts alone.
 */

const PROMPT = [
  'You read job adverts for a technical interview practice tool.',
  'Return only a JSON object with these fields:',
  '"role": the job title as the advert gives it (at most 120 characters);',
  '"level": one of "junior", "mid", "senior", "staff";',
  '"required": the technical skills the advert requires, most important first (at most 30, each a short canonical name such as "PostgreSQL", "Kubernetes", "React");',
  '"niceToHave": the skills it calls optional, a plus or a bonus (at most 30).',
  'When the advert accepts any one of several skills ("Snowflake, BigQuery or Redshift", "AWS or GCP"), give them as one entry written that way, not as separate skills.',
  'Leave out tools named only in the company description or the benefits, and soft skills.',
].join('\n');

/**
 * A model's skill name, written as the vocabulary writes it ("Postgres" → "PostgreSQL",
 * "Postgres/MySQL" → "PostgreSQL or MySQL"); a name it does not know, as the model gave it.
 */
function canonical(name: string): string {
  const skills = skillsOfRequirement(name);
  if (skills.length === 0) return cut(name.trim(), TAILORED_SKILL_LIMITS.nameMaxChars);
  return requirementName(skills, TAILORED_SKILL_LIMITS.nameMaxChars);
}

/**
 * A model's reading made canonical: names as the vocabulary writes them, each once, alternatives
 * that a skill asked for on its own already satisfies left out (as the builtin reading does), and
 * required winning over nice to have.
 */
export function tidyRequirements(found: JobRequirements): JobRequirements {
  const distinct = (names: string[]) => [...new Set(names.map(canonical))];
  const singlesOf = (names: string[]) =>
    new Set(
      names.flatMap((n) => {
        const skills = skillsOfRequirement(n);
        return skills.length === 1 ? [skills[0]!] : [];
      }),
    );
  const required0 = distinct(found.required);
  const requiredSingles = singlesOf(required0);
  const implied = (name: string, singles: Set<unknown>) => {
    const skills = skillsOfRequirement(name);
    return skills.length > 1 && skills.some((k) => singles.has(k));
  };
  const required = required0
    .filter((n) => !implied(n, requiredSingles))
    .slice(0, TAILORED_SKILL_LIMITS.max);
  const nice0 = distinct(found.niceToHave).filter((n) => !required.includes(n));
  const niceSingles = singlesOf(nice0);
  const niceToHave = nice0
    .filter((n) => !implied(n, requiredSingles) && !implied(n, niceSingles))
    .slice(0, TAILORED_SKILL_LIMITS.max);
  return { role: cut(found.role.trim(), 120), level: found.level, required, niceToHave };
}

/** Asks the model for JSON of this shape, twice at most; null when neither answer fits. */
async function askTwice<S extends z.ZodType>(
  provider: AiProvider,
  log: Logger,
  userId: string,
  what: string,
  prompt: string,
  text: string,
  schema: S,
): Promise<z.output<S> | null> {
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      return await provider.generateJson({
        messages: [
          { role: 'system', content: prompt },
          { role: 'user', content: text },
        ],
        schema,
        temperature: 0,
        // Each call, the failed one too, is recorded as the candidate's usage.
        userId,
      });
    } catch (err) {
      log.warn({ err, attempt }, `the model could not read a ${what}`);
    }
  }
  return null;
}

const RESUME_PROMPT = [
  'You read résumés for a technical interview practice tool.',
  'Return only a JSON object with these fields:',
  '"skills": the technical skills the résumé shows, most prominent first (at most 40, short canonical names);',
  '"projects": the projects and roles worth asking about, most recent first (at most 8), each {"name": at most 80 characters, "summary": what the candidate did, at most 240 characters};',
  '"years": the most years of experience the résumé states, or null.',
].join('\n');

const resumeProfileSchema = z.object({
  skills: z
    .array(z.string().trim().min(1).max(TAILORED_SKILL_LIMITS.nameMaxChars))
    .max(RESUME_LIMITS.maxSkills),
  projects: z
    .array(
      z.object({ name: z.string().trim().min(1).max(80), summary: z.string().trim().max(240) }),
    )
    .max(RESUME_LIMITS.maxProjects),
  years: z.number().int().min(0).max(60).nullable(),
});

/**
 * Who reads a candidate's document: the configured model when `useModel` (not the builtin
 * provider, and the candidate's daily model readings not spent), else the builtin rules.
 */
export interface DocumentReader {
  provider: AiProvider;
  useModel: boolean;
  log: Logger;
}

export async function readResumeText(
  { provider, useModel, log }: DocumentReader,
  userId: string,
  text: string,
): Promise<{ profile: ResumeProfile; readBy: 'ai' | 'builtin' }> {
  if (useModel && provider.name !== 'builtin') {
    const found = await askTwice(
      provider,
      log,
      userId,
      'résumé',
      RESUME_PROMPT,
      text,
      resumeProfileSchema,
    );
    if (found) {
      return {
        profile: {
          ...found,
          skills: [...new Set(found.skills.map(canonical))],
          // A model may list "Skills: Python, SQL" as a project too: it is not one.
          projects: found.projects.filter((p) => !isSkillsList(p.name, p.summary)),
        },
        readBy: 'ai',
      };
    }
  }
  return { profile: readResumeProfile(text), readBy: 'builtin' };
}

export async function readJobDescription(
  { provider, useModel, log }: DocumentReader,
  userId: string,
  jobDescription: string,
): Promise<{ requirements: JobRequirements; readBy: 'ai' | 'builtin' }> {
  if (!useModel || provider.name === 'builtin') {
    return { requirements: extractRequirements(jobDescription), readBy: 'builtin' };
  }
  const found = await askTwice(
    provider,
    log,
    userId,
    'job description',
    PROMPT,
    jobDescription,
    jobRequirementsSchema,
  );
  if (found) return { requirements: tidyRequirements(found), readBy: 'ai' };
  return { requirements: extractRequirements(jobDescription), readBy: 'builtin' };
}

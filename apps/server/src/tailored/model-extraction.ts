import { TAILORED_SKILL_LIMITS, jobRequirementsSchema, type JobRequirements } from '@candor/shared';
import type { AiProvider } from '../ai/provider';
import type { Logger } from '../logger';
import { extractRequirements } from './extract';
import { SKILLS } from './skills-vocabulary';
import { skillsIn } from './extract';
import { cut } from './text';

/**
 * A job description read by the configured model (issue 15): JSON checked against
 * `jobRequirementsSchema`, one retry, and the builtin reading when both attempts fail. With the
 * builtin provider nothing leaves the server: the advert is read by extract.ts alone.
 */

const PROMPT = [
  'You read job adverts for a technical interview practice tool.',
  'Return only a JSON object with these fields:',
  '"role": the job title as the advert gives it (at most 120 characters);',
  '"level": one of "junior", "mid", "senior", "staff";',
  '"required": the technical skills the advert requires, most important first (at most 30, each a short canonical name such as "PostgreSQL", "Kubernetes", "React");',
  '"niceToHave": the skills it calls optional, a plus or a bonus (at most 30).',
  'Leave out tools named only in the company description or the benefits, and soft skills.',
].join('\n');

/** A model's skill name, written as the vocabulary writes it ("Postgres" → "PostgreSQL"). */
function canonical(name: string): string {
  const exact = SKILLS.find((s) => s.name.toLowerCase() === name.trim().toLowerCase());
  const known = exact ?? (skillsIn(name).length === 1 ? skillsIn(name)[0] : undefined);
  return known?.name ?? cut(name.trim(), TAILORED_SKILL_LIMITS.nameMaxChars);
}

function tidy(found: JobRequirements): JobRequirements {
  const required = [...new Set(found.required.map(canonical))].slice(0, TAILORED_SKILL_LIMITS.max);
  const niceToHave = [...new Set(found.niceToHave.map(canonical))]
    .filter((n) => !required.includes(n))
    .slice(0, TAILORED_SKILL_LIMITS.max);
  return { role: cut(found.role.trim(), 120), level: found.level, required, niceToHave };
}

export async function readJobDescription(
  provider: AiProvider,
  log: Logger,
  jobDescription: string,
): Promise<{ requirements: JobRequirements; readBy: 'ai' | 'builtin' }> {
  if (provider.name === 'builtin') {
    return { requirements: extractRequirements(jobDescription), readBy: 'builtin' };
  }
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      const found = await provider.generateJson({
        messages: [
          { role: 'system', content: PROMPT },
          { role: 'user', content: jobDescription },
        ],
        schema: jobRequirementsSchema,
        temperature: 0,
      });
      return { requirements: tidy(found), readBy: 'ai' };
    } catch (err) {
      log.warn({ err, attempt }, 'the model could not read a job description');
    }
  }
  return { requirements: extractRequirements(jobDescription), readBy: 'builtin' };
}

import type { ExperienceLevel, JobRequirements } from '@candor/shared';
import { sentencesOf } from '@candor/shared';
import { skillsIn } from '../../ai/builtin/skills';
import { SKILLS, type Skill } from '../../ai/builtin/skills-vocabulary';
import { cut } from './text';

/**
 * The builtin reading of a job description (issue 15): its role, level, and the skills it asks for,
 * split into required and nice-to-have. Pure and deterministic, a few milliseconds for the longest
 * advert: the candidate confirms (removes, adds) what it found before anything is drawn from it.
 */

type Section = 'required' | 'nice' | 'ignored';

/** A short line that names a part of the advert (ends with a colon, or is a bare heading). */
const HEADING_MAX_CHARS = 70;
const NICE =
  /\b(nice[\s-]to[\s-]haves?|bonus(?: points)?|preferred|desirable|good to have|would be (?:great|nice)|(?:is|are|as|be) a plus|^a plus|plus points?|extra credit|not required|optional)\b/i;
const REQUIRED =
  /\b(requirements?|required|must[\s-]haves?|qualifications?|what you(?:'ll| will)? (?:need|bring)|you (?:have|bring|are)|about you|skills|experience|tech(?:nology)? stack|our stack|what you(?:'ll| will)? do|responsibilities|the role|the job|your role|day[\s-]to[\s-]day|you will)\b/i;
/** Parts that describe the company or the offer: their tools are not asked of the candidate. */
const IGNORED =
  /\b(benefits|perks|what we offer|about us|about the company|who we are|our values|compensation|salary|equal opportunit|how to apply|interview process)\b/i;

/** A list item, not a heading (unless it ends with a colon): "- Kafka preferred". */
const BULLET = /^\s*(?:[-*•–]|\d+[.)])\s+/;

function sectionOf(line: string): Section | null {
  const text = line.replace(/^[#*\-•–\s]+|[*\s]+$/g, '');
  if (text.length === 0 || text.length > HEADING_MAX_CHARS) return null;
  const heading = text.endsWith(':') || (!BULLET.test(line) && !/[.!?,;]$/.test(text));
  if (!heading) return null;
  if (NICE.test(text)) return 'nice';
  if (IGNORED.test(text)) return 'ignored';
  if (REQUIRED.test(text)) return 'required';
  return null;
}

const ROLE_WORDS =
  /\b(engineer|developer|programmer|scientist|analyst|architect|sre|devops|administrator|designer|lead|manager|consultant|specialist)\b/i;

function roleOf(lines: string[]): string {
  const candidate = lines
    .slice(0, 8)
    .map((l) =>
      l
        .replace(/^[#*\-\s]+|[*\s:]+$/g, '')
        .replace(/^(?:job title|role|position)\s*[:\-–]\s*/i, ''),
    )
    .find((l) => l.length > 0 && l.length <= 100 && ROLE_WORDS.test(l));
  return cut(candidate ?? lines.find((l) => l.trim())?.trim() ?? 'Software Engineer', 120);
}

/** The level from the title first (it is what the role is), then the years it asks for. */
export function levelOf(role: string, text: string): ExperienceLevel {
  if (/\b(staff|principal|distinguished)\b/i.test(role)) return 'staff';
  if (/\b(senior|sr\.?|lead)\b/i.test(role)) return 'senior';
  if (
    /\b(junior|jr\.?|graduate|entry[\s-]level|intern(ship)?|apprentice|associate)\b/i.test(role)
  ) {
    return 'junior';
  }
  if (/\b(mid[\s-]?level|intermediate)\b/i.test(role)) return 'mid';
  const years = [...text.matchAll(/(\d{1,2})\s*(?:\+|plus)?\s*(?:-\s*\d{1,2}\s*)?years?/gi)]
    .map((m) => Number(m[1]))
    .filter((n) => n > 0 && n < 30);
  if (years.length > 0) {
    const most = Math.max(...years);
    if (most >= 8) return 'staff';
    if (most >= 5) return 'senior';
    if (most >= 2) return 'mid';
    return 'junior';
  }
  if (/\b(graduate|no experience|new grad)\b/i.test(text)) return 'junior';
  return 'mid';
}

/** Lines that say, in themselves, that what they name is optional. */
const NICE_LINE = NICE;

export function extractRequirements(jobDescription: string): JobRequirements {
  const lines = jobDescription.split(/\r?\n/);
  const role = roleOf(lines);
  const required: Skill[] = [];
  const nice: Skill[] = [];
  let section: Section = 'required';
  for (const line of lines) {
    // A heading alone ("Nice to have:"), or leading its own list ("Our stack: Go, Kafka").
    const colon = line.indexOf(':');
    const heading =
      sectionOf(line) ?? (colon > 0 && colon <= 40 ? sectionOf(line.slice(0, colon + 1)) : null);
    if (heading) section = heading;
    if (section === 'ignored') continue;
    // In prose, one sentence may say its skills are optional ("Kafka would be a plus").
    for (const sentence of sentencesOf(line)) {
      const into = section === 'nice' || NICE_LINE.test(sentence) ? nice : required;
      for (const skill of skillsIn(sentence)) if (!into.includes(skill)) into.push(skill);
    }
  }
  const requiredNames = required.map((s) => s.name);
  return {
    role,
    level: levelOf(role, jobDescription),
    required: requiredNames.slice(0, 30),
    // Asked for as required somewhere: required.
    niceToHave: nice
      .map((s) => s.name)
      .filter((n) => !requiredNames.includes(n))
      .slice(0, 30),
  };
}

/** The bank topics the skills are interviewed under, in order, each once. */
export function topicsForSkills(names: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of names) {
    const topic = SKILLS.find((s) => s.name === name)?.topic;
    if (topic && !out.includes(topic)) out.push(topic);
  }
  return out;
}

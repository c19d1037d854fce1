import type { ExperienceLevel, JobRequirements } from '@candor/shared';
import { sentencesOf } from '@candor/shared';
import { requirementName, requirementsIn, type Requirement } from '../../ai/builtin/skill-meaning';
import { skillsIn } from '../../ai/builtin/skills';
import { SKILLS } from '../../ai/builtin/skills-vocabulary';
import { cut } from './text';
import {
  NICE,
  sectionOfItemLabel,
  sectionOfLabel,
  sectionOfLine,
  splitLabel,
  type Section,
} from './sections';

/**
 * The builtin reading of a job description (issue 15): its role, level, and the skills it asks for,
 * split into required and nice-to-have. Pure and deterministic, a few milliseconds for the longest
 * advert: the candidate confirms (removes, adds) what it found before anything is drawn from it.
 *
 * Issue 28: the advert's sections are read in the layouts adverts use (sections.ts), and "X, Y or
 * Z" is one requirement any of them satisfies ("Snowflake, BigQuery or Redshift").
 */

const ROLE_WORDS =
  /\b(engineer|developer|programmer|scientist|analyst|architect|sre|devops|administrator|designer|lead|manager|consultant|specialist)\b/i;

function roleOf(lines: string[]): string {
  const candidate = lines
    .slice(0, 8)
    .map((l) =>
      l
        .replace(/^[#*_\-\s]+|[*_\s:]+$/g, '')
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

/** The requirements found so far on one side, in order of first mention. */
class Side {
  readonly list: Requirement[] = [];
  add(requirement: Requirement) {
    const same = (r: Requirement) =>
      r.length === requirement.length && r.every((k) => requirement.includes(k));
    if (!this.list.some(same)) this.list.push(requirement);
  }
  singles() {
    return new Set(this.list.filter((r) => r.length === 1).map((r) => r[0]!));
  }
}

export function extractRequirements(jobDescription: string): JobRequirements {
  const lines = jobDescription.split(/\r?\n/);
  const role = roleOf(lines);
  const required = new Side();
  const nice = new Side();
  let section: Section = 'required';
  for (const line of lines) {
    // A heading alone ("Nice to have:", "**BONUS**", "### Also welcome") starts a section.
    const heading = sectionOfLine(line);
    if (heading) {
      section = heading;
      continue;
    }
    // A label leading its own list ("Our stack: Go, Kafka", "- Preferred: Kafka"): the label
    // decides this line; a label on a line of its own (not a list item) decides what follows too.
    const labelled = splitLabel(line);
    const lineSection = labelled
      ? labelled.bullet
        ? sectionOfItemLabel(labelled.label)
        : sectionOfLabel(labelled.label)
      : null;
    if (lineSection && !labelled!.bullet) section = lineSection;
    const here = lineSection ?? section;
    if (here === 'ignored') continue;
    // Clauses too: "Expert Java and Spring Boot; Kotlin is welcome" makes only Kotlin optional.
    const clauses = sentencesOf(lineSection ? labelled!.rest : line).flatMap((s) =>
      s.split(/;\s+/),
    );
    for (const sentence of clauses) {
      // In prose, one sentence may say its skills are optional ("Kafka would be a plus").
      const into = here === 'nice' || NICE.test(sentence) ? nice : required;
      for (const requirement of requirementsIn(sentence)) into.add(requirement);
    }
  }
  // A skill asked for on its own makes the alternatives that include it redundant ("TypeScript"
  // and "JavaScript or TypeScript"); required wins over nice to have.
  const requiredSingles = required.singles();
  const requiredOut = required.list.filter(
    (r) => r.length === 1 || !r.some((k) => requiredSingles.has(k)),
  );
  const niceSingles = nice.singles();
  const requiredNames = requiredOut.map((r) => requirementName(r));
  const niceOut = nice.list.filter(
    (r) =>
      !r.some((k) => requiredSingles.has(k)) &&
      (r.length === 1 || !r.some((k) => niceSingles.has(k))),
  );
  return {
    role,
    level: levelOf(role, jobDescription),
    required: requiredNames.slice(0, 30),
    niceToHave: niceOut
      .map((r) => requirementName(r))
      .filter((n) => !requiredNames.includes(n))
      .slice(0, 30),
  };
}

/** The bank topics the skills are interviewed under, in order, each once. */
export function topicsForSkills(names: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of names) {
    const topic =
      SKILLS.find((s) => s.name === name)?.topic ?? skillsIn(name).find((k) => k.topic)?.topic;
    if (topic && !out.includes(topic)) out.push(topic);
  }
  return out;
}

import { RESUME_LIMITS, type ResumeProfile } from '@candor/shared';
import { skillsIn } from '../../ai/builtin/skills';
import { foldText } from '../documents';
import { cut } from './text';

/**
 * A candidate's résumé (issue 15): what the builtin interviewer reads from its text (skills,
 * projects and experience, years stated). The file itself is read into text by modules/documents
 * (PDF and DOCX in a child process with caps, issue 24), which also rebuilds a PDF's wrapped lines
 * (issue 28) and says why one cannot be read.
 */

/** Folded (`foldText`) and cut to the most a résumé keeps. */
export const normaliseText = (text: string) => cut(foldText(text), RESUME_LIMITS.maxTextChars);

const PROJECT_HEADINGS =
  /^(?:(?:professional|work|relevant|industry|selected|personal|side|key|notable|open[\s-]source|academic)\s+)?(?:experience|employment(?: history)?|work history|career(?: history)?|projects?|contributions)$/i;
/** Parts whose lines are lists: the skills, a summary, education and the like; never projects. */
const OTHER_HEADINGS =
  /^(?:(?:professional|career|personal|technical|key|core|relevant|other|additional)\s+)?(?:summary|profile|objective|about(?: me)?|skills?(?: (?:and|&) (?:tools|technologies|expertise|competencies))?|tech(?:nical)? stack|stack|technologies|tools(?: (?:and|&) technologies)?|languages(?: (?:and|&) frameworks)?|frameworks|competencies|expertise|toolbox|education|qualifications|certifications?|courses|training|awards|achievements|honou?rs|publications|interests|hobbies|volunteering|references|contact(?: details)?|links)$/i;

/** A heading's words without decoration ("## EXPERIENCE", "**Skills:**", "— Projects —"). */
const bareHeading = (line: string) =>
  line
    .replace(/^[\s#*_=~|•·–—-]+|[\s*_=~|:•·–—-]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();

type Part = 'projects' | 'other';

function partOf(line: string): Part | null {
  const text = bareHeading(line);
  if (text.length === 0 || text.length > 50) return null;
  if (PROJECT_HEADINGS.test(text)) return 'projects';
  if (OTHER_HEADINGS.test(text)) return 'other';
  return null;
}

const BULLET = /^[•●▪◦‣■□➢►✓✔*–-]\s*/;

/** "Skills: Python, SQL" and "Tech stack – Go, Kafka": a part's name leading its own list. */
function labelledPart(line: string): { part: Part; rest: string } | null {
  const m = /^([^:–—]{2,40}?)\s*(?::|\s[–—-])\s+(\S.*)$/.exec(line.replace(BULLET, ''));
  const part = m ? partOf(m[1]!) : null;
  return part ? { part, rest: m![2]! } : null;
}
const SPLIT = /\s+[—–-]\s+|:\s+|\s+\|\s+/;

/**
 * A list of skills, not a project (issue 28: "Skills: Python, SQL, …" became the project
 * "Skills"): named as a part that lists ("Skills", "Tech stack"), or most of its items skills.
 */
export function isSkillsList(name: string, summary = ''): boolean {
  if (partOf(name) === 'other') return true;
  const text = summary.startsWith(name) ? summary : `${name}: ${summary}`;
  const body = text.replace(/^[^:]{0,40}:\s*/, '');
  const items = body
    .split(/\s*[,;|•·]\s*|\s+\/\s+/)
    .map((i) => i.trim().replace(/\.$/, ''))
    .filter(Boolean);
  if (items.length < 3) return false;
  const skills = items.filter((i) => i.split(/\s+/).length <= 4 && skillsIn(i).length > 0);
  return skills.length / items.length >= 0.6;
}

/** Words after which a line cannot end a sentence: the next line carries it on. */
const CARRIES_ON =
  /(?:[,(&/–-]|\b(?:and|or|the|of|to|with|for|in|on|at|a|an|by|from|into|using|via|across|as|than|that|which|while|our|my))$/i;

/**
 * The lines of a résumé with each wrapped list item whole again: a line that carries on the item
 * above it (it starts in lower case, or the line above cannot end there) is joined to it, and a
 * line repeated right after itself is dropped. For text that arrives wrapped (pasted from a PDF);
 * a PDF's own lines are rebuilt from their positions when it is read (documents/reader).
 */
export function resumeLines(text: string): string[] {
  const out: string[] = [];
  let inItem = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      inItem = false;
      out.push('');
      continue;
    }
    if (out.length > 0 && out.at(-1) === line) continue;
    const bullet = BULLET.test(line);
    const carriesOn =
      inItem &&
      !bullet &&
      partOf(line) === null &&
      labelledPart(line) === null &&
      (/^\p{Ll}/u.test(line) || CARRIES_ON.test(out.at(-1)!));
    if (carriesOn) {
      const above = out.pop()!;
      out.push(above.endsWith('-') && /^\p{Ll}/u.test(line) ? above + line : `${above} ${line}`);
      continue;
    }
    // A list item, or a line of prose long enough to have wrapped.
    inItem = partOf(line) === null && (bullet || line.split(/\s+/).length >= 6);
    out.push(line);
  }
  return out;
}

/** What the builtin interviewer reads from a résumé: skills, projects and experience, years. */
export function readResumeProfile(text: string): ResumeProfile {
  const projects: ResumeProfile['projects'] = [];
  let part: Part | null = null;
  for (const whole of resumeLines(text)) {
    if (whole === '') continue;
    const heading = partOf(whole);
    if (heading) {
      part = heading;
      continue;
    }
    // "Skills: Python, SQL" and "Tech stack – Go, Kafka" list skills, even among the jobs (the
    // jobs after them are still jobs); "Projects: …" starts the projects.
    const labelled = labelledPart(whole);
    if (labelled?.part === 'other') continue;
    if (labelled) part = labelled.part;
    const line = labelled ? labelled.rest : whole;
    if (part !== 'projects' || projects.length >= RESUME_LIMITS.maxProjects) continue;
    const item = line.replace(BULLET, '');
    const words = item.split(/\s+/);
    // Dates and one-word lines are not projects ("2019 – 2023", "Dublin").
    if (words.length < 4 || /^[\d\s/–-]+$/.test(item)) continue;
    const parts = item.split(SPLIT);
    const [name, summary] =
      parts.length > 1 && parts[0]!.split(/\s+/).length <= 8
        ? [parts[0]!, parts.slice(1).join(' ')]
        : [words.slice(0, 6).join(' '), item];
    if (isSkillsList(name, item)) continue;
    if (projects.some((p) => p.name === cut(name, 80))) continue;
    projects.push({ name: cut(name, 80), summary: cut(summary, 240) });
  }
  const years = [...text.matchAll(/\b(\d{1,2})\+?\s*(?:years?|yrs?)\b/gi)]
    .map((m) => Number(m[1]))
    .filter((n) => n > 0 && n <= 50);
  return {
    skills: skillsIn(text)
      .map((s) => s.name)
      .slice(0, RESUME_LIMITS.maxSkills),
    projects,
    years: years.length > 0 ? Math.max(...years) : null,
  };
}

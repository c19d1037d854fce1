import { RESUME_LIMITS, type ResumeProfile } from '@candor/shared';
import { skillsIn } from './extract';
import { cut } from './text';

/**
 * A candidate's résumé (issue 15): why a file cannot be read, and what the builtin interviewer
 * reads from its text (skills, projects and experience, years stated). The file itself is read
 * into text by reader/ (PDF and DOCX in a child process with caps, issue 24).
 */

export const RESUME_PROBLEMS = [
  'type',
  'empty',
  'scanned',
  'pages',
  'protected',
  'unreadable',
  'too-large',
  'too-long',
  'too-slow',
] as const;
export type ResumeProblem = (typeof RESUME_PROBLEMS)[number];

/** A résumé that cannot be read, with what the candidate is told (the route names `file`). */
export class ResumeError extends Error {
  constructor(
    readonly problem: ResumeProblem,
    message: string,
  ) {
    super(message);
    this.name = 'ResumeError';
  }
}

export const RESUME_MESSAGES: Record<ResumeProblem, string> = {
  type: 'Upload a PDF, DOCX or text file',
  empty: 'The file is empty',
  scanned:
    'This PDF has no text we can read (it may be a scan). Upload a DOCX or text file, or paste your résumé.',
  pages: `A résumé may have at most ${RESUME_LIMITS.maxPages} pages`,
  protected: 'This PDF is protected by a password: upload one without it',
  unreadable:
    'This file could not be read: it may be damaged. Try saving it again, or upload another format.',
  'too-large':
    'This file unpacks to far more than a résumé holds, so it was not read. Save it again without embedded files, or upload a PDF or text file.',
  'too-long': `A résumé may hold at most ${RESUME_LIMITS.maxTextChars.toLocaleString('en-GB')} characters of text`,
  'too-slow':
    'This file took too long to read, so reading it was stopped. Save it again, or upload another format.',
};

export const fail = (problem: ResumeProblem) => new ResumeError(problem, RESUME_MESSAGES[problem]);

/** Ligatures (ﬁ), non-breaking and odd spaces folded; lines trimmed; blank runs collapsed. */
export function foldText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\u00a0\u2000-\u200b\u202f\u205f\u3000]+/g, ' ')
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Folded (`foldText`) and cut to the most a résumé keeps. */
export const normaliseText = (text: string) => cut(foldText(text), RESUME_LIMITS.maxTextChars);

const HEADING =
  /^(summary|profile|about( me)?|experience|work experience|professional experience|employment( history)?|work history|career history|projects?|personal projects|side projects|selected projects|skills|technical skills|education|certifications?|awards|publications|languages|interests|volunteering|references)\s*:?$/i;
const PROJECT_SECTIONS =
  /^(experience|work experience|professional experience|employment( history)?|work history|career history|projects?|personal projects|side projects|selected projects)$/i;
const BULLET = /^[•●▪◦‣*-]\s*/;
const SPLIT = /\s+[—–-]\s+|:\s+|\s+\|\s+/;

/** What the builtin interviewer reads from a résumé: skills, projects and experience, years. */
export function readResumeProfile(text: string): ResumeProfile {
  const lines = text.split('\n').map((l) => l.trim());
  const projects: ResumeProfile['projects'] = [];
  let inProjects = false;
  for (const line of lines) {
    if (line === '') continue;
    const heading = line.replace(/:$/, '');
    if (HEADING.test(line)) {
      inProjects = PROJECT_SECTIONS.test(heading);
      continue;
    }
    if (!inProjects || projects.length >= RESUME_LIMITS.maxProjects) continue;
    const item = line.replace(BULLET, '');
    const words = item.split(/\s+/);
    // Dates and one-word lines are not projects ("2019 – 2023", "Dublin").
    if (words.length < 4 || /^[\d\s/–-]+$/.test(item)) continue;
    const parts = item.split(SPLIT);
    const [name, summary] =
      parts.length > 1 && parts[0]!.split(/\s+/).length <= 8
        ? [parts[0]!, parts.slice(1).join(' ')]
        : [words.slice(0, 6).join(' '), item];
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

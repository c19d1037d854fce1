import { RESUME_LIMITS, type ResumeProfile } from '@candor/shared';
import { skillsIn } from '../../ai/builtin/skills';
import { foldText } from '../documents';
import { cut } from './text';

/**
 * A candidate's résumé (issue 15): what the builtin interviewer reads from its text (skills,
 * projects and experience, years stated). The file itself is read into text by modules/documents
 * (PDF and DOCX in a child process with caps, issue 24), which also says why one cannot be read.
 */

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

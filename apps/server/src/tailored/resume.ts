import { extractText, getDocumentProxy } from 'unpdf';
import mammoth from 'mammoth';
import { RESUME_LIMITS, type ResumeProfile } from '@candor/shared';
import { skillsIn } from './extract';
import { cut } from './text';

/**
 * A candidate's résumé (issue 15): its text, read on the server from a PDF (unpdf, pdf.js), a DOCX
 * (mammoth) or plain text, the type decided by the bytes themselves, never by the name; and what
 * the builtin interviewer reads from it: skills, projects and experience, years stated.
 */

export type ResumeProblem = 'type' | 'empty' | 'scanned' | 'pages' | 'protected' | 'unreadable';

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
};

const fail = (problem: ResumeProblem) => new ResumeError(problem, RESUME_MESSAGES[problem]);

const isPdf = (b: Buffer) => b.subarray(0, 1024).includes('%PDF-');
const isZip = (b: Buffer) => b.length > 4 && b.readUInt32LE(0) === 0x04034b50;

function utf8(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Ligatures (ﬁ), non-breaking and odd spaces folded; lines trimmed; blank runs collapsed. */
export function normaliseText(text: string): string {
  const folded = text
    .normalize('NFKC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\u00a0\u2000-\u200b\u202f\u205f\u3000]+/g, ' ')
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return cut(folded, RESUME_LIMITS.maxTextChars);
}

async function pdfText(bytes: Buffer): Promise<string> {
  let pdf;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes));
  } catch (err) {
    throw fail(
      (err as { name?: string }).name === 'PasswordException' ? 'protected' : 'unreadable',
    );
  }
  try {
    if (pdf.numPages > RESUME_LIMITS.maxPages) throw fail('pages');
    const { text } = await extractText(pdf, { mergePages: false });
    // Page by page, each page's items joined as pdf.js laid them out.
    return (text as string[]).join('\n\n');
  } catch (err) {
    if (err instanceof ResumeError) throw err;
    throw fail('unreadable');
  } finally {
    await pdf.loadingTask.destroy();
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  try {
    const { value } = await mammoth.extractRawText({ buffer: bytes });
    return value;
  } catch {
    throw fail('unreadable');
  }
}

/** The résumé's text, or a ResumeError saying why not. */
export async function readResume(bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw fail('empty');
  let raw: string;
  if (isPdf(bytes)) raw = await pdfText(bytes);
  else if (isZip(bytes)) {
    // A zip that is not a Word document (a folder of photos, an .xlsx) is the wrong type.
    if (!bytes.includes('word/document.xml')) throw fail('type');
    raw = await docxText(bytes);
  } else {
    const text = utf8(bytes);
    if (text === null) throw fail('type');
    raw = text;
  }
  const text = normaliseText(raw);
  if (text.replace(/\W/g, '').length < 20) throw fail(isPdf(bytes) ? 'scanned' : 'empty');
  return text;
}

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

import { RESUME_LIMITS } from '@candor/shared';

/**
 * Why a résumé file cannot be read (issue 15), with what the candidate is told, and the folding
 * every text read from a file goes through. The reader (reader/) refuses with these; the tailored
 * interview's routes name the problem on the `file` field.
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

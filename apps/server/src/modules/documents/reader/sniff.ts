import { RESUME_LIMITS } from '@candor/shared';
import { fail, foldText, type ResumeProblem } from '../problems';
import type { ZipCaps } from './zip';

/**
 * What both sides of the document reader share without loading a parser: the type of a file by
 * its bytes, the caps of a reading, and plain text, which the server decodes itself (its cost is
 * linear in a body the route caps at 2 MB, and nothing in it unpacks).
 */

export type DocumentType = 'pdf' | 'docx-or-zip' | 'other';

export const documentType = (b: Uint8Array): DocumentType => {
  const head = Buffer.from(b.buffer, b.byteOffset, Math.min(b.byteLength, 1024));
  if (head.includes('%PDF-')) return 'pdf';
  if (head.length > 4 && head.readUInt32LE(0) === 0x04034b50) return 'docx-or-zip';
  return 'other';
};

/** The caps of one reading; the child enforces them, the process limits are the host's. */
export const READING_CAPS = {
  zip: {
    maxEntries: 1_000,
    // A long résumé's document.xml is a few hundred KB; Word's heaviest formatting a few MB.
    maxPartBytes: 8 * 1024 * 1024,
    maxTotalBytes: 12 * 1024 * 1024,
  } satisfies ZipCaps,
  /** Extracted text before normalising (spaces and blank lines not yet folded). */
  maxRawChars: 2 * RESUME_LIMITS.maxTextChars,
  /**
   * CPU time pdf.js may spend on one PDF, counted by the reading process itself, so the verdict
   * does not depend on how busy the machine is (the wall-clock deadline is only the backstop). A
   * ten-page résumé takes about 50 ms; the 14 KB bomb of ten pages sharing one 4 MB content
   * stream about 450 ms a page, and yields almost no text (pdf.js drops what falls off the page).
   */
  maxPdfCpuMs: 1_000,
} as const;

/** Text within the caps, normalised; a text that is longer than a résumé holds is refused. */
export function finishText(raw: string, problemIfBlank: ResumeProblem): string {
  if (raw.length > READING_CAPS.maxRawChars) throw fail('too-long');
  const text = foldText(raw);
  if (text.length > RESUME_LIMITS.maxTextChars) throw fail('too-long');
  if (text.replace(/\W/g, '').length < 20) throw fail(problemIfBlank);
  return text;
}

/** Plain text: valid UTF-8 without NUL, or null. */
export function utf8(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A plain-text résumé, read where it is: valid UTF-8 within the caps, or a ResumeError. */
export function plainText(bytes: Uint8Array): string {
  const text = utf8(bytes);
  if (text === null) throw fail('type');
  return finishText(text, 'empty');
}

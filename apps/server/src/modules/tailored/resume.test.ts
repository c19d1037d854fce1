import { describe, expect, it } from 'vitest';
import { ZOE_RESUME, docxOf, pdfOf, tenPageResume, zipOf } from '../documents/fixtures/documents';
import { readResume } from '../documents/reader/parse';
import { RESUME_MESSAGES, ResumeError } from '../documents';
import { normaliseText, readResumeProfile } from './resume';

/**
 * Résumés as people send them, read for real by unpdf (pdf.js) and mammoth, here in the test's
 * process (the server reads them in the reader's child: reader/reader.test.ts).
 */

async function problemOf(bytes: Buffer) {
  try {
    await readResume(bytes);
    return null;
  } catch (err) {
    if (err instanceof ResumeError) return err.problem;
    throw err;
  }
}

describe('reading a résumé', () => {
  it('reads the text of a PDF, page by page, names with accents intact', async () => {
    const text = await readResume(pdfOf([ZOE_RESUME.slice(0, 7), ZOE_RESUME.slice(7)]));
    expect(text).toContain("Zoë O'Brien-Smith");
    expect(text).toContain('Search Indexer');
    expect(text).toContain('Trinity College Dublin');
  });

  it('reads a DOCX and plain text the same way', async () => {
    const docx = await readResume(docxOf(ZOE_RESUME));
    expect(docx).toContain("Zoë O'Brien-Smith");
    expect(docx).toContain('Côte-d’Ivoire school meals tracker');
    const plain = await readResume(Buffer.from(ZOE_RESUME.join('\n'), 'utf8'));
    expect(plain.split('\n')).toEqual(ZOE_RESUME);
  });

  it('decides the type by the bytes: a scan, a damaged PDF, a zip that is no DOCX, binary named .txt', async () => {
    expect(await problemOf(pdfOf([['']], { textless: true }))).toBe('scanned');
    expect(await problemOf(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300, 7)]))).toBe(
      'unreadable',
    );
    expect(await problemOf(zipOf({ 'photo.jpg': 'not really' }))).toBe('type');
    expect(await problemOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0xff, 0xfe]))).toBe(
      'type',
    );
    expect(await problemOf(Buffer.alloc(0))).toBe('empty');
    expect(RESUME_MESSAGES.scanned).toContain('it may be a scan');
  });

  it('refuses a PDF of more than 50 pages', async () => {
    expect(
      await problemOf(pdfOf(Array.from({ length: 51 }, (_, i) => [`Page ${i + 1} text here`]))),
    ).toBe('pages');
  });

  it('reads a ten-page résumé whole', async () => {
    const text = await readResume(pdfOf(tenPageResume()));
    expect(text).toContain('Project 10-39');
  });

  it('folds ligatures and odd spaces', () => {
    expect(normaliseText('ﬁnance\u00a0team\t\tlead\r\n\n\n\nnext')).toBe(
      'finance team lead\n\nnext',
    );
  });
});

describe('what the interviewer reads from a résumé', () => {
  it('finds the skills, the projects and experience, and the years stated', () => {
    const profile = readResumeProfile(ZOE_RESUME.join('\n'));
    expect(profile.skills).toEqual(
      expect.arrayContaining(['Kubernetes', 'Kafka', 'Elasticsearch', 'Go', 'PostgreSQL', 'React']),
    );
    expect(profile.years).toBe(7);
    expect(profile.projects.map((p) => p.name)).toEqual([
      'Stripe-like Payments Platform',
      'Search Indexer',
      'Open-source rate limiter in Go, used',
      'Côte-d’Ivoire school meals tracker',
    ]);
    expect(profile.projects[1]!.summary).toContain('p95 latency down from 900 to 120 ms');
  });

  it('finds no projects where the résumé has no such section', () => {
    expect(readResumeProfile('Ada Lovelace\nSkills\nPython, SQL').projects).toEqual([]);
  });
});

describe('cutting text', () => {
  it('never keeps half of a character', async () => {
    const { cut } = await import('./text');
    const emoji = '😱'.repeat(10);
    expect(cut(emoji, 5)).toBe('😱😱');
    expect(cut(emoji, 4)).toBe('😱😱');
    expect(cut('abc', 5)).toBe('abc');
  });
});

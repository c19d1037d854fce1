import { describe, expect, it } from 'vitest';
import { ZOE_RESUME, docxOf, pdfOf, tenPageResume, zipOf } from '../documents/fixtures/documents';
import { readResume } from '../documents/reader/parse';
import { RESUME_MESSAGES, ResumeError } from '../documents';
import { normaliseText, readResumeProfile, isSkillsList } from './resume';
import {
  LENA_PASTED,
  PRIYA_BLOCKS,
  SAM_RESUME,
  priyaResumePdf,
} from '../documents/fixtures/resumes';
import { resumeQuestion, selectTailoredQuestions } from './select';

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

/**
 * Issue 28: "PDF bullets cut at line wraps and duplicated", and "a résumé line 'Skills: Python,
 * SQL, …' became the project 'Skills' ('You mention Skills on your résumé: what was your part
 * in it')".
 */
describe('résumés as word processors and candidates make them', () => {
  const bullets = PRIYA_BLOCKS.flatMap((b) => ('bullet' in b ? [`• ${b.bullet}`] : []));

  it('rebuilds a PDF’s wrapped bullets whole, once each, without its running header and page numbers', async () => {
    const text = await readResume(priyaResumePdf());
    const lines = text.split('\n');
    for (const bullet of bullets) expect(lines.filter((l) => l === bullet)).toHaveLength(1);
    // Every line of the file is a whole bullet, a heading or a line of its own: no fragments.
    expect(lines.filter((l) => l.startsWith('cutting') || l.startsWith('hours'))).toEqual([]);
    expect(text).not.toMatch(/Page \d of \d/);
    expect(lines.filter((l) => l === 'Priya Raman · Curriculum vitae')).toHaveLength(1);
    // The name drawn twice for a bold look is read once.
    expect(lines.filter((l) => l.includes('Priya Raman'))).toEqual([
      'Priya Raman · Curriculum vitae',
      'Priya Raman',
    ]);
  });

  it('reads projects and experience from the rebuilt PDF, and no skills list as a project', async () => {
    const profile = readResumeProfile(await readResume(priyaResumePdf()));
    expect(profile.projects.map((p) => p.name)).toEqual([
      'Acme Health',
      'Rebuilt the claims pipeline on Databricks',
      'Designed the GDPR deletion workflow',
      'Shopwise',
      'Moved reporting from hand-written SQL scripts',
      'Built the Kafka ingestion of till',
      'Open-source Airflow provider for a Dutch',
    ]);
    expect(profile.projects[1]!.summary).toContain('retiring two legacy Oracle jobs.');
    expect(profile.skills).toEqual(
      expect.arrayContaining(['Databricks', 'Delta Lake', 'GDPR', 'Snowflake', 'Kafka']),
    );
    expect(profile.years).toBe(6);
  });

  it('a Word résumé: skills lines among the jobs are not projects, the jobs after them still are', async () => {
    const profile = readResumeProfile(await readResume(docxOf(SAM_RESUME)));
    expect(profile.projects.map((p) => p.name)).toEqual([
      'Ledgerly',
      'Payments API',
      'Reconciliation service',
      'Homebrew kubectl plugin that shows which',
    ]);
  });

  it('a résumé pasted from a PDF: each wrapped bullet read whole', () => {
    const profile = readResumeProfile(LENA_PASTED);
    expect(profile.projects.map((p) => p.summary)).toEqual([
      'Led the rebuild of our checkout in React and TypeScript, which raised mobile conversion by 8% and halved the JavaScript we ship.',
      'Introduced Playwright end-to-end tests and a visual regression suite that catches layout breaks before release.',
      'Open-source date picker for React with full keyboard support and screen-reader announcements, 2,000 stars on GitHub.',
    ]);
  });

  it('"Skills: Python, SQL, …" is never the project "Skills", nor asked about', () => {
    const text = [
      'Experience',
      'Skills: Python, SQL, Airflow, dbt',
      'Key skills – Python | SQL | Tableau',
      'Python, SQL, Airflow, Docker, Kubernetes',
      'Orders warehouse — moved the nightly SQL reports to dbt models on Snowflake',
    ].join('\n');
    const profile = readResumeProfile(text);
    expect(profile.projects.map((p) => p.name)).toEqual(['Orders warehouse']);
    const plan = selectTailoredQuestions({
      requirements: { required: ['SQL'], niceToHave: [] },
      difficulty: 'mid',
      durationMinutes: 20,
      // As a model may return it, too: the plan asks only about projects.
      resume: {
        ...profile,
        projects: [{ name: 'Skills', summary: 'Python, SQL, Airflow' }, ...profile.projects],
      },
    });
    const asked = plan.filter((p) => p.source === 'resume').map((p) => p.text);
    expect(asked).toEqual([resumeQuestion('Orders warehouse')]);
    expect(isSkillsList('Tech stack', 'Go, Kafka')).toBe(true);
    expect(isSkillsList('Payments API', 'designed the REST endpoints in Go')).toBe(false);
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

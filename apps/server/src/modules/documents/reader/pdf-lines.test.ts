import { describe, expect, it } from 'vitest';
import { textOfPdfPages, type PdfRun } from './pdf-lines';

/**
 * Lines rebuilt from where a PDF's runs sit (issue 28). Runs as pdf.js gives them: text, start,
 * baseline, width, size; Helvetica 11 pt at about 5.5 points a character.
 */
const run = (str: string, x: number, y: number, height = 11): PdfRun => ({
  str,
  x,
  y,
  width: str.length * 5.5,
  height,
});

describe('a PDF’s lines, rebuilt', () => {
  it('joins a bullet’s wrapped lines under its hanging indent, and not the next bullet', () => {
    const page = [
      run('•', 74, 700),
      run('Rebuilt the claims pipeline on Databricks and Delta Lake, cutting the', 86, 700),
      run('nightly batch from five hours to forty minutes.', 86, 686),
      run('•', 74, 672),
      run('Designed the GDPR deletion workflow.', 86, 672),
      run('Education', 72, 650, 12),
    ];
    expect(textOfPdfPages([page]).split('\n')).toEqual([
      '• Rebuilt the claims pipeline on Databricks and Delta Lake, cutting the nightly batch from five hours to forty minutes.',
      '• Designed the GDPR deletion workflow.',
      'Education',
    ]);
  });

  it('joins wrapped prose that reached the margin; a short line or a gap ends it', () => {
    const full = 'Data engineer with six years of experience, moving reports from hand-';
    const page = [
      run('Summary', 72, 720),
      run(full, 72, 706),
      run('written SQL to dbt models for retail clients.', 72, 692),
      run('Experience', 72, 660),
      run('Acme Health, Leeds', 72, 646),
    ];
    expect(textOfPdfPages([page]).split('\n')).toEqual([
      'Summary',
      // A word broken at its hyphen stays one word.
      'Data engineer with six years of experience, moving reports from hand-written SQL to dbt models for retail clients.',
      'Experience',
      'Acme Health, Leeds',
    ]);
  });

  it('keeps two columns apart, as the file draws them', () => {
    const page = [
      run('Skills', 72, 700),
      run('Python, SQL', 72, 686),
      run('Experience', 320, 700),
      run('Acme Health — data platform', 320, 686),
    ];
    expect(textOfPdfPages([page]).split('\n')).toEqual([
      'Skills',
      'Python, SQL',
      'Experience',
      'Acme Health — data platform',
    ]);
  });

  it('counts a run drawn twice on one spot once, and joins runs of one line', () => {
    const page = [
      run('Priya Raman', 72, 740),
      run('Priya Raman', 72.3, 740),
      run('Data', 72, 720),
      run('Engineer', 100, 720),
    ];
    expect(textOfPdfPages([page])).toBe('Priya Raman\nData Engineer');
  });

  it('keeps a running header once and drops page numbers', () => {
    const page = (n: number, body: string) => [
      run('Priya Raman · Curriculum vitae', 72, 760, 9),
      run(body, 72, 700),
      run(`Page ${n} of 3`, 280, 40, 9),
    ];
    expect(textOfPdfPages([page(1, 'One'), page(2, 'Two'), page(3, 'Three')])).toBe(
      'Priya Raman · Curriculum vitae\nOne\n\nTwo\n\nThree',
    );
    // A line that only looks the same on every page, a list item, is content.
    const items = (n: number) => [run('•', 74, 700), run(`Project ${n}: a Go service`, 86, 700)];
    expect(textOfPdfPages([items(1), items(2)])).toBe(
      '• Project 1: a Go service\n\n• Project 2: a Go service',
    );
  });
});

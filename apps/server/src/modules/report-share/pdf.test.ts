import { describe, expect, it } from 'vitest';
import { PERFORMANCE_CATEGORIES, SCORED_WITHOUT_KEY, type QuestionReport } from '@candor/shared';
import {
  completedReportOf,
  flat,
  pdfColours,
  pdfText,
  reportContentOf,
} from '../../test/report-pdf';
import { renderReportPdf } from './pdf';

/**
 * The report PDF read back as text, as a coach's PDF reader would: the scores as the page says
 * them, every answer, the names as written, the fonts inside the file, and no colour but greys.
 */
describe('the report PDF', () => {
  it('says the scores, the answers, strengths and improvements the report has', async () => {
    const content = reportContentOf(4);
    const report = completedReportOf(content);
    const bytes = await renderReportPdf({ report, candidateName: "Zoë O'Brien-Smith" });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await pdfText(bytes);

    expect(text).toContain("Zoë O'Brien-Smith");
    expect(text).toContain(`Overall score: ${Math.round(content.overallScore)}%`);
    const categories = {
      communication: content.communicationScore,
      problemSolving: content.problemSolvingScore,
      confidence: content.confidenceScore,
    };
    for (const c of PERFORMANCE_CATEGORIES) {
      expect(text).toContain(`${c.label} ${Math.round(categories[c.key])}%`);
    }
    expect(content.questionReports.every((q) => q.score !== null)).toBe(true);
    content.questionReports.forEach((q, i) => {
      expect(text).toContain(`Q${i + 1}. ${q.question}`);
      expect(text).toContain(`Score ${Math.round(q.score! / 10)}/10`);
      expect(text).toContain(flat(q.answer));
    });
    const lists = [...content.strengths, ...content.improvements];
    expect(lists.length).toBeGreaterThan(0);
    for (const s of lists) expect(text).toContain(flat(s));
  });

  it('says, as the page does, which explanation was scored without an answer key', async () => {
    const content = reportContentOf(2);
    const [unkeyed, keyed] = content.questionReports as [QuestionReport, QuestionReport];
    expect([unkeyed.kind ?? 'technical', unkeyed.keyPoints, unkeyed.scored]).toEqual([
      'technical',
      [],
      true,
    ]);
    content.questionReports[1] = {
      ...keyed,
      keyPoints: [
        { point: 'Names the trade-off', covered: false, coverage: 'missed', evidence: null },
      ],
    };
    const { text } = await pdfText(
      await renderReportPdf({ report: completedReportOf(content), candidateName: 'Siobhán' }),
    );
    expect(text.split(flat(SCORED_WITHOUT_KEY)).length - 1).toBe(1);
    expect(text.indexOf(flat(SCORED_WITHOUT_KEY))).toBeLessThan(text.indexOf('Q2.'));
  });

  it('writes names with any diacritics, in fonts embedded in the file', async () => {
    const report = completedReportOf(reportContentOf(1), 'Luyện tập phỏng vấn');
    for (const name of ["Zoë O'Brien-Smith", 'Nguyễn Thị Minh Khai', 'Łukasz Żółć', 'Søren Ærø']) {
      const bytes = await renderReportPdf({ report, candidateName: name });
      const { text } = await pdfText(bytes);
      expect(text).toContain(name);
      expect(text).toContain('Luyện tập phỏng vấn');
      const raw = bytes.toString('latin1');
      expect(raw).toMatch(/\/FontFile2/);
      expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
    }
    // A name typed as a letter and a combining mark is the same name in the PDF.
    const decomposed = 'Nguyễn'.normalize('NFD');
    const bytes = await renderReportPdf({ report, candidateName: decomposed });
    expect((await pdfText(bytes)).text).toContain('Nguyễn');
  });

  it('uses black and greys only: no figure depends on telling colours apart', async () => {
    const bytes = await renderReportPdf({
      report: completedReportOf(reportContentOf(3)),
      candidateName: 'Ada Lovelace',
    });
    const colours = pdfColours(bytes);
    expect(colours.length).toBeGreaterThan(0);
    for (const c of colours) {
      const [r, g, b] = c.split(' ').map(Number);
      expect(r === g && g === b, `colour ${c}`).toBe(true);
    }
  });

  it('renders a report of 40 long answers, every answer in it', async () => {
    const content = reportContentOf(40, 20);
    const bytes = await renderReportPdf({
      report: completedReportOf(content),
      candidateName: 'Ada Lovelace',
    });
    const { text, pages, footers } = await pdfText(bytes);
    expect(pages).toBeGreaterThan(10);
    for (const q of content.questionReports) expect(text).toContain(flat(q.answer));
    expect(footers).toHaveLength(pages);
    expect(footers[pages - 1]).toBe(`Ada Lovelace · Backend practice · Page ${pages} of ${pages}`);
  });
});

import {
  DIMENSIONS,
  NOT_ENOUGH_SPEECH,
  PERFORMANCE_CATEGORIES,
  QUESTION_KIND_LABELS,
  RUBRIC_LABELS,
  SCORED_WITHOUT_KEY,
  WARM_UP_NOT_SCORED,
  keyPointCoverage,
  scoredWithoutKey,
  skillName,
  type QuestionReport,
  type Report,
} from '@candor/shared';
import { reportFonts, type ReportFonts } from './fonts';
import { createPdfWriter, type PdfWriter } from './pdf-writer';

/**
 * The report as a PDF (issue 30: "a PDF to show a coach"), drawn from the very report the page
 * reads (`getReport`, the same stored content) and said with the page's numbers: the overall and
 * category scores as percentages, each question out of 10, each rubric slot out of 100. Every
 * figure is a number or a word on the page, so it reads the same printed in black and white.
 */
export interface ReportPdfInput {
  /** A completed report, as `GET /api/report/interview/:id` answers it. */
  report: Report;
  /** Whose report it is, as their profile names them. */
  candidateName: string;
}

const DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

const percent = (v: number | undefined) => `${Math.round(v ?? 0)}%`;

/** How the page says a question's score (question-analysis.tsx's badge). */
function questionScore(q: QuestionReport): string {
  if (q.score === null) {
    return q.notScoredReason === WARM_UP_NOT_SCORED ? 'Feedback only' : 'Not scored';
  }
  return `Score ${Math.round(q.score / 10)}/10`;
}

const COVERAGE_WORDS = { covered: 'Covered', partial: 'Partly covered', missed: 'Missed' } as const;

function header(w: PdfWriter, r: Report, candidateName: string) {
  const { doc } = w;
  w.paragraph('Candor · Interview report', { muted: true, size: 9 });
  doc.moveDown(0.3);
  doc.font('bold').fontSize(20).text(r.interview.title);
  doc.moveDown(0.2);
  w.paragraph(candidateName, { size: 13 });
  doc.moveDown(0.4);
  const completed = r.interview.completedAt
    ? `${DATE.format(new Date(r.interview.completedAt))} (UTC)`
    : '—';
  const minutes = r.overview?.interviewDuration ?? r.interview.duration;
  w.labelled('Completed', completed);
  w.labelled('Category', r.interview.categoryName);
  w.labelled('Difficulty', r.interview.difficulty);
  w.labelled('Duration', `${minutes} min`);
  w.labelled('Questions', String(r.questionReports?.length ?? 0));
  doc.moveDown(0.6);
  doc
    .font('bold')
    .fontSize(16)
    .text(`Overall score: ${percent(r.overallScore)}`);
  const scoredBy =
    r.provider === 'builtin'
      ? 'the builtin evaluator'
      : `${r.provider ?? 'the AI'}${r.model ? ` (${r.model})` : ''}`;
  w.paragraph(
    `Scored by ${scoredBy}${r.fallback ? ': the AI model failed, so the builtin evaluator scored this report' : ''}${r.endedEarly ? ' · ended early' : ''}.`,
    { muted: true, size: 9 },
  );
}

function summary(w: PdfWriter, r: Report) {
  if (r.overallComment || r.aiInsights) {
    w.heading('Summary');
    if (r.overallComment) w.paragraph(r.overallComment);
    if (r.aiInsights) {
      w.gap(4);
      w.paragraph(r.aiInsights, { muted: true });
    }
  }
  w.heading('Performance');
  const values = {
    communication: r.communicationScore,
    problemSolving: r.problemSolvingScore,
    confidence: r.confidenceScore,
  };
  for (const c of PERFORMANCE_CATEGORIES) w.scoreBar(c.label, values[c.key] ?? 0);
  const skills = r.skillBreakdown ?? [];
  if (skills.length > 0) {
    w.subheading('Skills');
    for (const s of skills) w.scoreBar(skillName(s.skill), s.score);
  }
  const lists: [string, string[] | undefined][] = [
    ['Strengths', r.strengths],
    ['Areas for Improvement', r.improvements],
    ['Recommendations', r.recommendations],
  ];
  for (const [title, items] of lists) {
    if (!items || items.length === 0) continue;
    w.heading(title);
    w.bullets(items);
  }
}

function jobFit(w: PdfWriter, r: Report) {
  if (!r.jobFit) return;
  w.heading(`Fit for this job: ${r.jobFit.role}`);
  for (const s of r.jobFit.skills) {
    const how =
      s.score !== null ? `${Math.round(s.score / 10)}/10` : s.covered ? 'Not shown' : 'Not covered';
    w.labelled(s.skill, `${how}${s.comment ? ` · ${s.comment}` : ''}`);
  }
  if (r.jobFit.practiseNext.length > 0)
    w.labelled('Practise next', r.jobFit.practiseNext.join(', '));
}

function question(w: PdfWriter, q: QuestionReport, n: number) {
  const kind = q.kind ?? 'technical';
  const labels = RUBRIC_LABELS[kind];
  w.keepRoom(90);
  w.subheading(`Q${n}. ${q.question || 'No question'}`);
  w.paragraph(
    [QUESTION_KIND_LABELS[kind], questionScore(q), q.corrected ? 'Corrected by the candidate' : '']
      .filter(Boolean)
      .join(' · '),
    { muted: true, size: 9 },
  );
  w.gap(3);
  if (q.exchanges) {
    for (const e of q.exchanges) {
      if (e.followUp) w.labelled('Follow-up', e.asked);
      w.labelled('Your answer', e.answer || 'No answer provided');
    }
  } else {
    w.labelled('Your answer', q.answer || 'No answer provided');
  }
  if (!q.scored && q.notScoredReason !== WARM_UP_NOT_SCORED) {
    w.labelled('Not scored', q.notScoredReason ?? NOT_ENOUGH_SPEECH);
  }
  w.labelled('Feedback', q.comment || q.evaluation?.feedback || 'No feedback');
  if (scoredWithoutKey(q)) w.paragraph(SCORED_WITHOUT_KEY, { muted: true });
  if (q.dimensions) {
    for (const key of DIMENSIONS) {
      const d = q.dimensions[key];
      w.labelled(`${labels[key]}: ${Math.round(d.score)}`, d.explanation, { muted: true });
    }
  }
  if (q.coding) {
    const c = q.coding;
    w.labelled(
      'Code',
      `${c.language ?? 'nothing ran'}; tests passed: ${c.visible.passed}/${c.visible.total} visible, ${c.hidden.passed}/${c.hidden.total} hidden; complexity stated ${c.statedComplexity ?? 'not said'} (expected ${c.expectedComplexity})`,
    );
  }
  if (q.systemDesign) {
    const blocks = q.systemDesign.blocks;
    const shown = blocks.filter((b) => b.drawnAs || b.saidIn).length;
    w.labelled('Building blocks', `${shown} of ${blocks.length} drawn or said`);
  }
  if (q.keyPoints.length > 0) {
    w.paragraph('Key points', { bold: true });
    w.bullets(q.keyPoints.map((k) => `${COVERAGE_WORDS[keyPointCoverage(k)]}: ${k.point}`));
  }
  w.gap(6);
}

/** The PDF's bytes. Fonts are the process's (read once) unless a test brings its own. */
export async function renderReportPdf(
  input: ReportPdfInput,
  fonts: ReportFonts = reportFonts(),
): Promise<Buffer> {
  const { report: r, candidateName } = input;
  const w = createPdfWriter(fonts, {
    title: `${r.interview.title}: interview report`,
    author: candidateName,
  });
  header(w, r, candidateName);
  summary(w, r);
  jobFit(w, r);
  const questions = r.questionReports ?? [];
  w.heading('Question-by-Question Analysis');
  if (questions.length === 0) {
    w.paragraph('Detailed question-by-question analysis is not available for this report.');
  }
  questions.forEach((q, i) => question(w, q, i + 1));
  return w.finish(
    (page, pages) => `${candidateName} · ${r.interview.title} · Page ${page} of ${pages}`,
  );
}

/**
 * The report PDF (issue 30): how long the server takes to draw one and how large it is, for a
 * short report and for one of 40 long answers (about 330 words each, the bound the brief asks to
 * hold). The builtin evaluator scores the answers once per size; each run draws the PDF again
 * from that report, as each download does. Prints p50/p95 render ms, bytes and pages per size.
 * Run: npx tsx bench/report-pdf.ts   (BENCH_PDF_RUNS, default 30 per size)
 */
import { performance } from 'node:perf_hooks';
import { renderReportPdf } from '../apps/server/src/modules/report-share/pdf';
import { completedReportOf, pdfText, reportContentOf } from '../apps/server/src/test/report-pdf';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 30);
const SIZES = [
  { name: '5 answers of ~50 words', questions: 5, sentences: 6 },
  { name: '40 answers of ~330 words', questions: 40, sentences: 40 },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const rows = [];
for (const size of SIZES) {
  const report = completedReportOf(reportContentOf(size.questions, size.sentences));
  const candidateName = "Zoë O'Brien-Smith";
  // The first drawing reads the fonts and warms the code: counted apart, as a fresh process's is.
  let t = performance.now();
  const first = await renderReportPdf({ report, candidateName });
  const firstMs = performance.now() - t;
  const times: number[] = [];
  let bytes = first.length;
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    bytes = (await renderReportPdf({ report, candidateName })).length;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const { pages } = await pdfText(first);
  rows.push({
    report: size.name,
    runs: RUNS,
    'first ms': Math.round(firstMs),
    'p50 ms': Math.round(percentile(times, 50)),
    'p95 ms': Math.round(percentile(times, 95)),
    KB: Math.round(bytes / 1024),
    pages,
  });
}
console.table(rows);

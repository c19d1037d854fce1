import zlib from 'node:zlib';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Report, ReportContent } from '@candor/shared';
import { builtinReportOf, qaPair, reportInputOf } from './report-inputs';

/**
 * Report PDFs as the tests and the bench read them: a report of many varied answers (the builtin
 * evaluator scores answers that read like answers, not one sentence repeated), and a PDF's text
 * and colours read back.
 */

const TOPICS = ['cache', 'queue', 'index', 'replica', 'shard', 'lock', 'retry', 'timeout'];

/** Words enough that a long answer reads as an answer, not as the same words again (isGarbled). */
const WORDS = (
  'latency throughput budget tenant invoice checkout basket search ranking catalogue shipment ' +
  'warehouse courier refund ledger payroll schedule rota clinic patient booking reminder ' +
  'dashboard alert pager incident rollback canary feature flag migration schema column backfill ' +
  'snapshot archive export import parser tokenizer crawler scraper webhook callback consumer ' +
  'producer partition offset watermark window aggregate rollup report chart metric histogram ' +
  'percentile sampling tracing span baggage header cookie session token refresh password ' +
  'encryption signature certificate rotation vault secret policy audit review approval ' +
  'deadline estimate roadmap milestone sprint retrospective mentor intern stakeholder customer ' +
  'vendor contract outage postmortem runbook playbook oncall handover documentation diagram ' +
  'prototype benchmark profiler allocation garbage pause heap thread pool socket backlog'
).split(' ');

/** One answer of `sentences` sentences, different for every `n`. */
export function variedAnswer(n: number, sentences = 6): string {
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) {
    const pick = (j: number) => WORDS[(n * 37 + i * 11 + j * 7) % WORDS.length]!;
    out.push(`The ${pick(0)} ${pick(1)} needed ${pick(2)} ${pick(3)} and ${pick(4)}.`);
  }
  return out.join(' ');
}

/** A builtin report of `count` questions, each answered with `variedAnswer`. */
export function reportContentOf(count: number, sentences = 6): ReportContent {
  const pairs = Array.from({ length: count }, (_, i) =>
    qaPair(
      `How did you use a ${TOPICS[i % TOPICS.length]} in project ${i + 1}?`,
      variedAnswer(i, sentences),
    ),
  );
  return builtinReportOf(reportInputOf(pairs));
}

/** The report as `GET /api/report/interview/:id` answers a completed one. */
export function completedReportOf(content: ReportContent, title = 'Backend practice'): Report {
  const at = new Date('2026-11-20T10:00:00Z').toISOString();
  return {
    ...content,
    id: crypto.randomUUID(),
    interviewId: crypto.randomUUID(),
    status: 'completed',
    error: null,
    provider: 'builtin',
    model: 'builtin',
    interview: {
      title,
      categoryName: 'Backend',
      difficulty: 'mid',
      type: 'fixed',
      duration: 30,
      status: 'completed',
      startedAt: at,
      completedAt: at,
    },
    checkUntil: null,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * A PDF's text, NFC, every run of white space one space (lines wrap where they fit), without the
 * footer each page ends with (an answer runs on across pages), and the footers apart.
 */
export async function pdfText(
  bytes: Uint8Array,
): Promise<{ text: string; pages: number; footers: string[] }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(pdf, { mergePages: false });
  const footers: string[] = [];
  // The footer is the page's last line of its own; cut by line, not by sentence, since the body
  // may stop mid-sentence where an answer runs on to the next page.
  const bodies = text.map((page) => {
    const lines = page.split('\n');
    const at = lines.findLastIndex((line) => /· Page \d+ of \d+\s*$/.test(line));
    if (at !== -1) footers.push(flat(lines.splice(at, 1)[0]!));
    return flat(lines.join(' '));
  });
  return { text: bodies.join(' '), pages: totalPages, footers };
}

export const flat = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim();

/** Every fill and stroke colour the PDF's page content sets, as "r g b" (0–1). */
export function pdfColours(bytes: Buffer): string[] {
  const raw = bytes.toString('latin1');
  const colours = new Set<string>();
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = zlib.inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      content = m[1]!;
    }
    for (const c of content.matchAll(
      /(?:^|\s)([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG|sc|SC|scn|SCN)\b/g,
    )) {
      colours.add(`${c[1]} ${c[2]} ${c[3]}`);
    }
  }
  return [...colours];
}

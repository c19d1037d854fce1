/**
 * Scores you can trust (issue 28): the builtin scorer on the graded corpus
 * (apps/server/src/ai/builtin/graded). Every answer goes through the report path a candidate's
 * attempt takes (builtinReport, then assembleReport), and the per-question score the report shows
 * (0–100, shown as x/10; "not answered" counts 0) is compared with the grade it was written at:
 * - Spearman correlation between grade (1–5) and score, over all graded answers of the part, and
 *   the same for the answer's word count alone (what a scorer that only counted words would get);
 * - off-topic answers (a strong answer to another question of the same field): mean, max, and
 *   how many score above 25;
 * - good answers called off-topic: answers of grade 3 or above marked "Did not answer the
 *   question" (the worst outcome for a candidate);
 * - strong above weak: the share of questions whose grade-5 answer outscores the grade-2 one, and
 *   whose five answers are all in order (5 > 4 > 3 > 2 > 1, ties not in order);
 * - per form of question, and the ten worst questions.
 * Warm-ups are feedback only, never scored: they are counted and left out of the figures.
 * Run: npx tsx bench/scores.ts [--part tuned|held-out|held-out-2|…|held-out-7|bank|bank-2|bank-3|bank-4|all] [--bank-references]
 * (default tuned; the held-out parts are read once per rule change, never tuned on).
 * The model path: --provider model, with AI_BASE_URL / AI_API_KEY / AI_MODEL as the server reads
 * them (BENCH_MODEL_CONCURRENCY requests at once, default 4), or --stand-in for the tests' local
 * stand-in. BENCH_SMOKE=1 scores four questions only, on both paths (the model's the stand-in).
 */
import { countWords, WARM_UP_NOT_SCORED } from '@candor/shared';
import { assembleReport } from '../apps/server/src/ai/assemble-report';
import { bankReferenceFor } from '../apps/server/src/ai/builtin/bank';
import { builtinReport } from '../apps/server/src/ai/builtin/report';
import { createOpenAiProvider } from '../apps/server/src/ai/openai';
import { SAMPLING, type AiProvider } from '../apps/server/src/ai/provider';
import { reportPrompt } from '../apps/server/src/ai/report-prompt';
import { aiReportResultSchema } from '../apps/server/src/ai/report-result';
import { startFakeOpenAiServer } from '../apps/server/src/test/fake-openai-server';
import {
  GRADED_FORMS,
  GRADED_PART_NAMES,
  GRADED_PARTS,
  GRADES,
  reportInputFor,
  type GradedPartName,
  type GradedQuestion,
} from '../apps/server/src/ai/builtin/graded/corpus';

/**
 * --bank-references: a topic-based question asked in the builtin bank's words carries the bank's
 * answer key, as a real attempt's report input finds it (modules/reports/report-input.ts).
 */
const withBankReferences = process.argv.includes('--bank-references');

// console.table directly: ./support's table() would load the whole app, its database and autocannon.
const table = (rows: Record<string, string | number>[]) => console.table(rows);

/** What the report shows for one answer: its score and kind, and whether it was called off-topic. */
interface Shown {
  score: number | null;
  kind: string;
  offTopic: boolean;
}

/** The report of one answer, as a real attempt's report path makes it (builtin or a model). */
type Scorer = (question: GradedQuestion, answer: string) => Promise<Shown>;

function inputFor(question: GradedQuestion, answer: string) {
  return reportInputFor(
    question,
    answer,
    withBankReferences ? bankReferenceFor(question.question) : null,
  );
}

/**
 * The score the report shows for this answer (null when its kind is never scored: a warm-up), and
 * the kind the report scored it as (a topic-based question's kind is worked out from its words).
 */
function shown(report: ReturnType<typeof assembleReport>): Shown {
  const q = report.questionReports[0]!;
  // Not answered, too little speech, or marked as not answering the question: no score, which
  // counts as nothing in the overall score.
  const score = q.score ?? (q.notScoredReason === WARM_UP_NOT_SCORED ? null : 0);
  return {
    score,
    kind: q.kind ?? 'technical',
    offTopic: q.relevance?.verdict === 'off-topic',
  };
}

const builtinScorer: Scorer = async (question, answer) => {
  const input = inputFor(question, answer);
  return shown(
    assembleReport({
      input,
      result: builtinReport(input),
      producedBy: 'builtin',
      fallbackReason: null,
    }),
  );
};

/**
 * The model path (--provider model): the report prompt sent to an OpenAI-compatible model, its
 * reply checked and assembled as the server does it (modules/reports/service.ts). A reply that
 * fails or has the wrong shape is scored by the builtin evaluator, as a candidate's report would
 * be, and counted, so the figures say how much of them is the model's.
 */
function modelScorer(provider: AiProvider, fellBack: string[]): Scorer {
  return async (question, answer) => {
    const input = inputFor(question, answer);
    try {
      const result = await provider.generateJson({
        messages: reportPrompt(input),
        schema: aiReportResultSchema,
        input,
        ...SAMPLING.report,
      });
      return shown(assembleReport({ input, result, producedBy: 'ai', fallbackReason: null }));
    } catch (err) {
      fellBack.push(`${question.id}: ${err instanceof Error ? err.message : String(err)}`);
      return builtinScorer(question, answer);
    }
  };
}

/** Runs `work` over `items`, at most `limit` at a time, results in the items' order. */
async function inTurn<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** Ranks from 1, ties sharing their mean rank. */
function ranks(xs: number[]): number[] {
  const order = xs.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(xs.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) out[order[k]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

const mean = (xs: number[]) => (xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length);

/** Spearman's rho: Pearson's correlation of the ranks; 0 when either side has no spread. */
function spearman(xs: number[], ys: number[]): number {
  const [rx, ry] = [ranks(xs), ranks(ys)];
  const [mx, my] = [mean(rx), mean(ry)];
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  rx.forEach((x, i) => {
    const y = ry[i]!;
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  });
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}

interface Scored {
  question: GradedQuestion;
  /** The kind the report scored the grade-5 answer as. */
  scoredAs: string;
  /** Score shown per grade, best first (GRADES order). */
  byGrade: number[];
  offTopic: number;
  /** Grades marked "Did not answer the question" (off-topic). */
  calledOffTopic: number[];
  rho: number;
}

async function scorePart(questions: GradedQuestion[], score: Scorer, concurrency: number) {
  const scored: Scored[] = [];
  let warmUps = 0;
  // Each question's six answers, each alone, as many at once as the scorer allows.
  const answers = questions.flatMap((question) =>
    [...GRADES.map((g) => question.answers[g]), question.offTopic.text].map((text) => ({
      question,
      text,
    })),
  );
  const all = await inTurn(answers, concurrency, (a) => score(a.question, a.text));
  for (const [at, question] of questions.entries()) {
    const byGrade = all.slice(at * 6, at * 6 + 5);
    const offTopic = all[at * 6 + 5]!;
    if (byGrade.every((s) => s.score === null) && offTopic.score === null) {
      warmUps++;
      continue;
    }
    const filled = byGrade.map((s) => s.score ?? 0);
    scored.push({
      question,
      scoredAs: byGrade[0]!.kind,
      byGrade: filled,
      offTopic: offTopic.score ?? 0,
      calledOffTopic: GRADES.filter((_, i) => byGrade[i]!.offTopic),
      rho: spearman([...GRADES], filled),
    });
  }
  return { scored, warmUps };
}

const fixed = (x: number, digits = 2) => (Number.isNaN(x) ? '–' : x.toFixed(digits));
const share = (n: number, of: number) => `${n}/${of} (${fixed((100 * n) / Math.max(1, of), 0)}%)`;

function figures(scored: Scored[]) {
  const grades = scored.flatMap(() => [...GRADES]);
  const scores = scored.flatMap((s) => s.byGrade);
  const words = scored.flatMap((s) => GRADES.map((g) => countWords(s.question.answers[g])));
  const offTopic = scored.map((s) => s.offTopic);
  const strongAboveWeak = scored.filter((s) => s.byGrade[0]! > s.byGrade[3]!).length;
  const ordered = scored.filter((s) => s.byGrade.every((x, i) => i === 0 || s.byGrade[i - 1]! > x));
  return {
    questions: scored.length,
    spearman: fixed(spearman(grades, scores)),
    'mean per-question rho': fixed(mean(scored.map((s) => s.rho))),
    'words alone': fixed(spearman(grades, words)),
    'off-topic mean': fixed(mean(offTopic), 1),
    'off-topic max': offTopic.length > 0 ? Math.max(...offTopic) : '–',
    'off-topic > 25': share(offTopic.filter((x) => x > 25).length, offTopic.length),
    // The worst outcome for a candidate: a good answer (grade 3 or above) marked "Did not answer
    // the question".
    'good answers called off-topic': scored.flatMap((s) => s.calledOffTopic.filter((g) => g >= 3))
      .length,
    '5 above 2': share(strongAboveWeak, scored.length),
    'all in order': share(ordered.length, scored.length),
  };
}

async function report(
  part: GradedPartName,
  questions: GradedQuestion[],
  scorer: { name: string; score: Scorer; concurrency: number },
) {
  const { scored, warmUps } = await scorePart(questions, scorer.score, scorer.concurrency);
  console.log(
    `\nGraded corpus, ${part} part, scored by ${scorer.name}${withBankReferences ? ", bank questions with the bank's answer key" : ''}: ${questions.length} questions, ${warmUps} warm-up(s) feedback only (not scored, left out)`,
  );
  table([{ part, ...figures(scored) }]);
  // A catalogue question has an answer key; a free-form one (a model interviewer's) has none.
  const flows = [...new Set(scored.map((s) => s.question.flow))];
  if (flows.length > 1) {
    console.log(
      'By flow: fixed (a catalogue question, with its answer key) and topic-based (free-form)',
    );
    table(
      flows.map((flow) => ({ flow, ...figures(scored.filter((s) => s.question.flow === flow)) })),
    );
  }

  console.log('Mean score shown per grade, by form of question (0–100; not answered = 0)');
  table(
    GRADED_FORMS.map((form) => {
      const list = scored.filter((s) => s.question.form === form);
      return {
        form,
        questions: list.length,
        ...Object.fromEntries(
          GRADES.map((g, i) => [`grade ${g}`, fixed(mean(list.map((s) => s.byGrade[i]!)), 0)]),
        ),
        'off-topic': fixed(mean(list.map((s) => s.offTopic)), 0),
        rho: fixed(mean(list.map((s) => s.rho))),
      };
    }).filter((row) => row.questions > 0),
  );

  // Worst first: the least ordered, then the off-topic answer scored highest above grade 1.
  const worst = [...scored]
    .sort((a, b) => a.rho - b.rho || b.offTopic - b.byGrade[4]! - (a.offTopic - a.byGrade[4]!))
    .slice(0, 10);
  console.log('The ten worst questions (scores shown for grades 5, 4, 3, 2, 1, then off-topic)');
  table(
    worst.map((s) => ({
      id: s.question.id,
      form: s.question.form,
      flow: s.question.flow,
      'scored as': s.scoredAs,
      rho: fixed(s.rho),
      'scores 5·4·3·2·1': s.byGrade.join(' · '),
      'off-topic': s.offTopic,
      'called off-topic': s.calledOffTopic.join(' ') || '–',
    })),
  );
}

function partsAsked(argv: string[]): GradedPartName[] {
  const at = argv.indexOf('--part');
  const asked = at === -1 ? 'tuned' : argv[at + 1];
  if (asked === 'all') return [...GRADED_PART_NAMES];
  const part = GRADED_PART_NAMES.find((name) => name === asked);
  if (part) return [part];
  throw new Error(
    `--part must be ${GRADED_PART_NAMES.join(', ')} or all (got ${asked ?? 'nothing'})`,
  );
}

/** --provider builtin (the default) or model; --stand-in answers as the tests' local model does. */
function providerAsked(argv: string[]): 'builtin' | 'model' {
  const at = argv.indexOf('--provider');
  const asked = at === -1 ? 'builtin' : argv[at + 1];
  if (asked === 'builtin' || asked === 'model') return asked;
  throw new Error(`--provider must be builtin or model (got ${asked ?? 'nothing'})`);
}

/** A whole number setting from the environment, within bounds, or a clear error naming it. */
function whole(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max} (got ${raw})`);
  }
  return n;
}

/**
 * The model of AI_BASE_URL, AI_API_KEY and AI_MODEL, as the server reads them; with --stand-in,
 * the tests' local stand-in (it speaks the protocol, so the path is exercised, but its scores are
 * not a model's judgement and mean nothing).
 */
async function modelUnderTest(standIn: boolean) {
  const fake = standIn ? await startFakeOpenAiServer() : null;
  const baseUrl = fake?.url ?? process.env.AI_BASE_URL;
  const apiKey = fake ? 'stand-in' : process.env.AI_API_KEY;
  if (!baseUrl && !apiKey) {
    throw new Error(
      '--provider model needs AI_API_KEY (or AI_BASE_URL for a local server), or --stand-in',
    );
  }
  const provider = createOpenAiProvider({
    baseUrl,
    apiKey,
    model: fake ? 'stand-in' : (process.env.AI_MODEL ?? 'gpt-4o-mini'),
    timeoutMs: whole('AI_TIMEOUT_MS', 60_000, 1000, 300_000),
  });
  return { provider, close: () => fake?.close() };
}

async function main() {
  const argv = process.argv.slice(2);
  const smoke = process.env.BENCH_SMOKE === '1';
  const parts = partsAsked(argv);
  const take = (part: GradedPartName) =>
    smoke ? GRADED_PARTS[part].slice(0, 4) : GRADED_PARTS[part];
  console.log(
    'The scorer on the graded corpus (apps/server/src/ai/builtin/graded): does the score follow the grade?',
  );
  const builtin = { name: 'the builtin evaluator', score: builtinScorer, concurrency: 1 };
  // A smoke run checks both paths on a few questions; the model's through the stand-in.
  const provider = providerAsked(argv);
  if (provider === 'builtin' || smoke)
    for (const part of parts) await report(part, take(part), builtin);
  if (provider === 'builtin' && !smoke) return;

  const standIn = smoke || argv.includes('--stand-in');
  const model = await modelUnderTest(standIn);
  const fellBack: string[] = [];
  try {
    const scorer = {
      name: standIn
        ? 'the local stand-in model (its scores mean nothing)'
        : `model ${model.provider.model}`,
      score: modelScorer(model.provider, fellBack),
      concurrency: whole('BENCH_MODEL_CONCURRENCY', 4, 1, 64),
    };
    for (const part of parts) await report(part, take(part), scorer);
  } finally {
    await model.close();
  }
  console.log(
    `Model replies not used (scored by the builtin evaluator instead, as a report would be): ${fellBack.length}`,
  );
  for (const line of fellBack.slice(0, 10)) console.log(`  ${line}`);
  // The stand-in always answers in shape: a fallback there is a broken path.
  if (standIn && fellBack.length > 0) process.exitCode = 1;
}

await main();

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
 * BENCH_SMOKE=1 scores four questions only.
 */
import { countWords, WARM_UP_NOT_SCORED } from '@candor/shared';
import { assembleReport } from '../apps/server/src/ai/assemble-report';
import { bankReferenceFor } from '../apps/server/src/ai/builtin/bank';
import { builtinReport } from '../apps/server/src/ai/builtin/report';
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

/**
 * The score the report shows for this answer (null when its kind is never scored: a warm-up), and
 * the kind the report scored it as (a topic-based question's kind is worked out from its words).
 */
function shownScore(question: GradedQuestion, answer: string) {
  const input = reportInputFor(
    question,
    answer,
    withBankReferences ? bankReferenceFor(question.question) : null,
  );
  const report = assembleReport({
    input,
    result: builtinReport(input),
    producedBy: 'builtin',
    fallbackReason: null,
  });
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

function scorePart(questions: GradedQuestion[]) {
  const scored: Scored[] = [];
  let warmUps = 0;
  for (const question of questions) {
    const byGrade = GRADES.map((g) => shownScore(question, question.answers[g]));
    const offTopic = shownScore(question, question.offTopic.text);
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

function report(part: GradedPartName, questions: GradedQuestion[]) {
  const { scored, warmUps } = scorePart(questions);
  console.log(
    `\nGraded corpus, ${part} part${withBankReferences ? ", bank questions with the bank's answer key" : ''}: ${questions.length} questions, ${warmUps} warm-up(s) feedback only (not scored, left out)`,
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

const smoke = process.env.BENCH_SMOKE === '1';
console.log(
  'Builtin scorer on the graded corpus (apps/server/src/ai/builtin/graded): does the score follow the grade?',
);
for (const part of partsAsked(process.argv.slice(2))) {
  report(part, smoke ? GRADED_PARTS[part].slice(0, 4) : GRADED_PARTS[part]);
}

import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../../db/seed-data';
import { assembleReport } from '../../assemble-report';
import type { QaPair, ReportInput } from '../../report-input';
import { builtinReport } from '../report';
import seededTechnical from './answers-technical-seeded.json';
import behavioural from './answers-behavioural.json';
import topicTechnical from './answers-technical-topic.json';

/**
 * The held-out evaluation set (decision 011): 62 questions across the seeded topics and
 * behavioural ones, each with a strong, a weak and a non-answer, written as candidates answer and
 * never used to tune the evaluator. Seeded questions are scored with the demo catalogue's kind,
 * key points and expected answer; the others as an interviewer's free-form questions, whose kind
 * the evaluator must work out from the words.
 */

interface Entry {
  id: string;
  question: string;
  seeded: boolean;
  strong: string;
  weak: string;
  nonAnswer: string;
}

const ENTRIES: Entry[] = [...seededTechnical, ...behavioural, ...topicTechnical];

const seed = new Map(
  demoCatalogue.flatMap((category) =>
    category.sets.flatMap((set) =>
      (set.questions ?? []).map(
        (q) => [q.questionText, { q, set, category: category.name }] as const,
      ),
    ),
  ),
);

/** The topic-based set a free-form question would come from, by the entry's id. */
const TOPIC_SETS: [RegExp, string[], string][] = [
  [/^node-/, ['Node.js', 'Event Loop', 'Streams', 'Worker Threads'], 'Backend'],
  [/^obs-/, ['Observability'], 'Backend'],
  [/^k8s-/, ['Kubernetes'], 'DevOps'],
  [/^dist-/, ['Distributed Systems', 'Message Queues'], 'System Design'],
  [
    /^ts-|^css-|^a11y-|^web-/,
    ['TypeScript', 'CSS', 'Accessibility', 'Web Performance'],
    'Frontend',
  ],
  [/^algo-/, ['Dynamic Programming', 'Graphs', 'Recursion'], 'Data Structures & Algorithms'],
  [/^sec-/, ['Web Security'], 'Backend'],
  [/^git-/, ['Git'], 'DevOps'],
  [/^cdn|^db-/, ['Caching', 'Databases'], 'System Design'],
  [/^beh-/, ['Teamwork', 'Leadership', 'Motivation', 'Conflict Resolution'], 'Behavioral'],
];

function inputFor(entry: Entry, answer: string): ReportInput {
  const seeded = seed.get(entry.question);
  if (entry.seeded && !seeded) throw new Error(`${entry.id}: not a question of the demo catalogue`);
  const [, topics, category] = seeded
    ? [null, seeded.set.topics, seeded.category]
    : (TOPIC_SETS.find(([re]) => re.test(entry.id)) ?? [null, [], 'General']);
  const pair: QaPair = {
    question: entry.question,
    answer,
    expectedAnswer: seeded?.q.expectedAnswer ?? null,
    ...(seeded ? { kind: seeded.q.kind, keyPoints: seeded.q.keyPoints } : {}),
    questionIndex: seeded ? 0 : null,
    confidence: 0.92,
    mode: 'voice',
  };
  return {
    interview: {
      title: seeded?.set.title ?? 'Held-out',
      category,
      difficulty: 'mid',
      flow: seeded ? 'fixed' : 'topic-based',
      topics,
      durationMinutes: 30,
      actualMinutes: 3,
      endedEarly: false,
      plannedQuestions: seeded ? 1 : null,
    },
    pairs: [pair],
    transcript: [],
  };
}

/** The score the report gives the answer, as a candidate would see it; null when not scored. */
function scoreOf(entry: Entry, answer: string) {
  const input = inputFor(entry, answer);
  const report = assembleReport({
    input,
    result: builtinReport(input),
    producedBy: 'builtin',
    fallbackReason: null,
  });
  const q = report.questionReports[0]!;
  return { score: q.score, kind: q.kind, reason: q.notScoredReason };
}

const results = ENTRIES.map((entry) => ({
  entry,
  strong: scoreOf(entry, entry.strong),
  weak: scoreOf(entry, entry.weak),
  none: scoreOf(entry, entry.nonAnswer),
}));

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

describe('the held-out evaluation set', () => {
  it('has at least 60 questions, behavioural ones among them, each with three answers', () => {
    expect(ENTRIES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(ENTRIES.map((e) => e.id)).size).toBe(ENTRIES.length);
    expect(results.filter((r) => r.strong.kind === 'behavioural').length).toBeGreaterThanOrEqual(
      10,
    );
  });

  it('prints its figures: ordering rate, mean gap strong − weak, non-answer handling', () => {
    const gaps = results.map((r) => (r.strong.score ?? 0) - (r.weak.score ?? 0));
    const ordered = gaps.filter((g) => g > 0).length;
    const byKind = (kind: string) => {
      const list = results.filter((r) => r.strong.kind === kind);
      return `${kind}: ${list.length} questions, mean gap ${mean(list.map((r) => (r.strong.score ?? 0) - (r.weak.score ?? 0))).toFixed(1)}, strong ${mean(list.map((r) => r.strong.score ?? 0)).toFixed(1)}, weak ${mean(list.map((r) => r.weak.score ?? 0)).toFixed(1)}`;
    };
    const handled = results.filter((r) => r.none.score === null || r.none.score === 0).length;
    console.log(
      [
        'Held-out evaluation set (builtin evaluator):',
        `  ordering rate (strong > weak): ${ordered}/${results.length} = ${((100 * ordered) / results.length).toFixed(1)}%`,
        `  mean gap strong − weak: ${mean(gaps).toFixed(1)} points (smallest ${Math.min(...gaps)})`,
        `  ${byKind('technical')}`,
        `  ${byKind('behavioural')}`,
        `  non-answers scored 0 or marked not answered: ${handled}/${results.length}`,
      ].join('\n'),
    );
    expect(ordered).toBe(results.length);
  });

  it.each(results.map((r) => [r.entry.id, r] as const))(
    '%s: the strong answer outscores the weak one',
    (_id, r) => {
      expect(r.strong.score).not.toBeNull();
      expect(r.weak.score).not.toBeNull();
      expect(r.strong.score!).toBeGreaterThan(r.weak.score!);
    },
  );

  it.each(results.map((r) => [r.entry.id, r] as const))(
    '%s: the non-answer is marked not answered',
    (_id, r) => {
      expect(r.none.score).toBeNull();
      expect(r.none.reason).toBe('not answered');
    },
  );
});

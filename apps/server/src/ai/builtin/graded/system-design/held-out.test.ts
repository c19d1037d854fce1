import { countWords, systemDesignSpecSchema, type WhiteboardScene } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { systemDesignWhiteboard } from '../../../../db/seed-data/system-design-whiteboard';
import { designEvidence } from '../../../../modules/reports/design-evidence';
import { arrow, box } from '../../../../test/boards';
import { builtinReportOf, qaPair, reportInputOf } from '../../../../test/report-inputs';
import heldOut from './held-out.json';

/**
 * The system-design held-out check (issue 29), a test so it may read the report path's test
 * helpers (a source file here importing them would tie ai/ to modules/ in a cycle): ten boards with the candidate's words, graded 1–5
 * by hand and committed before any of them was scored. Each goes through the report path a real
 * attempt takes (design evidence from the stored scene, the builtin report, the report as
 * assembled), and the rank correlation of grade and score is what the closing note reports. Never
 * tune the rubric on these: write a new set instead.
 */

const text = z.string().trim().min(1);
const gradedDesignSchema = z
  .object({
    id: z.string().regex(/^sd-[a-z0-9-]+$/),
    /** The question of "System Design: Foundations", by its place in the set. */
    question: z.number().int().min(0).max(2),
    grade: z.number().int().min(1).max(5),
    why: text,
    board: z.object({
      boxes: z.array(z.tuple([text, text])),
      arrows: z.array(z.union([z.tuple([text, text]), z.tuple([text, text, text])])),
    }),
    answer: text,
  })
  .strict();
type GradedDesign = z.infer<typeof gradedDesignSchema>;

const HELD_OUT = z.array(gradedDesignSchema).parse(heldOut);

/** The board as the whiteboard stores it: boxes left to right, arrows bound to them. */
function sceneOf(board: GradedDesign['board']): WhiteboardScene {
  return {
    elements: [
      ...board.boxes.flatMap(([id, label], i) =>
        box(id, label, (i % 4) * 200, Math.floor(i / 4) * 150),
      ),
      ...board.arrows.flatMap(([from, to, label]) => arrow(from, to, label)),
    ],
  };
}

/** The per-question score the report shows for this board and answer (0–100; 0 when not scored). */
function scoreOf(g: GradedDesign): number {
  const q = systemDesignWhiteboard.questions![g.question]!;
  const design = designEvidence(
    {
      id: g.id,
      questionText: q.questionText,
      expectedAnswer: q.expectedAnswer ?? null,
      difficulty: 'medium',
      timeLimit: q.timeLimit ?? 900,
      kind: 'system-design',
      keyPoints: q.keyPoints ?? [],
      systemDesign: systemDesignSpecSchema.parse(q.systemDesign),
    },
    0,
    [{ questionIndex: 0, scene: sceneOf(g.board) }],
  );
  const pair = { ...qaPair(q.questionText, g.answer, 'system-design'), design, questionIndex: 0 };
  const report = builtinReportOf(reportInputOf([pair], { flow: 'fixed', plannedQuestions: 1 }));
  return report.questionReports[0]!.score ?? 0;
}

function ranks(xs: readonly number[]): number[] {
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

/** Spearman's rank correlation, ties sharing their mean rank. */
function spearman(xs: readonly number[], ys: readonly number[]): number {
  const [rx, ry] = [ranks(xs), ranks(ys)];
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const [mx, my] = [mean(rx), mean(ry)];
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  rx.forEach((x, i) => {
    sxy += (x - mx) * (ry[i]! - my);
    sxx += (x - mx) ** 2;
    syy += (ry[i]! - my) ** 2;
  });
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}

/** The figures of the check: each case's score, and grade against score and against words. */
function heldOutFigures(cases: readonly GradedDesign[] = HELD_OUT) {
  const rows = cases.map((g) => ({
    id: g.id,
    grade: g.grade,
    score: scoreOf(g),
    words: countWords(g.answer),
  }));
  const grades = rows.map((r) => r.grade);
  return {
    rows,
    spearman: spearman(
      grades,
      rows.map((r) => r.score),
    ),
    wordsAlone: spearman(
      grades,
      rows.map((r) => r.words),
    ),
  };
}

/**
 * The held-out check's shape, and its figures printed (issue 29). The figure is not asserted:
 * asserting it would invite fitting the rubric to these ten cases, which would end their use.
 */
describe('the system-design held-out check', () => {
  it('has ten graded cases over the three problems, every grade twice', () => {
    expect(HELD_OUT).toHaveLength(10);
    expect(new Set(HELD_OUT.map((g) => g.id)).size).toBe(10);
    expect(new Set(HELD_OUT.map((g) => g.question))).toEqual(new Set([0, 1, 2]));
    for (const grade of [1, 2, 3, 4, 5]) {
      expect(
        HELD_OUT.filter((g) => g.grade === grade),
        `grade ${grade}`,
      ).toHaveLength(2);
    }
  });

  it('computes Spearman as the bench does, ties sharing a rank', () => {
    expect(spearman([1, 2, 3], [10, 20, 30])).toBeCloseTo(1);
    expect(spearman([1, 2, 3], [30, 20, 10])).toBeCloseTo(-1);
    expect(spearman([1, 2, 3, 4], [1, 1, 2, 2])).toBeCloseTo(0.894, 3);
  });

  it('prints grade against the builtin score', () => {
    const { rows, spearman: rho, wordsAlone } = heldOutFigures();
    for (const r of rows)
      console.log(`${r.id.padEnd(10)} grade ${r.grade}  score ${r.score}  words ${r.words}`);
    console.log(`spearman ${rho.toFixed(2)} (goal >= 0.8), words alone ${wordsAlone.toFixed(2)}`);
    expect(rows.every((r) => r.score >= 0 && r.score <= 100)).toBe(true);
  });
});

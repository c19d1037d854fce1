/**
 * End-of-turn rules (issue 27) on the labelled corpus: the parts the rules were fitted to (tuned, and
 * held-out 1, 2 and 3, each after its one honest run), and held-out 4 (written after the rules were
 * frozen, never tuned on), at each patience:
 * - false cut-offs: unfinished thoughts whose wait is not longer than the candidate's real pause
 *   (the answer would have been sent mid-thought);
 * - mean wait on finished answers, in ms (the silence a candidate sits through);
 * - questions and "that's it" taken up at once, and how many cases each rule misjudged.
 * Run: npx tsx bench/end-of-turn.ts
 */
import { PATIENCES, endOfTurnWaitMs, judgeTurn } from '@candor/shared';
import { HELD_OUT_CASES } from '../packages/shared/src/end-of-turn/corpus/held-out';
import { HELD_OUT_2_CASES } from '../packages/shared/src/end-of-turn/corpus/held-out-2';
import { HELD_OUT_3_CASES } from '../packages/shared/src/end-of-turn/corpus/held-out-3';
import { HELD_OUT_4_CASES } from '../packages/shared/src/end-of-turn/corpus/held-out-4';
import { TUNED_CASES } from '../packages/shared/src/end-of-turn/corpus/tuned';
import type { EndOfTurnCase } from '../packages/shared/src/end-of-turn/corpus/types';
import { table } from './support';

function score(cases: EndOfTurnCase[], patience: (typeof PATIENCES)[number]) {
  const unfinished = cases.filter((c) => c.kind === 'unfinished');
  const finished = cases.filter((c) => c.kind === 'finished');
  const atOnce = cases.filter((c) => c.kind === 'question' || c.kind === 'done');
  const cutOff = unfinished.filter((c) => endOfTurnWaitMs(c.heard, patience) <= c.pauseMs!);
  const waits = finished.map((c) => endOfTurnWaitMs(c.heard, patience));
  const expected = (c: EndOfTurnCase) =>
    c.kind === 'finished' || c.kind === 'unfinished' ? c.kind : 'now';
  const misjudged = cases.filter((c) => judgeTurn(c.heard).completion !== expected(c));
  return {
    cases: cases.length,
    'false cut-offs': `${cutOff.length}/${unfinished.length} (${((100 * cutOff.length) / unfinished.length).toFixed(1)}%)`,
    'mean wait, finished (ms)': Math.round(waits.reduce((a, b) => a + b, 0) / waits.length),
    'finished waited long': finished.filter((c) => judgeTurn(c.heard).completion === 'unfinished')
      .length,
    'asked/done at once': `${atOnce.filter((c) => judgeTurn(c.heard).completion === 'now').length}/${atOnce.length}`,
    misjudged: misjudged.length,
  };
}

const rows = [];
for (const [part, cases] of [
  ['tuned', TUNED_CASES],
  // Judged once by the first rules (18.3% false cut-offs), then tuned on by the second.
  ['held-out 1 (tuned on since)', HELD_OUT_CASES],
  // Judged once by the second rules (20.0%), then tuned on by the third.
  ['held-out 2 (tuned on since)', HELD_OUT_2_CASES],
  // Judged once by the third rules (20.8%), then tuned on by the fourth.
  ['held-out 3 (tuned on since)', HELD_OUT_3_CASES],
  // Written after the fourth rules were frozen, without reading them or the other parts.
  ['held-out 4', HELD_OUT_4_CASES],
] as const) {
  for (const patience of PATIENCES) rows.push({ part, patience, ...score(cases, patience) });
}
console.log('End-of-turn rules on the labelled corpus (packages/shared/src/end-of-turn/corpus)');
table(rows);

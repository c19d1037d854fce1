import { endOfTurnWaitMs, judgeTurn } from '@candor/shared';
import { HELD_OUT_CASES } from '../packages/shared/src/end-of-turn/corpus/held-out';
import { HELD_OUT_2_CASES } from '../packages/shared/src/end-of-turn/corpus/held-out-2';
import { HELD_OUT_3_CASES } from '../packages/shared/src/end-of-turn/corpus/held-out-3';
import { TUNED_CASES } from '../packages/shared/src/end-of-turn/corpus/tuned';
const verbose = process.argv.includes('-v');
for (const [name, cases] of [['tuned', TUNED_CASES], ['h1', HELD_OUT_CASES], ['h2', HELD_OUT_2_CASES], ['h3', HELD_OUT_3_CASES]] as const) {
  const un = cases.filter((c) => c.kind === 'unfinished');
  const cut = un.filter((c) => endOfTurnWaitMs(c.heard) <= c.pauseMs!);
  const fin = cases.filter((c) => c.kind === 'finished');
  const mean = fin.reduce((s, c) => s + endOfTurnWaitMs(c.heard), 0) / fin.length;
  const mis = cases.filter((c) => judgeTurn(c.heard).completion !== (c.kind === 'finished' || c.kind === 'unfinished' ? c.kind : 'now'));
  console.log(name, `cut ${cut.length}/${un.length}`, `mean ${Math.round(mean)}`, `misjudged ${mis.length}`);
  if (verbose) for (const c of mis) console.log(`   [${c.kind}→${judgeTurn(c.heard).completion} ${judgeTurn(c.heard).why}] ${JSON.stringify(c.heard.slice(-100))}`);
}

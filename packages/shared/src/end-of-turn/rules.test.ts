import { describe, expect, it } from 'vitest';
import { HELD_OUT_CASES } from './corpus/held-out';
import { HELD_OUT_2_CASES } from './corpus/held-out-2';
import { HELD_OUT_3_CASES } from './corpus/held-out-3';
import { TUNED_CASES } from './corpus/tuned';
import { judgeTurn } from './rules';
import { END_OF_TURN_WAIT_MS, PATIENCES, endOfTurnWaitMs } from './wait';

/**
 * The rules on the parts of the corpus they were fitted to: the tuned part, and the first, second
 * and third held-out parts once earlier rules had been judged on each (the fourth held-out part is
 * judged by bench/end-of-turn.ts, never here: a test on it would become a target), and the cases
 * the issue names, as a candidate says them.
 */
const FITTED = [...TUNED_CASES, ...HELD_OUT_CASES, ...HELD_OUT_2_CASES, ...HELD_OUT_3_CASES];
describe('end-of-turn rules', () => {
  it('on the parts fitted to: at most 2% of unfinished thoughts cut off, finished answers in under 1 s', () => {
    const unfinished = FITTED.filter((c) => c.kind === 'unfinished');
    const cutOff = unfinished.filter((c) => endOfTurnWaitMs(c.heard) <= c.pauseMs!);
    expect(cutOff.length / unfinished.length).toBeLessThanOrEqual(0.02);
    const finished = FITTED.filter((c) => c.kind === 'finished');
    const mean = finished.reduce((sum, c) => sum + endOfTurnWaitMs(c.heard), 0) / finished.length;
    expect(mean).toBeLessThanOrEqual(1000);
  });

  it.each([
    ['the connection pool, and then, um', 'unfinished'],
    ['and then um', 'unfinished'],
    ['Okay, so…', 'unfinished'],
    ['let me think', 'unfinished'],
    ['There are two things:', 'unfinished'],
    ['first I would look at the slow query log', 'unfinished'],
    ['I would look at the slow query log.', 'finished'],
    ['could you repeat the question?', 'now'],
    ['could you repeat the question', 'now'],
    ['do you mean in production', 'now'],
    ["that's it", 'now'],
    ["That's my answer.", 'now'],
    ["I'm done", 'now'],
    ['We rolled it back, and that was it.', 'finished'],
    ['Postgres is the one I would go with', 'finished'],
    ["hi I'm Zoë O'Brien-Smith and the service listened on 127.0.0.1", 'finished'],
    // Rules the third held-out part taught (v4), each in words of its own.
    ['we stored it in a table that', 'unfinished'],
    ['and then for every row', 'unfinished'],
    ["I'd like to begin with the data model.", 'unfinished'],
    ['my lead, Zoë, basically told me...', 'unfinished'],
    ['Nobody told us.', 'finished'],
    ['the part I liked best was', 'unfinished'],
    ['that is the library I would pick up', 'finished'],
    ['we cached the lot, basically', 'finished'],
    ['it was basically', 'unfinished'],
    ['the onboarding has three phases intake', 'unfinished'],
    ['we kept the, what do you call it...', 'unfinished'],
    ['We shipped it on Friday. Yeah.', 'finished'],
    ['OK this is my full answer', 'now'],
    ['may we assume the input is sorted', 'now'],
  ] as const)('"%s" is %s', (heard, completion) => {
    expect(judgeTurn(heard).completion).toBe(completion);
  });

  it('an unfinished thought waits at least 5 s and a finished answer under 1 s at every patience but relaxed', () => {
    for (const patience of PATIENCES) {
      expect(END_OF_TURN_WAIT_MS[patience].unfinished).toBeGreaterThanOrEqual(5000);
      expect(END_OF_TURN_WAIT_MS[patience].now).toBe(0);
    }
    expect(END_OF_TURN_WAIT_MS.normal.finished).toBeLessThan(1000);
    expect(END_OF_TURN_WAIT_MS.quick.finished).toBeLessThan(END_OF_TURN_WAIT_MS.normal.finished);
    expect(END_OF_TURN_WAIT_MS.relaxed.finished).toBeGreaterThan(
      END_OF_TURN_WAIT_MS.normal.finished,
    );
  });

  it('says nothing is finished when nothing was heard', () => {
    expect(judgeTurn('   ').completion).toBe('unfinished');
  });
});

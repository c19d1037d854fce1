import type { AiMessageKind } from '@candor/shared';
import type { EngineState } from './state';

/**
 * The interviewer on a coding question (issue 16). The candidate thinks aloud while they code, so
 * what they say is not an answer to move on from: the interviewer acknowledges briefly and stays
 * on the question until a submission passes, then asks about its complexity; a submission that
 * fails a hidden test gets a question about the edge it missed, drawn from that test's input; and
 * past the question's time limit the interview moves on. Pure: the runs come in as facts.
 */

export interface CodingTurnFacts {
  /** When the question was asked; null if it cannot be found (then no time limit applies). */
  askedAt: Date | null;
  timeLimitSeconds: number;
  /** The question's submissions, oldest first (runs of the examples are not submissions). */
  submissions: {
    passed: boolean;
    passedCount: number;
    total: number;
    /** The inputs (JSON arrays of arguments) of the hidden tests it failed. */
    failedHiddenInputs: string[];
  }[];
}

export type CodingMove =
  /** Stay on the question: say this. */
  | { kind: 'stay'; text: string; messageKind: AiMessageKind; state: EngineState }
  /** Move on to the next question, saying this first (may be ''). */
  | { kind: 'advance'; lead: string };

const ACKNOWLEDGEMENTS = ['Mm-hm, go on.', 'Okay.', 'Sure, keep going.', 'Right.', 'Go ahead.'];
const FIRST_NUDGE =
  'Take your time: talk me through your approach as you code. Run the examples whenever you like, and press Submit when you think it is ready.';

/** The edge a failed hidden test probes, as the interviewer would ask about it. */
export function edgeQuestion(inputs: readonly string[]): string {
  const args = inputs.flatMap((input) => {
    try {
      const parsed: unknown = JSON.parse(input);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  });
  const lists = args.filter((a): a is unknown[] => Array.isArray(a));
  const texts = args.filter((a): a is string => typeof a === 'string');
  if (lists.some((l) => l.length === 0) || texts.some((t) => t === '')) {
    return 'What happens when the input is empty?';
  }
  if (lists.some((l) => l.length === 1) || texts.some((t) => t.length === 1)) {
    return 'What about an input with a single element?';
  }
  if (lists.some((l) => l.length > 1000) || texts.some((t) => t.length > 1000)) {
    return 'How does your solution behave on a very large input?';
  }
  const flat = lists.flat(2);
  if (flat.some((x) => typeof x === 'number' && x < 0)) {
    return 'How does it handle negative numbers?';
  }
  const seen = lists.some((l) => new Set(l.map((x) => JSON.stringify(x))).size < l.length);
  if (seen || texts.some((t) => new Set(t).size < t.length)) {
    return 'What if the input contains repeated values?';
  }
  return 'Which edge cases do you think your code might be missing?';
}

export function decideCodingTurn(
  state: EngineState,
  facts: CodingTurnFacts,
  now: Date,
): CodingMove {
  const probes = state.probes ?? [];
  const stay = (key: string, text: string, messageKind: AiMessageKind): CodingMove => ({
    kind: 'stay',
    text,
    messageKind,
    state: { ...state, probes: [...probes, key] },
  });
  const last = facts.submissions.at(-1);
  if (last?.passed) {
    if (!probes.includes('complexity')) {
      return stay(
        'complexity',
        'Your solution passes every test. What are its time and space complexity, and why?',
        'follow-up',
      );
    }
    return { kind: 'advance', lead: 'Good.' };
  }
  const overTime =
    facts.askedAt !== null &&
    now.getTime() - facts.askedAt.getTime() > facts.timeLimitSeconds * 1000;
  if (overTime) {
    return { kind: 'advance', lead: "We're out of time for this one, so let's leave it there." };
  }
  if (last && !probes.includes(`failed-${facts.submissions.length}`)) {
    const lead = `Your submission passed ${last.passedCount} of ${last.total} tests.`;
    const ask =
      last.failedHiddenInputs.length > 0
        ? edgeQuestion(last.failedHiddenInputs)
        : 'Which of the examples fails, and why?';
    return stay(`failed-${facts.submissions.length}`, `${lead} ${ask}`, 'follow-up');
  }
  if (!probes.includes('nudge')) return stay('nudge', FIRST_NUDGE, 'answer-to-candidate');
  const acks = state.acks ?? 0;
  return {
    kind: 'stay',
    text: ACKNOWLEDGEMENTS[acks % ACKNOWLEDGEMENTS.length]!,
    messageKind: 'answer-to-candidate',
    state: { ...state, acks: acks + 1 },
  };
}

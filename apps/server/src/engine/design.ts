import type { EngineState } from './state';
import type { CodingMove } from './coding';

/**
 * The interviewer on a system-design question (issue 29). The candidate draws and talks it through,
 * so each pause gets one probe: the first one still unasked of those the board and the words call
 * for (ai/builtin/design-probes.ts gives them in order: requirements first when none were stated,
 * then a missing or risky piece). The question moves on when nothing is left to probe, after
 * DESIGN_PROBES_MAX probes, or past its time limit. Pure: the probes come in as facts.
 */

/** Probes on one design question: enough to cover the gaps a round usually shows, not a grilling. */
export const DESIGN_PROBES_MAX = 4;

export interface DesignTurnFacts {
  /** When the question was asked; null if it cannot be found (then no time limit applies). */
  askedAt: Date | null;
  timeLimitSeconds: number;
  /** What the board and the answers so far call for, in the order worth asking. */
  probes: { key: string; text: string }[];
}

const design = (key: string) => `design:${key}`.slice(0, 40);

export function decideDesignTurn(
  state: EngineState,
  facts: DesignTurnFacts,
  now: Date,
): CodingMove {
  const asked = state.probes ?? [];
  const overTime =
    facts.askedAt !== null &&
    now.getTime() - facts.askedAt.getTime() > facts.timeLimitSeconds * 1000;
  if (overTime) {
    return { kind: 'advance', lead: "We're out of time for this one, so let's leave it there." };
  }
  if (asked.length >= DESIGN_PROBES_MAX) {
    return { kind: 'advance', lead: 'Thank you, that gives me a good picture of your design.' };
  }
  const next = facts.probes.find((p) => !asked.includes(design(p.key)));
  if (!next)
    return { kind: 'advance', lead: 'Thank you, that design covers what I was looking for.' };
  return {
    kind: 'stay',
    text: next.text,
    messageKind: 'follow-up',
    state: { ...state, probes: [...asked, design(next.key)] },
  };
}

import type { Dimension, DimensionScore, SystemDesignReport } from '@candor/shared';
import type { DesignEvidence } from '../report-input';
import { designFacts, type DesignFacts } from './design-facts';
import type { AnswerFeatures } from './features';
import { clamp, clarity, quoteList } from './rubric-shared';

/**
 * The system-design rubric (issue 29), filled from facts as the coding rubric is: requirements
 * stated (each quoted), building blocks drawn on the board or named aloud and the flows its arrows
 * connect, estimates made (sentences with figures) and trade-offs weighed (both sides in one
 * sentence), and communication as for any answer. Evidence or no credit: a ticked item names the
 * component drawn or quotes the sentence said.
 *
 * The weights were set from what an interviewer expects of a strong answer before any graded
 * answer was scored (graded/system-design/ is held out, never tuned on): a strong candidate covers
 * most of what the spec lists, not all of it, hence "three quarters earns full marks".
 */

/** Share of a list that earns full marks: a strong answer covers most, rarely all. */
const FULL_AT = 0.75;
/** A block named aloud but never drawn counts this much of a drawn one. */
const SAID_ONLY = 0.5;
/** Sentences that weigh two options without naming one of the spec's trade-offs. */
const WEIGHING =
  /\b(trade-?offs?|instead of|rather than|versus|vs\.?|at the cost of|downside|the cost is|on the other hand)\b/i;

const shareOf = (got: number, total: number) =>
  total === 0 ? 1 : Math.min(1, got / Math.max(1, Math.ceil(total * FULL_AT)));

function requirements(facts: DesignFacts): DimensionScore {
  const quoted = facts.requirements.filter((r) => r.quote !== null);
  const total = facts.requirements.length;
  const missed = facts.requirements.filter((r) => r.quote === null).map((r) => r.requirement);
  const parts = [
    quoted.length > 0
      ? `Stated or asked about ${quoted.length} of ${total} requirement(s): ${quoteList(quoted.map((r) => r.requirement))}.`
      : 'No requirement was stated or asked about before designing.',
  ];
  if (missed.length > 0) parts.push(`Not covered: ${quoteList(missed.slice(0, 4))}.`);
  return {
    score: clamp(100 * shareOf(quoted.length, total)),
    explanation: parts.join(' '),
    evidence: [...new Set(quoted.map((r) => r.quote!))].slice(0, 3),
  };
}

function blocksAndFlows(facts: DesignFacts): DimensionScore {
  const drawn = facts.blocks.filter((b) => b.drawnAs !== null);
  const saidOnly = facts.blocks.filter((b) => b.drawnAs === null && b.saidIn !== null);
  const missing = facts.blocks.filter((b) => b.drawnAs === null && b.saidIn === null);
  const blocks = shareOf(drawn.length + SAID_ONLY * saidOnly.length, facts.blocks.length);
  const connected = facts.flows.filter((f) => f.connected);
  const flows = facts.flows.length === 0 ? blocks : connected.length / facts.flows.length;
  const parts = [
    drawn.length > 0
      ? `Drew ${drawn.map((b) => `${b.name}${b.drawnAs!.toLowerCase() === b.name.toLowerCase() ? '' : ` (as '${b.drawnAs}')`}`).join(', ')}.`
      : 'Drew none of the expected building blocks.',
  ];
  if (saidOnly.length > 0) {
    parts.push(`Named but did not draw: ${saidOnly.map((b) => b.name).join(', ')}.`);
  }
  if (missing.length > 0) parts.push(`Missing: ${missing.map((b) => b.name).join(', ')}.`);
  if (facts.flows.length > 0) {
    parts.push(
      `Arrows connect ${connected.length} of ${facts.flows.length} flow(s) that matter${
        connected.length < facts.flows.length
          ? ` (not: ${facts.flows
              .filter((f) => !f.connected)
              .map((f) => f.path.join(' → '))
              .join('; ')})`
          : ''
      }.`,
    );
  }
  return {
    score: clamp(100 * (0.7 * blocks + 0.3 * flows)),
    explanation: parts.join(' '),
    evidence: [...new Set(saidOnly.map((b) => b.saidIn!))].slice(0, 2),
  };
}

function estimatesAndTradeOffs(f: AnswerFeatures, facts: DesignFacts): DimensionScore {
  const estimate = facts.estimates.length === 0 ? 0 : facts.estimates.length === 1 ? 0.6 : 1;
  const weighed = facts.tradeOffs.filter((t) => t.quote !== null);
  // Weighing two options the spec does not list is still weighing: partly credited, quoted.
  const otherWeighing = f.sentences.filter(
    (s) => WEIGHING.test(s) && !weighed.some((t) => t.quote === s),
  );
  const tradeOff =
    weighed.length >= 2 ? 1 : weighed.length === 1 ? 0.7 : otherWeighing.length > 0 ? 0.4 : 0;
  const hasTradeOffs = facts.tradeOffs.length > 0;
  const listed = facts.tradeOffs.map((t) => t.tradeOff);
  const parts = [
    facts.estimates.length > 0
      ? `Made ${facts.estimates.length} estimate(s) with figures.`
      : 'Made no estimate: no load, storage or traffic figure was said.',
  ];
  if (hasTradeOffs) {
    parts.push(
      weighed.length > 0
        ? `Weighed ${quoteList(weighed.map((t) => t.tradeOff))}.`
        : otherWeighing.length > 0
          ? `Weighed options, though none of ${quoteList(listed)}.`
          : `Discussed no trade-off (such as ${quoteList(listed.slice(0, 2))}).`,
    );
  }
  return {
    score: clamp(100 * (hasTradeOffs ? 0.5 * estimate + 0.5 * tradeOff : estimate)),
    explanation: parts.join(' '),
    evidence: [
      ...new Set([
        ...facts.estimates.slice(0, 2),
        ...weighed.map((t) => t.quote!).slice(0, 2),
        ...(weighed.length === 0 ? otherWeighing.slice(0, 1) : []),
      ]),
    ],
  };
}

/** The facts of one system-design answer: its final board against its spec, and its words. */
export const factsOf = (evidence: DesignEvidence, answer: string) =>
  designFacts(evidence.spec, evidence.graph, answer);

export function systemDesignRubric(
  f: AnswerFeatures,
  evidence: DesignEvidence,
): Record<Dimension, DimensionScore> {
  const facts = factsOf(evidence, f.analysis.text);
  return {
    accuracy: requirements(facts),
    completeness: blocksAndFlows(facts),
    technicalDepth: estimatesAndTradeOffs(f, facts),
    clarity:
      f.words === 0
        ? { score: 0, explanation: 'The design was not talked through out loud.', evidence: [] }
        : clarity(f),
  };
}

/** The question's section of the report: the checklist with its evidence, and the final board. */
export function designReport(evidence: DesignEvidence, answer: string): SystemDesignReport {
  const facts = factsOf(evidence, answer);
  return {
    blocks: facts.blocks,
    flows: facts.flows,
    requirements: facts.requirements,
    tradeOffs: facts.tradeOffs,
    estimates: facts.estimates,
    diagram: evidence.diagram,
  };
}

/**
 * Whether the design answers its own question, by its facts: its words state one of the spec's
 * requirements, or its board connects one of the spec's flows. Then the facts score it, as a coding
 * answer's tests do, and the question's words ("use the whiteboard", "bit.ly") need not be said.
 */
export function answersTheDesign(evidence: DesignEvidence, answer: string): boolean {
  const facts = factsOf(evidence, answer);
  return facts.requirements.some((r) => r.quote !== null) || facts.flows.some((f) => f.connected);
}

/** The building blocks with evidence, for the question's tags. */
export const blocksCovered = (evidence: DesignEvidence, answer: string) =>
  factsOf(evidence, answer)
    .blocks.filter((b) => b.drawnAs !== null || b.saidIn !== null)
    .map((b) => b.name);

import { tradeOffSides, type BoardGraph, type SystemDesignSpec } from '@candor/shared';

/**
 * What a system-design answer did, read from facts (issue 29): which building blocks were drawn on
 * the board or named aloud (any of their names), which of the spec's flows the arrows connect,
 * which requirements and trade-offs the candidate's own sentences cover (quoted), and the numbers
 * they estimated with. Pure: the board comes in as its graph, the answer as its text. The rubric
 * (rubric-system-design.ts) and the interviewer's probes (design-probes.ts) are built on it.
 */

export interface DesignFacts {
  /**
   * Each expected block with its evidence: the board's text that names it (a component's label, or
   * a note) and the candidate's sentence that names it; null when there is none. No evidence, no tick.
   */
  blocks: { name: string; drawnAs: string | null; saidIn: string | null }[];
  flows: { path: string[]; connected: boolean }[];
  requirements: { requirement: string; quote: string | null }[];
  tradeOffs: { tradeOff: string; quote: string | null }[];
  /** Sentences with a figure in them ("about 4,000 redirects a second"). */
  estimates: string[];
}

const norm = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
/** The name as a whole word or words, its plural too ("users", "app servers", "caches"). */
const mentions = (haystack: string, needle: string) => {
  const n = norm(needle).trim();
  if (n === '') return false;
  const h = norm(haystack);
  return h.includes(` ${n} `) || h.includes(` ${n}s `) || h.includes(` ${n}es `);
};
const sentences = (text: string) =>
  text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);

const STOP = new Set([
  'a',
  'an',
  'the',
  'is',
  'are',
  'be',
  'to',
  'of',
  'in',
  'for',
  'and',
  'or',
  'its',
  'it',
  'with',
  'per',
  'may',
  'must',
]);
const contentWords = (text: string) =>
  norm(text)
    .trim()
    .split(' ')
    .filter((w) => w.length > 2 && !STOP.has(w));

/** The candidate's sentence sharing most of a requirement's words (at least half), if any. */
function quoteFor(requirement: string, said: readonly string[]): string | null {
  const words = contentWords(requirement);
  if (words.length === 0) return null;
  let best: { sentence: string; share: number } | null = null;
  for (const sentence of said) {
    const have = new Set(contentWords(sentence).map((w) => w.replace(/s$/, '')));
    const share = words.filter((w) => have.has(w.replace(/s$/, ''))).length / words.length;
    if (share >= 0.5 && (!best || share > best.share)) best = { sentence, share };
  }
  return best?.sentence ?? null;
}

/** A figure with a size: "100 million", "3 TB", "10k", "99.9%". */
const ESTIMATE =
  /\b\d[\d,.]*\s*(k|m|million|billion|thousand|hundred|per|a second|\/s|qps|rps|gb|tb|mb|%)/i;
/** A figure over time, its unit between: "40 writes a second", "1,000 requests per minute". */
const RATE =
  /\b\d[\d,.]*\s+(?:[a-z-]+\s+){0,2}(?:a|per|each|every)\s+(?:second|minute|hour|day|month|year)\b/i;

export function designFacts(
  spec: SystemDesignSpec,
  graph: BoardGraph,
  answer: string,
): DesignFacts {
  const said = sentences(answer);
  const boardText = [...graph.components.map((c) => c.label), ...graph.notes];
  const namesOf = (name: string) => [
    name,
    ...(spec.buildingBlocks.find((b) => b.name === name)?.synonyms ?? []),
  ];
  /** The components whose label names this building block. */
  const drawnAs = (name: string) =>
    graph.components
      .filter((c) => namesOf(name).some((n) => mentions(c.label, n)))
      .map((c) => c.id);

  const blocks = spec.buildingBlocks.map((b) => ({
    name: b.name,
    drawnAs: boardText.find((t) => namesOf(b.name).some((n) => mentions(t, n))) ?? null,
    saidIn: said.find((s) => namesOf(b.name).some((n) => mentions(s, n))) ?? null,
  }));
  // A flow is connected when each step has an arrow (either way) to the next step's component.
  const flows = spec.flows.map((path) => ({
    path,
    connected: path.every((step, i) => {
      if (i === 0) return true;
      const from = new Set(drawnAs(path[i - 1]!));
      const to = new Set(drawnAs(step));
      return graph.edges.some(
        (e) => (from.has(e.from) && to.has(e.to)) || (from.has(e.to) && to.has(e.from)),
      );
    }),
  }));
  const requirements = [...spec.functionalRequirements, ...spec.nonFunctionalRequirements].map(
    (requirement) => ({ requirement, quote: quoteFor(requirement, said) }),
  );
  const tradeOffs = spec.tradeOffs.map((tradeOff) => {
    const [a, b] = tradeOffSides(tradeOff);
    const quote = said.find((s) => mentions(s, a) && mentions(s, b)) ?? null;
    return { tradeOff, quote };
  });
  const estimates = said.filter((s) => ESTIMATE.test(s) || RATE.test(s));
  return { blocks, flows, requirements, tradeOffs, estimates };
}

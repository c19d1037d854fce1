import { tradeOffSides, type BoardGraph, type SystemDesignSpec } from '@candor/shared';
import { designFacts } from './design-facts';

/**
 * What the interviewer of a system-design question asks next (issue 29), read from the board and
 * what the candidate has said so far, as a real interviewer would: the requirements first when none
 * were stated, then one missing or risky piece at a time (where the data lives, a flow the arrows do
 * not connect, the load, what happens when the cache is down, a trade-off). Each probe has a key so
 * the engine asks it once (engine/design.ts); the list is in the order worth asking. Pure.
 */

export interface DesignProbe {
  /** At most 40 characters: the engine keeps the keys of what it asked in its state. */
  key: string;
  text: string;
}

const REQUIREMENTS =
  'Before we go further: what must this system do, and for whom? Which requirements matter most to you here?';
const ESTIMATES =
  'How much load do you expect? Roughly how many writes and reads per second, and how much data over a few years?';

const STORAGE = /\b(database|db|store|storage)\b/i;
const CACHE = /\bcache\b/i;
const QUEUE = /\b(queue|broker|kafka)\b/i;
const BALANCER = /\b(load balancer|gateway)\b/i;

/** The question about a building block nobody drew or named, in the words an interviewer uses. */
function missingBlock(name: string): string {
  if (STORAGE.test(name)) return 'Where is the data stored?';
  if (CACHE.test(name))
    return 'Reads will far outnumber writes: how would you keep hot reads fast?';
  if (QUEUE.test(name))
    return 'How does a message get from one server to another, even if one of them is busy?';
  if (BALANCER.test(name)) return 'How is the traffic spread across your servers?';
  // "an ID generator", "a presence service": the name as said in a sentence, acronyms kept.
  const said = /^[A-Z]{2,}/.test(name) ? name : name.charAt(0).toLowerCase() + name.slice(1);
  return `Where would ${/^[aeiou]/i.test(said) ? 'an' : 'a'} ${said} fit into this design, if at all?`;
}

const key = (prefix: string, name: string) => `${prefix}:${name}`.slice(0, 40);

export function designProbes(
  spec: SystemDesignSpec,
  graph: BoardGraph,
  said: string,
): DesignProbe[] {
  const facts = designFacts(spec, graph, said);
  const probes: DesignProbe[] = [];
  if (facts.requirements.every((r) => r.quote === null)) {
    probes.push({ key: 'requirements', text: REQUIREMENTS });
  }
  // Missing blocks, where the data lives first: a design that stores nothing has no product.
  const missing = facts.blocks
    .filter((b) => b.drawnAs === null && b.saidIn === null)
    .sort((a, b) => Number(STORAGE.test(b.name)) - Number(STORAGE.test(a.name)));
  for (const b of missing) probes.push({ key: key('block', b.name), text: missingBlock(b.name) });
  // A flow whose two ends are on the board but not joined: ask how a request crosses the gap.
  const present = new Set(facts.blocks.filter((b) => b.drawnAs !== null).map((b) => b.name));
  facts.flows.forEach((flow, i) => {
    if (flow.connected) return;
    const steps = flow.path.filter((step) => present.has(step));
    if (steps.length < 2) return;
    probes.push({
      key: `flow:${i}`,
      text: `How does a request get from the ${steps[0]!.toLowerCase()} to the ${steps.at(-1)!.toLowerCase()}? Walk me through it on the board.`,
    });
  });
  if (facts.estimates.length === 0) probes.push({ key: 'estimates', text: ESTIMATES });
  // The risky piece: a drawn cache fails too, and the answer shows whether the design survives it.
  const cache = facts.blocks.find((b) => CACHE.test(b.name) && b.drawnAs !== null);
  if (cache) {
    probes.push({ key: 'risk:cache', text: 'What happens when the cache is down?' });
  }
  const store = facts.blocks.find((b) => STORAGE.test(b.name) && b.drawnAs !== null);
  if (store) {
    probes.push({
      key: 'risk:store',
      text: 'What happens to your design if the database goes down, or runs out of room?',
    });
  }
  const firstTradeOff = spec.tradeOffs[0];
  if (firstTradeOff && facts.tradeOffs.every((t) => t.quote === null)) {
    const [a, b] = tradeOffSides(firstTradeOff);
    probes.push({ key: 'trade-off', text: `Would you choose ${a} or ${b} here, and why?` });
  }
  return probes;
}

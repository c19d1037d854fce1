import { systemDesignSpecSchema } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { systemDesignWhiteboard } from '../../db/seed-data/system-design-whiteboard';
import { readBoard } from '../../modules/whiteboard';
import { designFacts } from './design-facts';

const SPEC = systemDesignSpecSchema.parse(systemDesignWhiteboard.questions![0]!.systemDesign);

const box = (id: string, label: string, x: number) => [
  { id, type: 'rectangle', x, y: 0, width: 100, height: 50 },
  { id: `${id}-t`, type: 'text', text: label, containerId: id, x, y: 0, width: 1, height: 1 },
];
const arrow = (from: string, to: string) => ({
  id: `${from}-${to}`,
  type: 'arrow',
  x: 0,
  y: 0,
  points: [],
  startBinding: { elementId: from },
  endBinding: { elementId: to },
});

describe('the facts of a system-design answer (issue 29)', () => {
  it('ticks blocks drawn or said by any name, connected flows, quoted requirements, trade-offs and estimates', () => {
    const graph = readBoard({
      elements: [
        ...box('c', 'Browser', 0),
        ...box('lb', 'nginx', 200),
        ...box('app', 'API', 400),
        ...box('cache', 'Redis', 600),
        ...box('db', 'Postgres', 800),
        arrow('c', 'lb'),
        arrow('lb', 'app'),
        arrow('app', 'cache'),
        arrow('db', 'cache'),
      ],
    });
    const answer =
      'First, users create a short link for a long URL and get redirected from the short link. ' +
      'At 100 million links a month that is about 40 writes a second. ' +
      'I would pick NoSQL over SQL here because the access is by key.';
    const facts = designFacts(SPEC, graph, answer);
    expect(facts.blocks.filter((b) => b.drawnAs).map((b) => [b.name, b.drawnAs])).toEqual([
      ['Client', 'Browser'],
      ['Load balancer', 'nginx'],
      ['App server', 'API'],
      ['Cache', 'Redis'],
      ['Database', 'Postgres'],
    ]);
    expect(facts.blocks.find((b) => b.name === 'ID generator')).toEqual({
      name: 'ID generator',
      drawnAs: null,
      saidIn: null,
    });
    // Said by a synonym: the sentence is the evidence.
    expect(facts.blocks.find((b) => b.name === 'Client')!.saidIn).toMatch(/^First, users create/);
    expect(facts.flows).toEqual([
      { path: ['Client', 'Load balancer', 'App server', 'Cache', 'Database'], connected: true },
    ]);
    expect(facts.requirements[0]).toEqual({
      requirement: 'Create a short link for a long URL',
      quote:
        'First, users create a short link for a long URL and get redirected from the short link.',
    });
    expect(facts.requirements.find((r) => r.requirement === 'Highly available')!.quote).toBeNull();
    expect(facts.tradeOffs.find((t) => t.tradeOff === 'SQL vs NoSQL')!.quote).toMatch(
      /NoSQL over SQL/,
    );
    expect(facts.estimates).toEqual([
      'At 100 million links a month that is about 40 writes a second.',
    ]);
  });

  it('leaves a flow unconnected when an arrow is missing, and finds nothing in an empty answer', () => {
    const graph = readBoard({
      elements: [...box('c', 'Client', 0), ...box('db', 'Database', 200)],
    });
    const facts = designFacts(SPEC, graph, '');
    expect(facts.flows[0]!.connected).toBe(false);
    expect(facts.blocks.filter((b) => b.drawnAs).map((b) => b.name)).toEqual([
      'Client',
      'Database',
    ]);
    expect(facts.blocks.every((b) => b.saidIn === null)).toBe(true);
    expect(facts.requirements.every((r) => r.quote === null)).toBe(true);
    expect(facts.estimates).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { boardAsText, readBoard } from './graph';

/** Boxes and labels the way the drawing component writes them: a text bound by containerId. */
const box = (id: string, label: string | null, x: number, y = 0) => [
  { id, type: 'rectangle', x, y, width: 120, height: 60 },
  ...(label === null
    ? []
    : [
        {
          id: `${id}-label`,
          type: 'text',
          text: label,
          containerId: id,
          x: x + 10,
          y: 20,
          width: 100,
          height: 20,
        },
      ]),
];
const arrow = (id: string, from: string | null, to: string | null, extra: object = {}) => ({
  id,
  type: 'arrow',
  x: 0,
  y: 0,
  points: [
    [0, 0],
    [10, 0],
  ],
  startBinding: from ? { elementId: from, focus: 0, gap: 4 } : null,
  endBinding: to ? { elementId: to, focus: 0, gap: 4 } : null,
  ...extra,
});

describe('reading a board as a graph (issue 29)', () => {
  it('reads labelled boxes, bound arrows with their labels, and free text', () => {
    const graph = readBoard({
      elements: [
        ...box('client', 'Client', 0),
        ...box('lb', 'Load\n balancer', 200),
        ...box('app', 'App server', 400),
        arrow('a1', 'client', 'lb'),
        arrow('a2', 'lb', 'app'),
        {
          id: 'a2-label',
          type: 'text',
          text: 'HTTPS',
          containerId: 'a2',
          x: 0,
          y: 0,
          width: 1,
          height: 1,
        },
        {
          id: 'note',
          type: 'text',
          text: '100M writes/month',
          x: 0,
          y: 500,
          width: 100,
          height: 20,
        },
      ],
    });
    expect(graph.components).toEqual([
      { id: 'client', label: 'Client' },
      { id: 'lb', label: 'Load balancer' },
      { id: 'app', label: 'App server' },
    ]);
    expect(graph.edges).toEqual([
      { from: 'client', to: 'lb', label: '' },
      { from: 'lb', to: 'app', label: 'HTTPS' },
    ]);
    expect(graph.notes).toEqual(['100M writes/month']);
    expect(boardAsText(graph)).toBe(
      'Components: Client; Load balancer; App server\nArrow: Client -> Load balancer\nArrow: Load balancer -> App server (HTTPS)\nNotes: 100M writes/month',
    );
  });

  it('names a box by text typed over it, and joins an unbound arrow by where its ends stop', () => {
    const graph = readBoard({
      elements: [
        { id: 'cache', type: 'ellipse', x: 0, y: 0, width: 100, height: 100 },
        { id: 't', type: 'text', text: 'Redis', x: 30, y: 40, width: 40, height: 20 },
        { id: 'db', type: 'diamond', x: 300, y: 0, width: 100, height: 100 },
        { id: 't2', type: 'text', text: 'Postgres', x: 320, y: 40, width: 60, height: 20 },
        // Starts 10 units right of the cache and stops just short of the database.
        {
          id: 'free',
          type: 'arrow',
          x: 110,
          y: 50,
          points: [
            [0, 0],
            [175, 0],
          ],
        },
      ],
    });
    expect(graph.components.map((c) => c.label)).toEqual(['Redis', 'Postgres']);
    expect(graph.edges).toEqual([{ from: 'cache', to: 'db', label: '' }]);
    expect(graph.notes).toEqual([]);
  });

  it('skips deleted, unknown and malformed elements, arrows to nowhere and to themselves', () => {
    const graph = readBoard({
      elements: [
        ...box('a', 'API', 0),
        ...box('b', null, 1000),
        { id: 'gone', type: 'rectangle', x: 0, y: 0, width: 5, height: 5, isDeleted: true },
        { id: 'pen', type: 'freedraw', points: [[0, 0]] },
        { id: 'img', type: 'image', fileId: 'x' },
        { type: 'rectangle' },
        { id: 'weird', type: 'text', text: 42 },
        null,
        'rectangle',
        arrow('loop', 'a', 'a'),
        arrow('half', 'a', null, {
          points: [
            [0, 0],
            [5000, 5000],
          ],
        }),
        arrow('ghost', 'a', 'missing', { points: [] }),
        arrow('line', 'a', 'b', { type: 'line' }),
        { id: 'nan', type: 'rectangle', x: 'left', y: null, width: Infinity, height: 1 },
      ],
    });
    expect(graph.components).toEqual([
      { id: 'a', label: 'API' },
      { id: 'b', label: '' },
      { id: 'nan', label: '' },
    ]);
    expect(graph.edges).toEqual([{ from: 'a', to: 'b', label: '' }]);
    expect(boardAsText(graph)).toContain('Arrow: API -> (unlabelled box)');
  });

  it('reads nothing from what is not a scene, and bounds what it reads', () => {
    for (const scene of [null, undefined, 42, 'x', {}, { elements: 'no' }, [], { elements: {} }]) {
      expect(readBoard(scene)).toEqual({ components: [], edges: [], notes: [] });
    }
    const huge = readBoard({
      elements: Array.from({ length: 5000 }, (_, i) => ({
        id: `t${i}`,
        type: 'text',
        text: 'word '.repeat(100),
        x: i * 1000,
        y: 0,
        width: 1,
        height: 1,
      })),
    });
    expect(huge.notes).toHaveLength(2000);
    expect(huge.notes[0]!.length).toBeLessThanOrEqual(200);
    expect(boardAsText(readBoard({ elements: [] }))).toBe('Components: none');
  });
});

import type { WhiteboardScene } from '@candor/shared';

/**
 * Whiteboard scenes as the tests draw them (issue 29): labelled boxes in a row and arrows bound to
 * them, the elements the real whiteboard stores for the same drawing.
 */

/** A box with its label bound inside it. */
export const box = (id: string, label: string, x: number, y = 0) => [
  { id, type: 'rectangle', x, y, width: 120, height: 60 },
  { id: `${id}-label`, type: 'text', text: label, containerId: id, x, y, width: 80, height: 20 },
];

/** An arrow bound to two boxes, with its label when given. */
export const arrow = (from: string, to: string, label?: string) => [
  {
    id: `${from}-${to}`,
    type: 'arrow',
    x: 0,
    y: 0,
    points: [],
    startBinding: { elementId: from },
    endBinding: { elementId: to },
  },
  ...(label
    ? [
        {
          id: `${from}-${to}-label`,
          type: 'text',
          text: label,
          containerId: `${from}-${to}`,
          x: 0,
          y: 0,
          width: 40,
          height: 20,
        },
      ]
    : []),
];

/** Boxes labelled in order, left to right, each joined to the next by an arrow. */
export function chain(...labels: string[]): WhiteboardScene {
  const ids = labels.map((_, i) => `b${i}`);
  return {
    elements: [
      ...labels.flatMap((label, i) => box(ids[i]!, label, i * 200)),
      ...ids.slice(1).flatMap((id, i) => arrow(ids[i]!, id)),
    ],
  };
}

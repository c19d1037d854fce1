import { EMPTY_BOARD_GRAPH, WHITEBOARD_LIMITS, type BoardGraph } from '@candor/shared';
import { z } from 'zod';

/**
 * The board read as a graph (issue 29): boxes and their labels become components, arrows joining
 * two components become edges, and the rest of the text becomes notes. Pure, and every scene is
 * hostile: it is checked element by element, an element this reader does not know (a freehand
 * stroke, an image) or cannot read is skipped, and the sizes are bounded.
 */

const LABEL_MAX = 200;
/** How far (scene units) an unbound arrow's end may stop short of a box and still reach it. */
const REACH = 24;

const finite = z.number().finite();
const base = {
  id: z.string().min(1).max(100),
  isDeleted: z.boolean().optional(),
  x: finite.catch(0),
  y: finite.catch(0),
};
const shapeSchema = z.object({
  ...base,
  type: z.enum(['rectangle', 'ellipse', 'diamond']),
  width: finite.catch(0),
  height: finite.catch(0),
});
const textSchema = z.object({
  ...base,
  type: z.literal('text'),
  text: z.string().max(10_000),
  containerId: z.string().max(100).nullish(),
  width: finite.catch(0),
  height: finite.catch(0),
});
const binding = z
  .object({ elementId: z.string().max(100) })
  .nullish()
  .catch(null);
const arrowSchema = z.object({
  ...base,
  type: z.enum(['arrow', 'line']),
  startBinding: binding,
  endBinding: binding,
  points: z
    .array(z.tuple([finite, finite]))
    .max(10_000)
    .catch([]),
});
type Shape = z.infer<typeof shapeSchema>;
type Text = z.infer<typeof textSchema>;
type Arrow = z.infer<typeof arrowSchema>;

/** One line, collapsed spaces, bounded. */
const clean = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, LABEL_MAX);

function inside(shape: Shape, px: number, py: number, margin = 0): boolean {
  const [x0, x1] = [
    Math.min(shape.x, shape.x + shape.width),
    Math.max(shape.x, shape.x + shape.width),
  ];
  const [y0, y1] = [
    Math.min(shape.y, shape.y + shape.height),
    Math.max(shape.y, shape.y + shape.height),
  ];
  return px >= x0 - margin && px <= x1 + margin && py >= y0 - margin && py <= y1 + margin;
}

/** The smallest box holding the point: a label drawn over nested boxes names the inner one. */
function boxAt(shapes: readonly Shape[], px: number, py: number, margin = 0): Shape | undefined {
  let best: Shape | undefined;
  for (const s of shapes) {
    if (!inside(s, px, py, margin)) continue;
    if (!best || Math.abs(s.width * s.height) < Math.abs(best.width * best.height)) best = s;
  }
  return best;
}

export function readBoard(scene: unknown): BoardGraph {
  const raw = (scene as { elements?: unknown } | null)?.elements;
  if (!Array.isArray(raw)) return { ...EMPTY_BOARD_GRAPH };
  const shapes: Shape[] = [];
  const texts: Text[] = [];
  const arrows: Arrow[] = [];
  for (const element of raw.slice(0, WHITEBOARD_LIMITS.elementsMax)) {
    const type = (element as { type?: unknown } | null)?.type;
    const schema =
      type === 'text'
        ? textSchema
        : type === 'arrow' || type === 'line'
          ? arrowSchema
          : shapeSchema;
    const parsed = schema.safeParse(element);
    if (!parsed.success || parsed.data.isDeleted) continue;
    const value = parsed.data;
    if (value.type === 'text') texts.push(value as Text);
    else if (value.type === 'arrow' || value.type === 'line') arrows.push(value as Arrow);
    else shapes.push(value as Shape);
  }

  const shapeById = new Map(shapes.map((s) => [s.id, s]));
  const arrowById = new Map(arrows.map((a) => [a.id, a]));
  const labels = new Map<string, string[]>();
  const arrowLabels = new Map<string, string[]>();
  const notes: string[] = [];
  for (const t of texts) {
    const text = clean(t.text);
    if (text === '') continue;
    const add = (map: Map<string, string[]>, id: string) =>
      map.set(id, [...(map.get(id) ?? []), text]);
    if (t.containerId && shapeById.has(t.containerId)) add(labels, t.containerId);
    else if (t.containerId && arrowById.has(t.containerId)) add(arrowLabels, t.containerId);
    else {
      // Text typed over a box without being bound to it still names the box.
      const box = boxAt(shapes, t.x + t.width / 2, t.y + t.height / 2);
      if (box) add(labels, box.id);
      else notes.push(text);
    }
  }

  const components = shapes.map((s) => ({
    id: s.id,
    label: clean((labels.get(s.id) ?? []).join(' ')),
  }));
  const endOf = (a: Arrow, which: 'start' | 'end'): string | undefined => {
    const bound = (which === 'start' ? a.startBinding : a.endBinding)?.elementId;
    if (bound && shapeById.has(bound)) return bound;
    const point = which === 'start' ? a.points[0] : a.points.at(-1);
    if (!point) return undefined;
    return boxAt(shapes, a.x + point[0], a.y + point[1], REACH)?.id;
  };
  const edges: BoardGraph['edges'] = [];
  for (const a of arrows) {
    const from = endOf(a, 'start');
    const to = endOf(a, 'end');
    if (!from || !to || from === to) continue;
    edges.push({ from, to, label: clean((arrowLabels.get(a.id) ?? []).join(' ')) });
  }
  return { components, edges, notes };
}

/** The graph as a model reads it, one fact a line, in the candidate's own labels. */
export function boardAsText(graph: BoardGraph): string {
  const name = new Map(graph.components.map((c) => [c.id, c.label || '(unlabelled box)']));
  const lines = [
    `Components: ${graph.components.map((c) => name.get(c.id)).join('; ') || 'none'}`,
    ...graph.edges.map(
      (e) => `Arrow: ${name.get(e.from)} -> ${name.get(e.to)}${e.label ? ` (${e.label})` : ''}`,
    ),
    ...(graph.notes.length ? [`Notes: ${graph.notes.join('; ')}`] : []),
  ];
  return lines.join('\n');
}

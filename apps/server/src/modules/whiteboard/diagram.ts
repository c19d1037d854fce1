import type { BoardDiagram, BoardGraph } from '@candor/shared';

/**
 * The final board as the report draws it (issue 29): each component of the graph where the
 * candidate put it, and the graph's arrows between them. The report page turns this into an SVG
 * of plain boxes and arrows, so it needs neither the whiteboard component nor the raw scene; the
 * scene is hostile, so only finite numbers pass, and a box's size is kept within reason.
 */

const SHAPES = new Set(['rectangle', 'ellipse', 'diamond']);
/** Larger than any board a person draws in an interview; bounds what a scene can make us draw. */
const COORD_MAX = 100_000;

const num = (v: unknown, fallback = 0) =>
  typeof v === 'number' && Number.isFinite(v)
    ? Math.max(-COORD_MAX, Math.min(COORD_MAX, v))
    : fallback;

export function boardDiagram(scene: unknown, graph: BoardGraph): BoardDiagram | null {
  if (graph.components.length === 0 && graph.notes.length === 0) return null;
  const raw = (scene as { elements?: unknown } | null)?.elements;
  const byId = new Map<string, Record<string, unknown>>();
  if (Array.isArray(raw)) {
    for (const e of raw) {
      const el = e as Record<string, unknown> | null;
      if (el && typeof el.id === 'string' && !byId.has(el.id)) byId.set(el.id, el);
    }
  }
  const boxes = graph.components.map((c) => {
    const el = byId.get(c.id) ?? {};
    // A shape drawn right to left has a negative width: the box is the same rectangle.
    const w = num(el.width);
    const h = num(el.height);
    return {
      id: c.id,
      label: c.label,
      shape: (SHAPES.has(el.type as string) ? el.type : 'rectangle') as
        'rectangle' | 'ellipse' | 'diamond',
      x: num(el.x) + Math.min(0, w),
      y: num(el.y) + Math.min(0, h),
      width: Math.abs(w),
      height: Math.abs(h),
    };
  });
  return { boxes, arrows: graph.edges.map((e) => ({ ...e })), notes: [...graph.notes] };
}

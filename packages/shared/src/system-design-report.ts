import { z } from 'zod';

/**
 * A system-design question's section of the report (issue 29): what the board and the candidate's
 * words showed, item by item, with the evidence for each tick (the drawn component's label or the
 * sentence said), and the final board as a diagram the page draws without the whiteboard itself.
 */

const quoted = z.string().nullable();

/** The board's boxes where they were drawn and its arrows between them: enough for an SVG. */
export const boardDiagramSchema = z.object({
  boxes: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      shape: z.enum(['rectangle', 'ellipse', 'diamond']),
      x: z.number(),
      y: z.number(),
      width: z.number(),
      height: z.number(),
    }),
  ),
  arrows: z.array(z.object({ from: z.string(), to: z.string(), label: z.string() })),
  /** Text on the board outside any box or arrow. */
  notes: z.array(z.string()),
});
export type BoardDiagram = z.infer<typeof boardDiagramSchema>;

export const systemDesignReportSchema = z.object({
  /** Each expected building block: drawn (the component's label), said (the sentence), or neither. */
  blocks: z.array(z.object({ name: z.string(), drawnAs: quoted, saidIn: quoted })),
  /** Each flow that matters, and whether the board's arrows connect it end to end. */
  flows: z.array(z.object({ path: z.array(z.string()), connected: z.boolean() })),
  requirements: z.array(z.object({ requirement: z.string(), quote: quoted })),
  tradeOffs: z.array(z.object({ tradeOff: z.string(), quote: quoted })),
  /** The candidate's sentences with a figure in them. */
  estimates: z.array(z.string()),
  /** Null when nothing was drawn. */
  diagram: boardDiagramSchema.nullable(),
});
export type SystemDesignReport = z.infer<typeof systemDesignReportSchema>;

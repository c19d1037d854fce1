import { z } from 'zod';

/**
 * System-design questions (issue 29): a problem the candidate designs on a whiteboard while they
 * talk it through. The admin writes the spec; it is the yardstick the interviewer probes with and
 * the report scores against, so none of it is sent to the candidate (they are meant to ask for the
 * requirements and figures, as in a real round).
 */

export const SYSTEM_DESIGN_LIMITS = {
  requirementsMax: 15,
  blocksMax: 20,
  synonymsMax: 12,
  flowsMax: 10,
  flowStepsMax: 8,
  tradeOffsMax: 10,
  scaleFiguresMax: 10,
  /** One requirement, trade-off, figure, block name or synonym. */
  itemMax: 200,
} as const;

const item = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, `${what} cannot be empty`)
    .max(SYSTEM_DESIGN_LIMITS.itemMax, `${what} must be at most 200 characters`);

/** Blank entries are dropped and repeats kept once, so a pasted list needs no cleaning. */
const list = (what: string, max: number, min = 0, minMessage = `At least ${min} ${what}`) =>
  z
    .array(z.string({ error: `${what} must be text` }).trim(), { error: `${what} must be a list` })
    .max(max * 4, `At most ${max} ${what.toLowerCase()}`)
    .transform((xs) => [...new Set(xs.filter((x) => x !== ''))])
    .pipe(
      z.array(item(what)).min(min, minMessage).max(max, `At most ${max} ${what.toLowerCase()}`),
    );

/** A component a strong design has, and the other names it goes by ("LB", "nginx"). */
export const buildingBlockSchema = z.object({
  name: item('Building block'),
  synonyms: list('Synonyms', SYSTEM_DESIGN_LIMITS.synonymsMax).default([]),
});
export type BuildingBlock = z.output<typeof buildingBlockSchema>;

/** "consistency vs availability": both sides named, so the report can see both were weighed. */
const TRADE_OFF = /\s(?:vs\.?|versus)\s/i;

export const systemDesignSpecSchema = z
  .object({
    /** What the system must do; the candidate should ask about or state them. */
    functionalRequirements: list(
      'Functional requirements',
      SYSTEM_DESIGN_LIMITS.requirementsMax,
      1,
      'At least one functional requirement',
    ),
    /** Latency, availability, durability, scale… */
    nonFunctionalRequirements: list(
      'Non-functional requirements',
      SYSTEM_DESIGN_LIMITS.requirementsMax,
    ).default([]),
    buildingBlocks: z
      .array(buildingBlockSchema, { error: 'Building blocks must be a list' })
      .min(1, 'At least one building block')
      .max(
        SYSTEM_DESIGN_LIMITS.blocksMax,
        `At most ${SYSTEM_DESIGN_LIMITS.blocksMax} building blocks`,
      ),
    /** The paths that matter, as building-block names in order (client → API → cache → database). */
    flows: z
      .array(
        z
          .array(item('Flow step'))
          .min(2, 'A flow joins at least two building blocks')
          .max(SYSTEM_DESIGN_LIMITS.flowStepsMax, 'A flow has at most 8 steps'),
        { error: 'Flows must be a list of building-block names' },
      )
      .max(SYSTEM_DESIGN_LIMITS.flowsMax, `At most ${SYSTEM_DESIGN_LIMITS.flowsMax} flows`)
      .default([]),
    /** "consistency vs availability", "SQL vs NoSQL", "push vs pull". */
    tradeOffs: list('Trade-offs', SYSTEM_DESIGN_LIMITS.tradeOffsMax)
      .refine((xs) => xs.every((x) => TRADE_OFF.test(x)), {
        message: 'Each trade-off names both sides: "A vs B"',
      })
      .default([]),
    /** Figures to estimate with ("100M new links a month", "reads:writes 100:1"). */
    scaleFigures: list('Scale figures', SYSTEM_DESIGN_LIMITS.scaleFiguresMax).default([]),
  })
  .superRefine((spec, ctx) => {
    const names = new Set(spec.buildingBlocks.map((b) => b.name.toLowerCase()));
    if (names.size !== spec.buildingBlocks.length) {
      ctx.addIssue({
        code: 'custom',
        message: 'Each building block has its own name',
        path: ['buildingBlocks'],
      });
    }
    spec.flows.forEach((flow, i) => {
      const unknown = flow.find((step) => !names.has(step.toLowerCase()));
      if (unknown !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `Flow step "${unknown}" is not a building block`,
          path: ['flows', i],
        });
      }
    });
  });
export type SystemDesignSpec = z.output<typeof systemDesignSpecSchema>;
export type SystemDesignSpecInput = z.input<typeof systemDesignSpecSchema>;

/** The two sides of a trade-off as written ("SQL vs NoSQL" → ["SQL", "NoSQL"]). */
export function tradeOffSides(tradeOff: string): [string, string] {
  const [a = '', b = ''] = tradeOff.split(TRADE_OFF);
  return [a.trim(), b.trim()];
}

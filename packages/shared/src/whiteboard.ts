import { z } from 'zod';

/**
 * The whiteboard of a system-design question (issue 29): the scene the candidate draws (the
 * drawing component's elements: shapes, text, arrows and what they bind), saved per attempt and
 * question as they draw. Every save names the version it started from; a save from an older
 * version is refused, so a second tab never silently overwrites the first.
 *
 *   GET /api/interview/:id/whiteboard?questionIndex=N → Whiteboard (version 0 and no elements before the
 *     first save; designing false on another kind of question of the attempt)
 *   PUT /api/interview/:id/whiteboard  WhiteboardSave   → { questionIndex, version } ; 409 WHITEBOARD_STALE
 */

export const WHITEBOARD_LIMITS = {
  /** The scene as JSON: room for a few hundred labelled shapes, not for pasted images. */
  sceneMaxBytes: 512 * 1024,
  elementsMax: 2_000,
  /** Seconds of calm drawing before the board is saved. */
  saveDebounceMs: 1_500,
} as const;

const questionIndex = z
  .number({ error: 'questionIndex must be a question of this attempt' })
  .int('questionIndex must be a question of this attempt')
  .min(0, 'questionIndex must be a question of this attempt')
  .max(199, 'questionIndex must be a question of this attempt');

/**
 * One element as stored: an id and a type are required, the rest is the drawing component's own
 * and is kept as sent (bounded by the scene's size). The reader (server) checks what it uses.
 */
export const whiteboardElementSchema = z
  .object({
    id: z.string({ error: 'Each element needs an id' }).min(1).max(100),
    type: z.string({ error: 'Each element needs a type' }).min(1).max(40),
  })
  .catchall(z.unknown());

export const whiteboardSceneSchema = z.object({
  elements: z
    .array(whiteboardElementSchema, { error: 'scene.elements must be a list' })
    .max(
      WHITEBOARD_LIMITS.elementsMax,
      `A board holds at most ${WHITEBOARD_LIMITS.elementsMax} elements`,
    ),
});
export type WhiteboardScene = z.infer<typeof whiteboardSceneSchema>;

export const whiteboardQuerySchema = z.object({
  questionIndex: z.coerce
    .number({ error: 'questionIndex must be a question of this attempt' })
    .pipe(questionIndex),
});

export const whiteboardSaveSchema = z.object({
  questionIndex,
  /** The version the candidate's board was at before this change (0: never saved). */
  baseVersion: z
    .number({ error: 'baseVersion must be the version the board was loaded at' })
    .int('baseVersion must be the version the board was loaded at')
    .min(0, 'baseVersion must be the version the board was loaded at')
    .max(1_000_000_000, 'baseVersion must be the version the board was loaded at'),
  scene: whiteboardSceneSchema,
});
export type WhiteboardSave = z.infer<typeof whiteboardSaveSchema>;

export const whiteboardSchema = z.object({
  questionIndex: z.number().int(),
  /** False for a question of the attempt that is not a system-design one: it has no board. */
  designing: z.boolean(),
  version: z.number().int(),
  scene: whiteboardSceneSchema,
  updatedAt: z.string().nullable(),
});
export type Whiteboard = z.infer<typeof whiteboardSchema>;

export const whiteboardSavedSchema = z.object({
  questionIndex: z.number().int(),
  version: z.number().int(),
});
export type WhiteboardSaved = z.infer<typeof whiteboardSavedSchema>;

/**
 * What the server reads off a board (modules/whiteboard/graph.ts): its labelled components, the
 * arrows between them, and the text not attached to either. The interviewer probes with it and the
 * report scores from it; a model is given it as text.
 */
export interface BoardGraph {
  components: { id: string; label: string }[];
  /** Arrows whose two ends reach a component, by component id, with the arrow's own label. */
  edges: { from: string; to: string; label: string }[];
  /** Text on the board outside any component or arrow. */
  notes: string[];
}

export const EMPTY_BOARD_GRAPH: BoardGraph = { components: [], edges: [], notes: [] };

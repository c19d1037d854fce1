import { z } from 'zod';
import { COMPLETION_REASONS, type InterviewFlow } from '@candor/shared';

/**
 * The engine's state of one attempt, kept in interviews.engine_state so that any server process
 * (or the same one after a restart) continues the interview where it was.
 */
export const engineStateSchema = z.object({
  v: z.literal(1),
  /** Fixed flow: index of the question last asked; -1 before the first. */
  questionIndex: z.number().int().min(-1),
  completed: z.boolean(),
  completionReason: z.enum(COMPLETION_REASONS).nullable(),
  /**
   * The interview time counted (ms) when the interviewer completed the interview (the last
   * question's closing, a goodbye, time up): the attempt's duration stops there, whatever the
   * clock counts until End (issue 28). Absent before completion and in older states.
   */
  completedAfterMs: z.number().int().min(0).optional(),
  /**
   * On a coding question (engine/coding.ts): what the interviewer already asked about it
   * ("complexity", "failed-2", "nudge") and how many brief acknowledgements it gave. Cleared when
   * the next question is asked; absent in states from before coding questions.
   */
  probes: z.array(z.string().max(40)).max(20).optional(),
  acks: z.number().int().min(0).optional(),
  /** Follow-ups asked on the current fixed question (issue 15); cleared with probes. */
  followUps: z.number().int().min(0).max(5).optional(),
  /**
   * Fixed flow: every question was asked and the candidate was invited to ask their own (issue
   * 15); `candidateQuestions` counts those asked so far.
   */
  invited: z.boolean().optional(),
  candidateQuestions: z.number().int().min(0).max(10).optional(),
});
export type EngineState = z.infer<typeof engineStateSchema>;

export const INITIAL_STATE: EngineState = {
  v: 1,
  questionIndex: -1,
  completed: false,
  completionReason: null,
};

/** Reads the stored state; anything unreadable (an older or empty value) starts fresh. */
export function readEngineState(value: unknown): EngineState {
  const parsed = engineStateSchema.safeParse(value);
  return parsed.success ? parsed.data : { ...INITIAL_STATE };
}

/** The set's own type 'fixed' drives the fixed flow; everything else is topic-based. */
export function flowOf(type: string): InterviewFlow {
  return type === 'fixed' ? 'fixed' : 'topic-based';
}

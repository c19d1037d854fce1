import { designProbes } from '../../ai/builtin/design-probes';
import type { DesignTurnFacts } from '../../engine/design';
import { readEngineState } from '../../engine/state';
import type { InterviewRow, MessageRow, Tx } from '../interviews';
import { boardOf, readBoard } from '../whiteboard';

/**
 * What the interviewer knows of the system-design question being answered (engine/design.ts): the
 * board as last saved and everything the candidate said since the question, this answer included,
 * turned into the probes they call for. Undefined (and no query) on any other question.
 */
export async function designTurnFacts(
  tx: Tx,
  row: InterviewRow,
  messages: readonly MessageRow[],
  answer: string,
): Promise<DesignTurnFacts | undefined> {
  const state = readEngineState(row.engineState);
  const index = state.questionIndex;
  const question = row.questions[index];
  if (
    row.type !== 'fixed' ||
    state.completed ||
    state.invited ||
    question?.kind !== 'system-design' ||
    !question.systemDesign
  ) {
    return undefined;
  }
  const askedAt = messages.findIndex((m) => m.speaker === 'AI' && m.meta.questionIndex === index);
  const said = [
    ...messages
      .slice(askedAt + 1)
      .filter((m) => m.speaker === 'User')
      .map((m) => m.message),
    answer,
  ].join(' ');
  const graph = readBoard(await boardOf(tx, row.id, index));
  return {
    askedAt: askedAt >= 0 ? messages[askedAt]!.timestamp : null,
    timeLimitSeconds: question.timeLimit,
    probes: designProbes(question.systemDesign, graph, said),
  };
}

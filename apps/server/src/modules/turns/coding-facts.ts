import type { CodingTurnFacts } from '../../engine/coding';
import { readEngineState } from '../../engine/state';
import { submissionsOf } from '../coding';
import type { InterviewRow, MessageRow, Tx } from '../interviews';

/**
 * What the interviewer knows of the coding question being answered (engine/coding.ts): its
 * submissions and when it was asked. Undefined (and no query) on any other question, so a turn
 * outside a coding round costs nothing more.
 */
export async function codingTurnFacts(
  tx: Tx,
  row: InterviewRow,
  messages: readonly MessageRow[],
): Promise<CodingTurnFacts | undefined> {
  const state = readEngineState(row.engineState);
  const index = state.questionIndex;
  const question = row.questions[index];
  if (row.type !== 'fixed' || state.completed || !question?.coding) return undefined;
  const submissions = await submissionsOf(tx, row.id, index);
  const asked = messages.find((m) => m.speaker === 'AI' && m.meta.questionIndex === index);
  return {
    askedAt: asked?.timestamp ?? null,
    timeLimitSeconds: question.timeLimit,
    submissions: submissions.map((s) => ({
      passed: s.verdict === 'passed',
      passedCount: s.passed,
      total: s.tests.length,
      failedHiddenInputs: s.tests
        .filter((t) => t.hidden && t.verdict !== 'passed' && t.input !== undefined)
        .map((t) => t.input!),
    })),
  };
}

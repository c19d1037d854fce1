import { countWords } from '@candor/shared';
import { coverKeyPoints, coverageShare, pointsFor } from '../../ai/builtin/key-points';
import { nonAnswer } from '../../ai/builtin/non-answer';
import { tokens } from '../../ai/builtin/text';
import { heardTheQuestion, questionOf } from '../../engine/heard';
import type { FixedAnswerFacts } from '../../engine/turn';
import { readEngineState } from '../../engine/state';
import type { InterviewRow, MessageRow } from '../interviews';

/** Below this many words an answer is thin whatever it covers. */
const THIN_WORDS = 30;
/** Below this share of the key points covered, an answer left out what matters. */
const THIN_COVERAGE = 0.5;

/**
 * What the fixed flow needs to decide on a follow-up (issue 15): whether the answers to the
 * question being asked (this one included) are thin or vague (short, or missing most of the
 * expected answer's key points), and a word that names what they left out. Undefined where no
 * follow-up applies (not a fixed set, a warm-up or coding question, the set asks for none).
 */
export function fixedAnswerFacts(
  row: InterviewRow,
  messages: readonly MessageRow[],
  answer: string,
): FixedAnswerFacts | undefined {
  const state = readEngineState(row.engineState);
  const question = row.questions[state.questionIndex];
  if (
    row.type !== 'fixed' ||
    state.completed ||
    state.invited ||
    !question ||
    row.followUpDepth === 0
  ) {
    return undefined;
  }
  if (question.kind === 'warm-up' || question.kind === 'coding') return undefined;
  const askedAt = messages.findLastIndex(
    (m) => m.speaker === 'AI' && m.meta.questionIndex === state.questionIndex,
  );
  const said = [
    ...messages
      .slice(askedAt + 1)
      .filter((m) => m.speaker === 'User')
      .map((m) => m.message),
    answer,
  ].join(' ');
  const points = coverKeyPoints(pointsFor(question), said, question.questionText);
  const share = coverageShare(points);
  const thin = countWords(said) < THIN_WORDS || (share !== null && share < THIN_COVERAGE);
  const missed = points.find((p) => p.coverage === 'missed');
  return {
    thin,
    hint: missed ? hintOf(missed.point, `${question.questionText} ${said}`) : null,
    declined: nonAnswer(said) !== null,
  };
}

/**
 * The question the interviewer asked last, in its words without the small talk (a follow-up's
 * probe, or the set's question as it was put): what "could you repeat the question?" hears again.
 */
export function lastQuestion(messages: readonly MessageRow[]): string | undefined {
  const asked = messages.findLast(
    (m) =>
      m.speaker === 'AI' &&
      (m.meta.kind === 'question' || m.meta.kind === 'follow-up' || m.meta.kind === 'repeat'),
  );
  return asked ? questionOf(asked.message) : undefined;
}

const COMMON = new Set(
  'about after again also because before being between could does doing during every from have having into just more most other over same should some such than that their them then there these they this those through under very what when where which while with would your'.split(
    ' ',
  ),
);

/**
 * The word of a missed key point that says what it is about without giving the point away: its
 * longest word that neither the question nor the answers used ("Vacuuming reclaims dead tuples"
 * → "vacuuming").
 */
export function hintOf(point: string, said: string): string | null {
  const used = new Set(tokens(said));
  const words = tokens(point).filter((w) => w.length >= 4 && !COMMON.has(w) && !used.has(w));
  return words.sort((a, b) => b.length - a.length)[0] ?? null;
}

/**
 * Fixed flow: whether the candidate heard the question being asked, or cut its line off before
 * the question itself ("Thank you for that answer." and no more); true when nothing says otherwise.
 */
export function questionHeard(row: InterviewRow, messages: readonly MessageRow[]): boolean {
  const { questionIndex } = readEngineState(row.engineState);
  const asked = messages.findLast(
    (m) => m.speaker === 'AI' && m.meta.questionIndex === questionIndex,
  );
  return row.type !== 'fixed' || asked === undefined || heardTheQuestion(asked);
}

import type { AnswerMode } from '@candor/shared';
import { FAREWELL, WRAP_UP } from '../../ai/builtin/interviewer';
import type { QaPair, ReportInput } from '../../ai/report-input';
import type { InterviewRow, MessageRow } from '../interviews/repository';
import { MESSAGES, TOPIC_TIME_UP, fixedTimeUp } from '../../engine/messages';
import { flowOf, readEngineState } from '../../engine/state';

interface Group {
  question: string;
  questionIndex: number | null;
  answers: MessageRow[];
}

/** Lines the engine says by itself: never questions to score. */
function engineLines(row: InterviewRow): Set<string> {
  return new Set([
    MESSAGES.fixedClosing,
    MESSAGES.fixedFinished,
    MESSAGES.alreadyCompleted,
    MESSAGES.emptySet,
    MESSAGES.turnFailure,
    MESSAGES.emptyReply,
    MESSAGES.lateAnswerSaved,
    TOPIC_TIME_UP,
    fixedTimeUp(row.duration),
    FAREWELL,
  ]);
}

/** Groups the conversation into questions and the candidate's answers to each. */
function group(row: InterviewRow, messages: MessageRow[]): Group[] {
  const skip = engineLines(row);
  const groups: Group[] = [];
  let current: Group | null = null;
  // An answer taken in the grace period after the time-up message (meta.late) answers this one.
  let lastAsked: Group | null = null;
  for (const m of messages) {
    if (m.speaker === 'AI') {
      // An apology does not replace the question still waiting for an answer.
      if (m.meta.failed) continue;
      if (skip.has(m.message)) {
        current = null;
        continue;
      }
      current = { question: m.message, questionIndex: m.meta.questionIndex ?? null, answers: [] };
      lastAsked = current;
      groups.push(current);
    } else if (current) {
      current.answers.push(m);
    } else if (m.meta.late && lastAsked) {
      lastAsked.answers.push(m);
    }
  }
  return groups;
}

/** What the report knows of a fixed question beyond its text (nothing, in a topic-based interview). */
type FixedFacts = Pick<QaPair, 'expectedAnswer' | 'kind' | 'keyPoints'>;

function pairOf(
  question: string,
  facts: FixedFacts,
  index: number | null,
  answers: MessageRow[],
): QaPair {
  const confidences = answers
    .map((a) => a.meta.confidence)
    .filter((c): c is number => typeof c === 'number');
  const voiced = answers.filter((a) => a.meta.mode !== 'typed');
  const mode: AnswerMode | null =
    answers.length === 0 ? null : voiced.length > 0 ? 'voice' : 'typed';
  const starts = answers.map((a) => a.meta.startedAt).filter((n): n is number => n !== undefined);
  const ends = answers.map((a) => a.meta.endedAt).filter((n): n is number => n !== undefined);
  const segments = answers.flatMap((a) => a.meta.segments ?? []);
  return {
    question,
    answer: answers
      .map((a) => a.message.trim())
      .join(' ')
      .trim(),
    ...facts,
    questionIndex: index,
    confidence: confidences.length > 0 ? Math.min(...confidences) : null,
    mode,
    ...(starts.length > 0 ? { startedAt: Math.min(...starts) } : {}),
    ...(ends.length > 0 ? { endedAt: Math.max(...ends) } : {}),
    ...(segments.length > 0 ? { segments } : {}),
  };
}

/** The facts a report is made from: the attempt's snapshot and its stored conversation. */
export function buildReportInput(
  row: InterviewRow,
  messages: MessageRow[],
  now: Date,
): ReportInput {
  const flow = flowOf(row.type);
  const groups = group(row, messages);
  let pairs: QaPair[];
  if (flow === 'fixed') {
    pairs = row.questions.map((q, i) => {
      const asked = groups.filter((g) => g.questionIndex === i);
      const answers = asked.flatMap((g) => g.answers);
      // The expected answer and key points are the set's answer key: a report shows them only for
      // questions the candidate was asked (starting and ending at once must not reveal the set's).
      const facts =
        asked.length > 0
          ? { expectedAnswer: q.expectedAnswer, kind: q.kind, keyPoints: q.keyPoints }
          : { expectedAnswer: null, kind: q.kind, keyPoints: [] };
      return pairOf(q.questionText, facts, i, answers);
    });
  } else {
    pairs = groups
      .filter((g) => g.answers.length > 0 && !g.question.includes(WRAP_UP))
      .map((g) => pairOf(g.question, { expectedAnswer: null }, null, g.answers));
  }
  const start = row.startedAt ?? row.createdAt;
  const end = row.completedAt ?? now;
  const state = readEngineState(row.engineState);
  return {
    interview: {
      title: row.title,
      category: row.categoryName,
      difficulty: row.difficulty,
      flow,
      topics: row.topics,
      durationMinutes: row.duration,
      actualMinutes: Math.max(0, (end.getTime() - start.getTime()) / 60_000),
      endedEarly: state.completionReason === 'ended-early',
      plannedQuestions: flow === 'fixed' ? row.questions.length : null,
    },
    pairs,
    transcript: messages.map((m) => ({ speaker: m.speaker, message: m.message })),
  };
}

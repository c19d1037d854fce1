import type { AnswerMode, QuestionExchange } from '@candor/shared';
import type { CodingEvidence, QaPair, ReportInput } from '../../ai/report-input';
import { designEvidence, type StoredBoard } from './design-evidence';
import type { codeRuns, QuestionSnapshot } from '../../db/schema';
import { kindAsHeard, questionOf, spokenText } from '../../engine/heard';
import { asksToRepeat } from '../../engine/repeat';
import { flowOf, readEngineState } from '../../engine/state';
import { interviewTimeOf, type InterviewRow, type MessageRow } from '../interviews';
import { bankReferenceFor } from '../../ai/builtin/bank';
import { asksSomething } from '../../ai/builtin/candidate-questions';
import { untaggedKinds } from './untagged-kinds';

interface Group {
  question: string;
  questionIndex: number | null;
  answers: MessageRow[];
  /** The question, then each follow-up to it, with the answers given to each. */
  parts: { asked: string; followUp: boolean; answers: MessageRow[] }[];
}

function opened(question: string, questionIndex: number | null): Group {
  return {
    question,
    questionIndex,
    answers: [],
    parts: [{ asked: question, followUp: false, answers: [] }],
  };
}

function answered(g: Group, m: MessageRow) {
  g.answers.push(m);
  g.parts.at(-1)!.answers.push(m);
}

/**
 * Groups the conversation into questions and the candidate's answers to each, by what each
 * interviewer message is (meta.kind, written with it; untagged-kinds.ts for messages stored before
 * kinds existed), never by its words:
 * - `question` opens an exchange: the answers after it belong to it;
 * - `follow-up` probes the exchange open (its answers join that question's);
 * - `answer-to-candidate` and `apology` leave the exchange open (the candidate goes on answering);
 * - `intro`, `closing` and `time-up` close it: answers after them belong to no question, except
 *   one taken in the grace period after time-up (meta.late), which answers the last question;
 * - `repeat` (the question said again) leaves it open, and the candidate's request for it ("could
 *   you repeat the question?") is no answer at all (issue 27).
 * A line the candidate cut off counts for what they heard: its heard part is the question, a line
 * cut before its question was heard ("All right. Let's talk about JavaScript.") asked nothing and
 * leaves the exchange open (issue 27), and a line cut before any word is as if never said. A
 * question is labelled by the question itself, without the greeting or transition before it.
 */
function group(row: InterviewRow, messages: MessageRow[]): Group[] {
  const kinds = untaggedKinds(row, messages);
  const groups: Group[] = [];
  let current: Group | null = null;
  let lastAsked: Group | null = null;
  messages.forEach((m, i) => {
    if (m.speaker === 'User') {
      if (asksToRepeat(m.message)) return;
      if (current) answered(current, m);
      else if (m.meta.late && lastAsked) answered(lastAsked, m);
      return;
    }
    const said = spokenText(m).trim();
    if (said === '') return;
    const kind = kindAsHeard({ ...m, meta: { ...m.meta, kind: m.meta.kind ?? kinds[i]! } });
    if (kind === null || kind === undefined) return;
    const asked = questionOf(said);
    switch (kind) {
      case 'question':
        current = opened(asked, m.meta.questionIndex ?? null);
        lastAsked = current;
        groups.push(current);
        return;
      case 'follow-up':
        // A probe with no question before it (an odd model) is a question of its own.
        if (!current) {
          current = opened(asked, null);
          lastAsked = current;
          groups.push(current);
        } else current.parts.push({ asked, followUp: true, answers: [] });
        return;
      case 'answer-to-candidate':
      case 'apology':
      case 'repeat':
        return;
      case 'intro':
      case 'closing':
      case 'time-up':
      case 'invite-questions':
        current = null;
    }
  });
  return groups;
}

/**
 * The candidate's own questions (issue 15): what they said after the interviewer invited them
 * ("Do you have any questions for me?"), each with the interviewer's next line as its answer. A
 * "no, that's all" is kept too; the feedback tells a question from it.
 */
function askedByCandidate(row: InterviewRow, messages: MessageRow[]) {
  const kinds = untaggedKinds(row, messages);
  const kindAt = (i: number) => messages[i]!.meta.kind ?? kinds[i];
  const invitedAt = messages.findIndex(
    (m, i) => m.speaker === 'AI' && kindAt(i) === 'invite-questions',
  );
  if (invitedAt < 0) return undefined;
  const asked: { question: string; answer: string | null }[] = [];
  let open: { question: string; answer: string | null } | null = null;
  for (let i = invitedAt + 1; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.speaker === 'User') {
      // "Could you repeat that?" asks the interviewer nothing about the job.
      if (asksToRepeat(m.message)) continue;
      if (open && open.answer === null) open.question = `${open.question} ${m.message.trim()}`;
      else {
        open = { question: m.message.trim(), answer: null };
        asked.push(open);
      }
      continue;
    }
    const said = spokenText(m).trim();
    if (open && open.answer === null && said !== '') open.answer = said;
    if (kindAt(i) === 'time-up') break;
  }
  return { invited: true, asked: asked.filter((a) => asksSomething(a.question)) };
}

/** What the report knows of a fixed question beyond its text (nothing, in a topic-based interview). */
type FixedFacts = Pick<QaPair, 'expectedAnswer' | 'kind' | 'keyPoints'>;

function pairOf(
  question: string,
  facts: FixedFacts,
  index: number | null,
  answers: MessageRow[],
  parts: Group['parts'] = [],
): QaPair {
  // A corrected answer is what the candidate says they said: how unsure the recogniser was of the
  // words it heard no longer says anything about it (decision 024).
  const confidences = answers
    .filter((a) => !a.meta.corrected)
    .map((a) => a.meta.confidence)
    .filter((c): c is number => typeof c === 'number');
  const voiced = answers.filter((a) => a.meta.mode !== 'typed');
  const mode: AnswerMode | null =
    answers.length === 0 ? null : voiced.length > 0 ? 'voice' : 'typed';
  // Timed only when every part of the answer was: the words of an untimed part (typed, or sent
  // without timings) over the time of the others made a rate no person speaks at (issue 28).
  const timed = answers.every(
    (a) => a.meta.startedAt !== undefined && a.meta.endedAt !== undefined,
  );
  const starts = timed ? answers.map((a) => a.meta.startedAt!) : [];
  const ends = timed ? answers.map((a) => a.meta.endedAt!) : [];
  const segmented = timed && answers.every((a) => (a.meta.segments?.length ?? 0) > 0);
  const segments = segmented ? answers.flatMap((a) => a.meta.segments ?? []) : [];
  return {
    question,
    answer: joined(answers),
    ...facts,
    questionIndex: index,
    confidence: confidences.length > 0 ? Math.min(...confidences) : null,
    mode,
    ...(starts.length > 0 ? { startedAt: Math.min(...starts) } : {}),
    ...(ends.length > 0 ? { endedAt: Math.max(...ends) } : {}),
    ...(segments.length > 0 ? { segments } : {}),
    ...(answers.some((a) => a.meta.corrected) ? { corrected: true } : {}),
    ...(parts.some((p) => p.followUp) ? { exchanges: exchangesOf(parts) } : {}),
  };
}

const joined = (answers: MessageRow[]) =>
  answers
    .map((a) => a.message.trim())
    .join(' ')
    .trim();

/** A question asked with follow-ups, as the report shows it: each thing asked, with its answer. */
function exchangesOf(parts: Group['parts']): QuestionExchange[] {
  return parts.map((p) => ({ asked: p.asked, followUp: p.followUp, answer: joined(p.answers) }));
}

type CodeRunRow = typeof codeRuns.$inferSelect;

/** A coding question's runs and when it was first asked: what its report section rests on. */
function codingEvidence(
  q: QuestionSnapshot,
  index: number,
  messages: MessageRow[],
  runs: CodeRunRow[],
): CodingEvidence | undefined {
  if (!q.coding) return undefined;
  const asked = messages.find((m) => m.speaker === 'AI' && m.meta.questionIndex === index);
  return {
    expectedComplexity: q.coding.expectedComplexity,
    askedAt: asked ? asked.timestamp.getTime() : null,
    runs: runs
      .filter((r) => r.questionIndex === index)
      .map((r) => ({
        mode: r.mode,
        verdict: r.verdict,
        language: r.language,
        code: r.code,
        at: r.createdAt.getTime(),
        tests: r.tests.map((t) => ({ hidden: t.hidden, verdict: t.verdict })),
      })),
  };
}

/**
 * The facts a report is made from: the attempt's snapshot, its stored conversation and, in a
 * coding round, the server's runs of the candidate's code; in a system-design round, its boards.
 */
export function buildReportInput(
  row: InterviewRow,
  messages: MessageRow[],
  now: Date,
  runs: CodeRunRow[] = [],
  boards: readonly StoredBoard[] = [],
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
      const coding = codingEvidence(q, i, messages, runs);
      const pair = pairOf(
        q.questionText,
        facts,
        i,
        answers,
        asked.flatMap((g) => g.parts),
      );
      // A system-design question's section appears once it was asked (issue 29).
      const design = asked.length > 0 ? designEvidence(q, i, boards) : undefined;
      if (design) return { ...pair, design };
      // A coding question's section appears once it was asked or code was run for it.
      return coding && (asked.length > 0 || coding.runs.length > 0) ? { ...pair, coding } : pair;
    });
  } else {
    pairs = groups
      .filter((g) => g.answers.length > 0)
      .map((g) => {
        // A tailored interview knows what each of its drawn questions is (a résumé question is
        // a story, scored on the behavioural rubric).
        const drawn = row.tailored?.plan?.find((p) => g.question.includes(p.text));
        // A question of the builtin bank carries the bank's answer key, so it is read against a
        // reference as a catalogue question is (issue 28); any other question has none.
        const reference = bankReferenceFor(g.question);
        return pairOf(
          g.question,
          {
            expectedAnswer: reference?.expectedAnswer ?? null,
            ...(reference ? { keyPoints: [...reference.keyPoints] } : {}),
            ...(drawn ? { kind: drawn.kind } : {}),
          },
          null,
          g.answers,
          g.parts,
        );
      });
  }
  const candidateQuestions = askedByCandidate(row, messages);
  const state = readEngineState(row.engineState);
  return {
    interview: {
      title: row.title,
      category: row.categoryName,
      difficulty: row.difficulty,
      flow,
      topics: row.topics,
      durationMinutes: row.duration,
      // The interview time its clock counted, not the hours it sat between visits (decision 038),
      // nor what it counted after the interviewer completed it (issue 28): as History and the CSV.
      actualMinutes: interviewTimeOf(row, now) / 60_000,
      endedEarly: state.completionReason === 'ended-early',
      plannedQuestions: flow === 'fixed' ? row.questions.length : null,
    },
    pairs,
    ...(row.tailored
      ? {
          tailored: {
            role: row.tailored.requirements.role,
            required: row.tailored.requirements.required,
            plan: row.tailored.plan ?? [],
          },
        }
      : {}),
    ...(candidateQuestions ? { candidateQuestions } : {}),
    // As the candidate heard it: a line they cut off is what they heard of it.
    transcript: messages
      .map((m) => ({ speaker: m.speaker, message: m.speaker === 'AI' ? spokenText(m) : m.message }))
      .filter((m) => m.message.trim() !== ''),
  };
}

import { INTERVIEWER_NAME, type AiMessageKind, type QuestionKind } from '@candor/shared';
import { wrapUpMinutes } from '../../engine/completion';
import type { ChatMessage, InterviewContext } from '../provider';
import { levelOf, topicsFor, type BankTopic } from './bank';
import { hash, tokens } from './text';

/**
 * The builtin interviewer of topic-based interviews. It keeps no memory of its own: every reply
 * is derived from the conversation so far (which questions were asked, whether the last one was a
 * follow-up), so any server process can continue an interview after a restart.
 */

export const FOLLOW_UP = 'Can you give a concrete example?';
const WARM_UP_1 =
  'To warm up, could you tell me a little about yourself and what you are working on at the moment?';
const WARM_UP_2_OPENING = 'Still warming up:';
/** The second warm-up asks about the first topic, unless that topic is not a technology. */
const warmUp2 = (topic: BankTopic) =>
  topic.kind === 'behavioural'
    ? `${WARM_UP_2_OPENING} what kind of work gives you the most energy, and why?`
    : `${WARM_UP_2_OPENING} what drew you to ${topic.topic}, and what do you enjoy most about working with it?`;
export const WRAP_UP =
  "We're nearly out of time, so let's wrap up. To finish: what is one thing from today's topics you would like to get better at, and how would you go about it?";
export const FAREWELL =
  "Thank you, that's all from me. It was a pleasure talking with you. Click end interview button to submit your responses and get your report";

const ACKS = [
  'Thank you.',
  'Thanks, that is helpful.',
  'Got it, thank you.',
  'Okay, thank you for explaining.',
  'Thanks for walking me through that.',
];
const EXAMPLE_MARKER =
  /\b(for example|for instance|such as|e\.g\.|in my|at my|we (built|used|had)|i (built|used|implemented|wrote|designed|led|fixed))\b/i;

interface PlannedQuestion {
  topic: string;
  kind: QuestionKind;
  text: string;
}

/** Bank questions in asking order: the level's questions round-robin across topics, then nearby levels. */
export function questionPlan(topics: BankTopic[], difficulty: string): PlannedQuestion[] {
  const level = levelOf(difficulty);
  const order = {
    junior: ['junior', 'mid'],
    mid: ['mid', 'junior', 'senior'],
    senior: ['senior', 'mid', 'staff'],
    staff: ['staff', 'senior'],
  }[level] as (keyof BankTopic['questions'])[];
  const plan: PlannedQuestion[] = [];
  for (const lvl of order) {
    const longest = Math.max(...topics.map((t) => t.questions[lvl].length));
    for (let j = 0; j < longest; j++) {
      for (const t of topics) {
        const text = t.questions[lvl][j];
        if (text && !plan.some((p) => p.text === text))
          plan.push({ topic: t.topic, kind: t.kind, text });
      }
    }
  }
  return plan;
}

function warmUpCount(durationMinutes: number): number {
  return durationMinutes >= 30 ? 2 : 1;
}

/** The interviewer's next line, given the conversation (system prompt excluded or not). */
export function builtinInterviewerReply(
  context: InterviewContext,
  messages: ChatMessage[],
): string {
  return builtinInterviewerTurn(context, messages).text;
}

/**
 * The next line and what it is (meta.kind): this interviewer knows whether it asks a question,
 * probes the last answer, wraps up or says goodbye, so the engine's guess is not needed.
 */
export function builtinInterviewerTurn(
  context: InterviewContext,
  messages: ChatMessage[],
): { text: string; kind: AiMessageKind } {
  const topics = topicsFor(context.topics, context.category);
  const said = messages.filter((m) => m.role === 'assistant').map((m) => m.content);
  const lastAssistant = said.at(-1);
  const firstTopic = topics[0]!;
  if (said.length === 0) {
    const about = topics.map((t) => t.topic).join(', ');
    return {
      text: `Hello! I'm ${INTERVIEWER_NAME}, and I'll be your interviewer today for ${context.title}. We'll talk about ${about} for about ${context.durationMinutes} minutes. ${WARM_UP_1}`,
      // The greeting ends with the first warm-up question.
      kind: 'question',
    };
  }
  const lastUserIndex = messages.map((m) => m.role).lastIndexOf('user');
  const answer = lastUserIndex >= 0 ? messages[lastUserIndex]!.content : '';
  const ack = ACKS[hash(answer) % ACKS.length]!;
  const asked = (text: string) => said.some((s) => s.includes(text));
  if (asked(WRAP_UP)) return { text: FAREWELL, kind: 'closing' };
  const remaining = context.durationMinutes - context.elapsedMinutes;
  const wrapUp = { text: `${ack} ${WRAP_UP}`, kind: 'closing' as const };
  if (remaining <= wrapUpMinutes(context.durationMinutes)) return wrapUp;
  const plan = questionPlan(topics, context.difficulty);
  const lastWasBankQuestion =
    lastAssistant !== undefined && plan.some((p) => lastAssistant.includes(p.text));
  const words = tokens(answer).length;
  if (lastWasBankQuestion && words < 30 && !EXAMPLE_MARKER.test(answer)) {
    return { text: `${ack} ${FOLLOW_UP}`, kind: 'follow-up' };
  }
  if (warmUpCount(context.durationMinutes) > 1 && !asked(warmUp2(firstTopic))) {
    return { text: `${ack} ${warmUp2(firstTopic)}`, kind: 'question' };
  }
  const next = plan.find((p) => !asked(p.text));
  if (!next) return wrapUp;
  const previousTopic = plan.find((p) => lastAssistant?.includes(p.text))?.topic;
  const lead = previousTopic === next.topic ? 'Next question.' : `Let's talk about ${next.topic}.`;
  return { text: `${ack} ${lead} ${next.text}`, kind: 'question' };
}

/**
 * What kind of question the builtin interviewer asked in `text` (one of its own lines), or null
 * when the line is none of its questions (a follow-up, or another interviewer's words). The set's
 * topics give the bank entries it asked from.
 */
export function builtinQuestionKind(
  text: string,
  setTopics: readonly string[],
  category: string,
): QuestionKind | null {
  if (text.includes(WARM_UP_1) || text.includes(WARM_UP_2_OPENING)) return 'warm-up';
  for (const topic of topicsFor(setTopics, category)) {
    for (const list of Object.values(topic.questions)) {
      if (list.some((q) => text.includes(q))) return topic.kind;
    }
  }
  return null;
}

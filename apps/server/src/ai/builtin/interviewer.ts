import {
  DEMANDING_RAMBLE_SECONDS,
  INTERVIEWER_NAME,
  type AiMessageKind,
  type InterviewerStyle,
  type QuestionKind,
} from '@candor/shared';
import { wrapUpMinutes } from '../../engine/completion';
import type { ChatMessage, InterviewContext } from '../provider';
import { findBankTopic, levelOf, topicsFor, type BankTopic } from './bank';
import {
  INVITATION,
  asksSomething,
  candidateQuestionsTurn,
  descriptionSentences,
} from './candidate-questions';
import { hash, normalise, tokens } from './text';

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
/** The wrap-up: it invites the candidate's own questions (issue 15). */
export const WRAP_UP = INVITATION;
export const FAREWELL =
  "Thank you, that's all from me. It was a pleasure talking with you. Click end interview button to submit your responses and get your report";
/** A demanding interviewer's words after an answer that ran past two minutes. */
export const STOP_THERE = 'Let me stop you there.';
/** The second kind of probe: about what a thin answer left out of the topic. */
export const PROBE_LEAD = "Let's go a little deeper:";
const RESUME_PROBE = 'What was your own part in it, specifically, and what was the result?';
const RESUME_MARKER = 'on your résumé: what was your part';

const ACKS: Record<InterviewerStyle, string[]> = {
  friendly: [
    'Thank you.',
    'Thanks, that is helpful.',
    'Got it, thank you.',
    'Okay, thank you for explaining.',
    'Thanks for walking me through that.',
  ],
  neutral: ['Okay.', 'Noted.', 'Understood.', 'All right.'],
  demanding: ['Right.', 'Okay.'],
};
const EXAMPLE_MARKER =
  /\b(for example|for instance|such as|e\.g\.|in my|at my|we (built|used|had)|i (built|used|implemented|wrote|designed|led|fixed))\b/i;

interface PlannedQuestion {
  topic: string;
  kind: QuestionKind;
  text: string;
  source?: 'bank' | 'resume';
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

function warmUpCount(context: InterviewContext): number {
  return context.durationMinutes >= 30 && !context.tailored ? 2 : 1;
}

/** Follow-ups allowed per question: the set's or the tailored interview's, one more when demanding. */
export function followUpsAllowed(context: InterviewContext): number {
  const depth = context.followUpDepth ?? 1;
  return context.style === 'demanding' && depth > 0 ? Math.min(2, depth + 1) : depth;
}

/** A thin or vague answer: short, and without an example of the candidate's own. */
export function isThin(answer: string): boolean {
  return tokens(answer).length < 30 && !EXAMPLE_MARKER.test(answer);
}

const isProbe = (line: string) =>
  line.includes(FOLLOW_UP) || line.includes(PROBE_LEAD) || line.includes(RESUME_PROBE);

/**
 * A probe about what the answers so far left out: a term of the topic's vocabulary they never
 * used, the one closest to the question first.
 */
function probeLeftOut(question: PlannedQuestion, answers: string): string | null {
  const topic = findBankTopic(question.topic);
  if (!topic) return null;
  const said = ` ${normalise(answers)} `;
  const asked = new Set(tokens(question.text));
  const missing = topic.vocabulary.filter((term) => !said.includes(` ${normalise(term)}`));
  const closest =
    missing.find((term) => tokens(term).some((w) => asked.has(w))) ?? missing[0] ?? null;
  return closest ? `${PROBE_LEAD} where does ${closest} come into it?` : null;
}

/** What the interviewer may quote when the candidate asks: the advert's sentences, or the set's. */
function aboutTheInterview(context: InterviewContext) {
  if (context.tailored) {
    return {
      role: context.tailored.role,
      jobSentences: context.tailored.jobSentences,
      source: 'job description' as const,
    };
  }
  return {
    role: null,
    jobSentences: descriptionSentences(context.description),
    source: 'interview description' as const,
  };
}

function planOf(context: InterviewContext, topics: BankTopic[]): PlannedQuestion[] {
  const tailored = context.tailored?.plan ?? [];
  if (tailored.length > 0) return tailored;
  return questionPlan(topics, context.difficulty);
}

function greeting(context: InterviewContext, topics: BankTopic[], plan: PlannedQuestion[]) {
  const intro = `Hello! I'm ${INTERVIEWER_NAME}, and I'll be your interviewer today for`;
  if (context.tailored) {
    const about = [
      ...new Set(plan.map((p) => (p.source === 'resume' ? 'your experience' : p.topic))),
    ];
    return `${intro} the ${context.tailored.role} role. We'll talk about ${about.join(', ')} for about ${context.durationMinutes} minutes. ${WARM_UP_1}`;
  }
  const about = topics.map((t) => t.topic).join(', ');
  return `${intro} ${context.title}. We'll talk about ${about} for about ${context.durationMinutes} minutes. ${WARM_UP_1}`;
}

/** Said before a question asked again. */
export const REPEAT_LEAD = 'Of course.';

/**
 * The candidate asks for the question again ("could you repeat the question?", "sorry, say that
 * again?", "I didn't catch that"): a short request, not an answer that mentions repeating.
 */
const REPEAT_REQUEST =
  /\b(?:(?:could|can|would|will) you (?:please )?(?:repeat|rephrase|say (?:that|it) again)|repeat (?:the|that|your) question|say (?:that|it|the question) again|come again|pardon|what was the question|(?:didn'?t|did not) (?:catch|hear|get|understand) (?:that|it|you|the question))\b/i;
export function asksToRepeat(said: string): boolean {
  return tokens(said).length <= 20 && REPEAT_REQUEST.test(said);
}

/** The question in one of this interviewer's lines: the bank's words, else its last question. */
function questionIn(line: string, plan: PlannedQuestion[], firstTopic: BankTopic): string {
  const planned = plan.find((p) => line.includes(p.text));
  if (planned) return planned.text;
  if (line.includes(WARM_UP_1)) return WARM_UP_1;
  if (line.includes(warmUp2(firstTopic))) return warmUp2(firstTopic);
  const questions = line.split(/(?<=[.!?])\s+/).filter((s) => s.trim().endsWith('?'));
  return questions.at(-1) ?? line;
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
  const plan = planOf(context, topics);
  const said = messages.filter((m) => m.role === 'assistant').map((m) => m.content);
  const lastAssistant = said.at(-1);
  const firstTopic = topics[0]!;
  if (said.length === 0) return { text: greeting(context, topics, plan), kind: 'question' };
  const lastUserIndex = messages.map((m) => m.role).lastIndexOf('user');
  const answer = lastUserIndex >= 0 ? messages[lastUserIndex]!.content : '';
  const style = context.style ?? 'friendly';
  const acks = ACKS[style];
  const cutOff =
    style === 'demanding' && (context.lastAnswerSeconds ?? 0) >= DEMANDING_RAMBLE_SECONDS - 1;
  const ack = cutOff ? STOP_THERE : acks[hash(answer) % acks.length]!;
  const asked = (text: string) => said.some((s) => s.includes(text));
  if (asked(FAREWELL)) return { text: FAREWELL, kind: 'closing' };
  if (asksToRepeat(answer) && lastAssistant) {
    // Not a new exchange: the answer that follows still answers the question repeated.
    const again = questionIn(lastAssistant, plan, firstTopic);
    return { text: `${REPEAT_LEAD} ${again}`, kind: 'answer-to-candidate' };
  }
  if (asked(WRAP_UP)) {
    // Everything the candidate said since the invitation: their questions, or "no, that's all".
    const firstAfter = messages.findIndex(
      (m) => m.role === 'assistant' && m.content.includes(WRAP_UP),
    );
    const since = messages
      .slice(firstAfter + 1)
      .filter((m) => m.role === 'user')
      .map((m) => m.content);
    return candidateQuestionsTurn(
      since.at(-1) ?? '',
      since.slice(0, -1).filter(asksSomething).length,
      aboutTheInterview(context),
      FAREWELL,
    );
  }
  const remaining = context.durationMinutes - context.elapsedMinutes;
  const wrapUp = { text: `${ack} ${WRAP_UP}`, kind: 'invite-questions' as const };
  if (remaining <= wrapUpMinutes(context.durationMinutes)) return wrapUp;
  const lastAsked = said.findLastIndex((s) => plan.some((p) => s.includes(p.text)));
  const probing = lastAsked >= 0 && said.slice(lastAsked + 1).every(isProbe);
  if (probing && !cutOff && isThin(answer)) {
    const probes = said.length - 1 - lastAsked;
    const question = plan.find((p) => said[lastAsked]!.includes(p.text))!;
    if (probes < followUpsAllowed(context)) {
      const answers = messages
        .slice(messages.findIndex((m) => m.role === 'assistant' && m.content === said[lastAsked]))
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .join(' ');
      const probe =
        question.source === 'resume'
          ? asked(RESUME_PROBE) && probes > 0
            ? probeLeftOut(question, answers)
            : RESUME_PROBE
          : probes === 0 && !EXAMPLE_MARKER.test(answers)
            ? FOLLOW_UP
            : probeLeftOut(question, answers);
      if (probe && !said.slice(lastAsked + 1).some((s) => s.includes(probe))) {
        return { text: `${ack} ${probe}`, kind: 'follow-up' };
      }
    }
  }
  if (warmUpCount(context) > 1 && !asked(warmUp2(firstTopic))) {
    return { text: `${ack} ${warmUp2(firstTopic)}`, kind: 'question' };
  }
  const next = plan.find((p) => !asked(p.text));
  if (!next) return wrapUp;
  const previousTopic = plan.find((p) => lastAssistant?.includes(p.text))?.topic;
  const lead =
    next.source === 'resume'
      ? 'Now, about your résumé.'
      : previousTopic === next.topic
        ? 'Next question.'
        : `Let's talk about ${next.topic}.`;
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
  if (text.includes(RESUME_MARKER)) return 'behavioural';
  for (const topic of topicsFor(setTopics, category)) {
    for (const list of Object.values(topic.questions)) {
      if (list.some((q) => text.includes(q))) return topic.kind;
    }
  }
  return null;
}

import {
  CANDIDATE_QUESTIONS,
  DEMANDING_RAMBLE_SECONDS,
  followUpsPerQuestion,
  splitSentences,
  type AiMessageKind,
  type QuestionKind,
} from '@candor/shared';
import { wrapUpMinutes } from '../../engine/completion';
import { asksAnything, questionOf } from '../../engine/heard';
import { REPEAT_LEAD, asksToRepeat } from '../../engine/repeat';
import type { ChatMessage, InterviewContext } from '../provider';
import { findBankTopic, topicsFor, type BankTopic } from './bank';
import {
  INVITATION,
  asksSomething,
  candidateQuestionsTurn,
  descriptionSentences,
} from './candidate-questions';
import {
  QUESTIONS_DONE,
  WARM_UP_1,
  WARM_UP_2_TAILS,
  acknowledgement,
  greeting,
  transition,
  warmUp2,
} from './lines';
import { nonAnswer } from './non-answer';
import { nextDeeper, planOf, type PlannedQuestion } from './plan';
import { normalise, tokens } from './text';

/**
 * The builtin interviewer of topic-based and tailored interviews. It keeps no memory of its own:
 * every reply is derived from the conversation as the candidate heard it (which questions were
 * asked, whether the last one was a follow-up), so any server process can continue an interview
 * after a restart. It asks in the plan's order until the wrap-up minutes begin (plan.ts), probes a
 * thin answer as the style promises, says the question again when asked, then invites the
 * candidate's questions and says goodbye.
 */

export const FOLLOW_UP = 'Can you give a concrete example?';
/** The wrap-up when the time really runs out: it invites the candidate's questions (issue 15). */
export const WRAP_UP = INVITATION;
export const FAREWELL =
  "Thank you, that's all from me. It was a pleasure talking with you. Click end interview button to submit your responses and get your report";
/** A demanding interviewer's words after an answer that ran past two minutes. */
export const STOP_THERE = 'Let me stop you there.';
/** The second kind of probe: about what a thin answer left out of the topic. */
export const PROBE_LEAD = "Let's go a little deeper:";
/** The probe after "I don't know": a smaller piece of the question, not "let's move on". */
export const SMALLER_PIECE = "Let's take a smaller piece of it:";
const PARTIAL = 'Even a partial answer helps: how would you start working it out?';
const RESUME_PROBE = 'What was your own part in it, specifically, and what was the result?';
const RESUME_MARKER = 'on your résumé: what was your part';

const EXAMPLE_MARKER =
  /\b(for example|for instance|such as|e\.g\.|in my|at my|we (built|used|had)|i (built|used|implemented|wrote|designed|led|fixed))\b/i;

function warmUpCount(context: InterviewContext): number {
  return context.durationMinutes >= 30 && !context.tailored ? 2 : 1;
}

/** Follow-ups allowed per question: the set's or the tailored interview's, one more when demanding. */
export function followUpsAllowed(context: InterviewContext): number {
  return followUpsPerQuestion(context.followUpDepth, context.style);
}

/** A thin or vague answer: short, and without an example of the candidate's own. */
export function isThin(answer: string): boolean {
  return tokens(answer).length < 30 && !EXAMPLE_MARKER.test(answer);
}

const isRepeat = (line: string) => line.startsWith(REPEAT_LEAD);
const isProbe = (line: string) =>
  [FOLLOW_UP, PROBE_LEAD, RESUME_PROBE, SMALLER_PIECE, PARTIAL].some((p) => line.includes(p));
/** Both invitations: "we're nearly out of time…" and "that's all the questions I have…". */
const invites = (line: string) => line.includes(CANDIDATE_QUESTIONS.invitation);

/**
 * A term of the topic's vocabulary the answers so far never used, the one closest to the question
 * first: what a probe asks about.
 */
function leftOut(
  question: PlannedQuestion,
  topics: readonly BankTopic[],
  answers: string,
): string | null {
  const topic = topics.find((t) => t.topic === question.topic) ?? findBankTopic(question.topic);
  if (!topic) return null;
  const said = ` ${normalise(answers)} `;
  const asked = new Set(tokens(question.text));
  // The topic's own name is no probe ("what do you know about Apache?").
  const name = new Set(tokens(topic.topic));
  const missing = topic.vocabulary.filter(
    (term) => !said.includes(` ${normalise(term)}`) && !name.has(normalise(term)),
  );
  return missing.find((term) => tokens(term).some((w) => asked.has(w))) ?? missing[0] ?? null;
}

/** The probe of a thin answer, or null when there is nothing left to ask about it. */
function probeFor(
  question: PlannedQuestion,
  topics: readonly BankTopic[],
  answers: string,
  probes: number,
  declined: boolean,
  probedAlready: (text: string) => boolean,
): string | null {
  const term = leftOut(question, topics, answers);
  if (declined) {
    const easier = [term ? `${SMALLER_PIECE} what do you know about ${term}?` : null, PARTIAL];
    return easier.find((e) => e !== null && !probedAlready(e)) ?? null;
  }
  if (question.source === 'resume') {
    if (!probedAlready(RESUME_PROBE)) return RESUME_PROBE;
    return term ? `${PROBE_LEAD} where does ${term} come into it?` : null;
  }
  if (probes === 0 && !EXAMPLE_MARKER.test(answers)) return FOLLOW_UP;
  return term ? `${PROBE_LEAD} where does ${term} come into it?` : null;
}

/** What the interviewer may quote when the candidate asks: the advert's sentences, or the set's. */
function quotable(context: InterviewContext) {
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

/**
 * The question the interviewer's last line asked, for "could you repeat the question?": the whole
 * planned question when the candidate cut it off, null when the line asked nothing they heard.
 */
function repeatable(line: string, plan: readonly PlannedQuestion[]): string | null {
  const question = questionOf(line);
  if (!plan.some((p) => line.includes(p.text)) && normalise(question) !== '') {
    const cut = plan.find((p) => normalise(p.text).startsWith(normalise(question)));
    if (cut) return cut.text;
  }
  return asksAnything(line) ? question : null;
}

/**
 * Every ending of the interviewer's lines that starts at a sentence: each question it asked is
 * one ("Thanks. Let's talk about SQL. What is…?"). Looked up rather than searched for: a reply
 * late in a long interview checks hundreds of questions against hundreds of lines.
 */
function sentenceEndings(said: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const line of said) {
    let at = 0;
    for (const chunk of splitSentences(line)) {
      out.add(line.slice(at).trim());
      at += chunk.length;
    }
  }
  return out;
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
 * probes the last answer, repeats, wraps up or says goodbye, so the engine's guess is not needed.
 */
export function builtinInterviewerTurn(
  context: InterviewContext,
  messages: ChatMessage[],
): { text: string; kind: AiMessageKind } {
  const topics = topicsFor(context.topics, context.category);
  const plan = planOf(context, topics);
  const said = messages.filter((m) => m.role === 'assistant').map((m) => m.content);
  if (said.length === 0) return { text: greeting(context, topics, plan), kind: 'question' };
  const endings = sentenceEndings(said);
  const asked = (text: string) => endings.has(text);
  if (asked(FAREWELL)) return { text: FAREWELL, kind: 'closing' };
  const userLines = messages.filter((m) => m.role === 'user').map((m) => m.content);
  const answer = userLines.at(-1) ?? '';
  const lastLine = said.at(-1)!;
  const again = asksToRepeat(answer) ? repeatable(lastLine, plan) : null;
  if (again) return { text: `${REPEAT_LEAD} ${again}`, kind: 'repeat' };

  const invitedAt = messages.findIndex((m) => m.role === 'assistant' && invites(m.content));
  if (invitedAt >= 0) {
    // Everything the candidate said since the invitation: their questions, or "no, that's all".
    const since = messages
      .slice(invitedAt + 1)
      .filter((m) => m.role === 'user' && !asksToRepeat(m.content))
      .map((m) => m.content);
    return candidateQuestionsTurn(
      since.at(-1) ?? '',
      since.slice(0, -1).filter(asksSomething).length,
      quotable(context),
      FAREWELL,
    );
  }

  const style = context.style ?? 'friendly';
  const cutOff =
    style === 'demanding' && (context.lastAnswerSeconds ?? 0) >= DEMANDING_RAMBLE_SECONDS - 1;
  const declined = nonAnswer(answer) !== null;
  // A request to repeat a line that asked nothing heard: the question comes now, with no thanks.
  const ack = asksToRepeat(answer)
    ? REPEAT_LEAD
    : cutOff
      ? STOP_THERE
      : acknowledgement(style, answer, said, declined);
  const remaining = context.durationMinutes - context.elapsedMinutes;
  // "Nearly out of time" only when it is true: the wrap-up minutes have begun.
  if (remaining <= wrapUpMinutes(context.durationMinutes)) {
    return { text: `${ack} ${WRAP_UP}`, kind: 'invite-questions' };
  }

  const lastAsked = said.findLastIndex((s) => plan.some((p) => s.includes(p.text)));
  const after = said.slice(lastAsked + 1);
  const probing = lastAsked >= 0 && after.every((s) => isProbe(s) || isRepeat(s));
  if (probing && !cutOff && !asksToRepeat(answer) && isThin(answer)) {
    const probes = after.filter((s) => !isRepeat(s)).length;
    if (probes < followUpsAllowed(context)) {
      const question = plan.find((p) => said[lastAsked]!.includes(p.text))!;
      const from = messages.findIndex(
        (m) => m.role === 'assistant' && m.content === said[lastAsked],
      );
      const answers = messages
        .slice(from)
        .filter((m) => m.role === 'user' && !asksToRepeat(m.content))
        .map((m) => m.content)
        .join(' ');
      const probe = probeFor(question, topics, answers, probes, declined, (t) =>
        after.some((s) => s.includes(t)),
      );
      if (probe && !after.some((s) => s.includes(probe))) {
        return { text: `${ack} ${probe}`, kind: 'follow-up' };
      }
    }
  }

  const firstTopic = topics[0]!;
  if (warmUpCount(context) > 1 && !asked(warmUp2(firstTopic))) {
    return { text: `${ack} ${warmUp2(firstTopic)}`, kind: 'question' };
  }
  const next = plan.find((p) => !asked(p.text));
  if (next) {
    const askedBefore = plan.filter((p) => asked(p.text));
    const previous = plan.find((p) => lastLine.includes(p.text));
    const lead = transition(next, previous, askedBefore, lastLine);
    return { text: `${ack} ${lead} ${next.text}`, kind: 'question' };
  }
  // The plan and the bank are asked, with time left: deeper into what the answers left out.
  const deeper = nextDeeper(topics, asked, userLines.join(' '));
  if (deeper) return { text: `${ack} ${deeper.text}`, kind: 'question' };
  // Nothing more to ask: said honestly, not as "we're nearly out of time".
  return { text: `${ack} ${QUESTIONS_DONE}`, kind: 'invite-questions' };
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
  // The second warm-up by its ending too: a report labels it without its "Still warming up:".
  if (text.includes(WARM_UP_1) || WARM_UP_2_TAILS.some((t) => text.includes(t))) return 'warm-up';
  if (text.includes(RESUME_MARKER)) return 'behavioural';
  for (const topic of topicsFor(setTopics, category)) {
    for (const list of Object.values(topic.questions)) {
      if (list.some((q) => text.includes(q))) return topic.kind;
    }
  }
  return null;
}

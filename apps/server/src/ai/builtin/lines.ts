import { CANDIDATE_QUESTIONS, INTERVIEWER_NAME, type InterviewerStyle } from '@candor/shared';
import type { InterviewContext } from '../provider';
import type { BankTopic } from './bank';
import type { PlannedQuestion } from './plan';
import { hash } from './text';

/**
 * The builtin interviewer's small talk: greeting, acknowledgements and transitions. They vary as
 * a person's would (issue 27: every question opened with the same "Got it, thank you. Let's talk
 * about Databases."), yet deterministically: the same conversation always gets the same words, so
 * any server process continues an interview the same way.
 */

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

/** After "I don't know": no thanks for an answer that was not given. */
const DECLINED_ACKS: Record<InterviewerStyle, string[]> = {
  friendly: ["That's all right.", 'No problem.', "That's fine."],
  neutral: ['Okay.', 'Noted.'],
  demanding: ['Okay.', 'Right.'],
};

/** Picks from `options` by `seed`, never the option the interviewer's last line began with. */
function pick(options: readonly string[], seed: number, previous: string | undefined): string {
  for (let i = 0; i < options.length; i++) {
    const option = options[(seed + i) % options.length]!;
    if (options.length === 1 || !previous?.startsWith(option)) return option;
  }
  return options[0]!;
}

/**
 * The acknowledgement of an answer: by style, varied by the answer and how far the interview is,
 * and never the one the interviewer used last.
 */
export function acknowledgement(
  style: InterviewerStyle,
  answer: string,
  said: readonly string[],
  declined: boolean,
): string {
  const options = (declined ? DECLINED_ACKS : ACKS)[style];
  return pick(options, hash(answer) + said.length, said.at(-1));
}

const joinNames = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * How the interviewer moves to the next question: a topic's first question introduces it by its
 * name (the administrator's), the first of all as "Let's talk about…"; a return to a topic, or the
 * same topic again, says so. Varied by how many questions were asked, and never the same words as
 * the last transition.
 */
export function transition(
  next: PlannedQuestion,
  previous: PlannedQuestion | undefined,
  askedBefore: readonly PlannedQuestion[],
  lastLine: string | undefined,
): string {
  if (next.source === 'resume') return 'Now, about your résumé.';
  const t = next.about ?? next.topic;
  const options =
    askedBefore.length === 0
      ? [`Let's talk about ${t}.`]
      : previous?.topic === next.topic
        ? ['Next question.', `One more on ${t}.`, 'Here is another one.']
        : askedBefore.some((q) => q.topic === next.topic)
          ? [`Back to ${t}.`, `Let's return to ${t}.`, `Another one on ${t}.`]
          : [`Let's talk about ${t}.`, `Let's turn to ${t}.`, `Moving on to ${t}.`, `Now, ${t}.`];
  const seed = askedBefore.length;
  for (let i = 0; i < options.length; i++) {
    const option = options[(seed + i) % options.length]!;
    if (!lastLine?.includes(option)) return option;
  }
  return options[0]!;
}

export const WARM_UP_1 =
  'To warm up, could you tell me a little about yourself and what you are working on at the moment?';
const WARM_UP_2_OPENING = 'Still warming up:';
/** How the second warm-up ends, with or without its opening. */
export const WARM_UP_2_TAILS = [
  'what kind of work gives you the most energy, and why?',
  'and what do you enjoy most about working with it?',
] as const;
/** The second warm-up asks about the first topic, unless that topic is not a technology. */
export const warmUp2 = (topic: BankTopic) =>
  topic.kind === 'behavioural'
    ? `${WARM_UP_2_OPENING} ${WARM_UP_2_TAILS[0]}`
    : `${WARM_UP_2_OPENING} what drew you to ${topic.topic}, ${WARM_UP_2_TAILS[1]}`;

/** What the greeting says the interview is about: the set's topics by their names. */
function aboutTheInterview(
  context: InterviewContext,
  topics: readonly BankTopic[],
  plan: readonly PlannedQuestion[],
) {
  if (!context.tailored) return joinNames(topics.map((t) => t.topic));
  const skills = [
    ...new Set(plan.filter((p) => p.source !== 'resume').map((p) => p.about ?? p.topic)),
  ];
  const resume = plan.some((p) => p.source === 'resume') ? ['your experience'] : [];
  // A long list is not read out: the first skills, and the rest said in a word.
  const named =
    skills.length > 4 ? [...skills.slice(0, 3), 'the other skills it asks for'] : skills;
  return joinNames([...named, ...resume]);
}

export function greeting(
  context: InterviewContext,
  topics: readonly BankTopic[],
  plan: readonly PlannedQuestion[],
) {
  const intro = `Hello! I'm ${INTERVIEWER_NAME}, and I'll be your interviewer today for`;
  const what = context.tailored ? `the ${context.tailored.role} role` : context.title;
  return `${intro} ${what}. We'll talk about ${aboutTheInterview(context, topics, plan)} for about ${context.durationMinutes} minutes. ${WARM_UP_1}`;
}

/** When the questions ran out before the wrap-up minutes: said as it is, not "out of time". */
export const QUESTIONS_DONE = `That's all the questions I have for you today, a little ahead of time. ${CANDIDATE_QUESTIONS.invitation}`;

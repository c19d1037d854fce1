import {
  CANDIDATE_QUESTIONS,
  DEMANDING_RAMBLE_SECONDS,
  INTERVIEWER_NAME,
  followUpsPerQuestion,
  type InterviewerStyle,
} from '@candor/shared';
import { wrapUpMinutes } from '../engine/completion';
import type { ChatMessage, InterviewContext } from './provider';

const STYLE: Record<InterviewerStyle, { adjective: string; rule: string }> = {
  friendly: {
    adjective: 'friendly, professional',
    rule: '- Be warm: acknowledge each answer in one encouraging sentence.',
  },
  neutral: {
    adjective: 'neutral, professional',
    rule: '- Be neutral: acknowledge answers in a few words ("Okay.", "Noted."), no praise, no small talk.',
  },
  demanding: {
    adjective: 'demanding, rigorous',
    rule: '- Be demanding: the shortest acknowledgements, press for specifics and trade-offs, and do not accept vague answers.',
  },
};

function followUpRule(c: InterviewContext): string {
  const n = followUpsPerQuestion(c.followUpDepth, c.style);
  if (n === 0) return '- Do not ask follow-up questions: one question, one answer, then move on.';
  return `- If an answer is thin or vague, ask ${n === 1 ? 'one follow-up' : `up to ${n} follow-ups`} about what it left out (a concrete example, a missed part of the topic) before moving on; never more. When the candidate says they do not know, that counts as thin: ask an easier, smaller part of the question rather than moving on.`;
}

/** Issue 27: the interview uses its time, and "out of time" is said only when true. */
function pacingRules(c: InterviewContext): string[] {
  const wrapUp = Math.round(wrapUpMinutes(c.durationMinutes) * 10) / 10;
  return [
    `- Use the whole time: keep asking questions until only ${wrapUp} minute(s) remain. Never say that time is running out, and never wrap up, before then. When you have asked about every topic and time remains, go on: further questions on the same topics, or deeper into what the candidate's answers left out.`,
    '- If the candidate asks you to repeat the question, say the same question again, word for word, and nothing else; what they said is not an answer.',
  ];
}

/** What a tailored interview's interviewer knows of the job and the résumé (issue 15). */
function tailoredLines(c: InterviewContext): string[] {
  const t = c.tailored;
  if (!t) return [];
  return [
    `This interview practises for a specific job: ${t.role}. Required skills: ${t.required.join(', ') || 'none listed'}.${t.niceToHave.length > 0 ? ` Nice to have: ${t.niceToHave.join(', ')}.` : ''}`,
    t.plan.length > 0
      ? `Ask these questions, in this order, in your own words (after one warm-up question): ${t.plan.map((p, i) => `${i + 1}. ${p.text}`).join(' ')} If time remains after the last, go on with further questions on the same skills.`
      : '',
    t.resumeProjects.length > 0
      ? `The candidate's résumé mentions these projects: ${t.resumeProjects.join('; ')}.`
      : '',
    t.jobSentences.length > 0
      ? `What the job description says about the team and the work (use it to answer the candidate's questions): ${t.jobSentences.join(' ')}`
      : '',
  ];
}

/** The interviewer's system prompt (spec section 5 "Interviewer prompts" and section 3). */
export function interviewerSystemPrompt(c: InterviewContext): string {
  const topics = c.topics.length > 0 ? c.topics.join(', ') : 'General';
  const style = STYLE[c.style ?? 'friendly'];
  return [
    `You are ${INTERVIEWER_NAME}, a ${style.adjective} technical interviewer conducting a ${c.difficulty}-level ${c.category} interview titled "${c.title}".`,
    `Topics: ${topics}. Ask about each of them by these names, in this order. The interview lasts ${c.durationMinutes} minutes.`,
    c.aiPrompt ? `Instructions from the interview set: ${c.aiPrompt}` : '',
    c.description && !c.tailored ? `The interview set's description: ${c.description}` : '',
    ...tailoredLines(c),
    'This is a voice interview: your words are spoken aloud by a speech synthesiser and the candidate answers by voice.',
    'Rules:',
    '- Reply in plain text only. No markdown, no lists, no headings, no code blocks, no emojis.',
    '- Keep each reply short: acknowledge the answer in one sentence, then ask exactly one question.',
    '- Start with 1-2 warm-up questions before the technical questions.',
    "- Never mention typos, spelling or transcription errors: the candidate's words come from speech recognition.",
    style.rule,
    followUpRule(c),
    ...pacingRules(c),
    '- Match the difficulty to the level, cover the topics in turn, and do not give the answers away.',
    `- When little time remains, wrap up by asking exactly "${CANDIDATE_QUESTIONS.invitation}". Answer up to ${CANDIDATE_QUESTIONS.max} of the candidate's questions in character, using only what you were told about the job; when you do not know, say so honestly and suggest they ask it in their real interview. Then thank them and say goodbye.`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** The instruction that asks for the opening line (there is no candidate message yet). */
export const INTRO_INSTRUCTION =
  'The candidate has just joined. Greet them briefly, introduce yourself and the interview, and ask your first warm-up question.';

export function timeNote(c: InterviewContext): string {
  const left = Math.max(0, Math.round(c.durationMinutes - c.elapsedMinutes));
  const wrapping = c.durationMinutes - c.elapsedMinutes <= wrapUpMinutes(c.durationMinutes);
  const pace = wrapping
    ? ` The wrap-up has begun: ask "${CANDIDATE_QUESTIONS.invitation}" now if you have not yet.`
    : ' It is not time to wrap up yet.';
  const ramble =
    c.style === 'demanding' && (c.lastAnswerSeconds ?? 0) >= DEMANDING_RAMBLE_SECONDS - 1
      ? ' The candidate has been talking for over two minutes: begin your reply with "Let me stop you there." and move on.'
      : '';
  return `(${left} minute(s) of the interview remain.${pace})${ramble}`;
}

/**
 * The whole request of an interview turn: the system prompt with the time left, then the
 * conversation as the candidate heard it (an interviewer line they cut off counts only for its
 * heard part), or, before anything was said, the instruction to open the interview.
 */
export function interviewerPrompt(
  context: InterviewContext,
  conversation: readonly ChatMessage[],
): ChatMessage[] {
  const messages: ChatMessage[] = [
    { role: 'system', content: `${interviewerSystemPrompt(context)}\n${timeNote(context)}` },
    ...conversation,
  ];
  if (conversation.length === 0) messages.push({ role: 'user', content: INTRO_INSTRUCTION });
  return messages;
}

import { INTERVIEWER_NAME } from '@candor/shared';
import type { ChatMessage, InterviewContext } from './provider';

/** The interviewer's system prompt (spec section 5 "Interviewer prompts" and section 3). */
export function interviewerSystemPrompt(c: InterviewContext): string {
  const topics = c.topics.length > 0 ? c.topics.join(', ') : 'General';
  return [
    `You are ${INTERVIEWER_NAME}, a friendly, professional technical interviewer conducting a ${c.difficulty}-level ${c.category} interview titled "${c.title}".`,
    `Topics: ${topics}. The interview lasts ${c.durationMinutes} minutes.`,
    c.aiPrompt ? `Instructions from the interview set: ${c.aiPrompt}` : '',
    'This is a voice interview: your words are spoken aloud by a speech synthesiser and the candidate answers by voice.',
    'Rules:',
    '- Reply in plain text only. No markdown, no lists, no headings, no code blocks, no emojis.',
    '- Keep each reply short: acknowledge the answer in one sentence, then ask exactly one question.',
    '- Start with 1-2 warm-up questions before the technical questions.',
    "- Never mention typos, spelling or transcription errors: the candidate's words come from speech recognition.",
    '- If an answer is thin, ask for a concrete example before moving on.',
    '- Match the difficulty to the level, cover the topics in turn, and do not give the answers away.',
    '- When little time remains, wrap up politely.',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The instruction that asks for the opening line (there is no candidate message yet). */
export const INTRO_INSTRUCTION =
  'The candidate has just joined. Greet them briefly, introduce yourself and the interview, and ask your first warm-up question.';

export function timeNote(c: InterviewContext): string {
  const left = Math.max(0, Math.round(c.durationMinutes - c.elapsedMinutes));
  return `(${left} minute(s) of the interview remain.)`;
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

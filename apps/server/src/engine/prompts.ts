import type { ChatMessage, InterviewContext } from '../ai/provider';
import type { ReportInput } from '../ai/report-input';
import { unscoreableReason } from '../ai/report-input';
import { INTERVIEWER_NAME } from './messages';

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

/** The report prompt: one user message asking for the AI report result as JSON. */
export function reportPrompt(input: ReportInput): ChatMessage[] {
  const i = input.interview;
  const qa = input.pairs
    .map((p, n) => ({ p, n: n + 1 }))
    .filter(({ p }) => unscoreableReason(p) === null)
    .map(
      ({ p, n }) =>
        `Question ${n}: ${p.question}\n${p.expectedAnswer ? `Expected answer: ${p.expectedAnswer}\n` : ''}Answer ${n}: ${p.answer}`,
    )
    .join('\n\n');
  const content = `You are an experienced technical interviewer writing an honest, specific evaluation of a ${i.difficulty}-level ${i.category} interview ("${i.title}", topics: ${i.topics.join(', ') || 'General'}).
The answers were given by voice and transcribed by speech recognition: ignore transcription errors and spelling.

${qa || '(No answer could be scored.)'}

Return only a JSON object with exactly this shape:
{
  "overview": {"totalQuestions": number, "interviewDuration": number, "category": string, "difficulty": string, "topicsCovered": string[]},
  "performanceAnalysis": {"overallScore": 0-100, "communication": {"score": 0-100, "feedback": string}, "problemSolving": {"score": 0-100, "feedback": string}, "confidence": {"score": 0-100, "feedback": string}},
  "detailedFeedback": {"strengths": string[], "improvementAreas": string[], "overallFeedback": string},
  "questionAnalysis": [{"index": the question number, "question": string, "answer": string,
    "evaluation": {"accuracy": 0-100, "completeness": 0-100, "technicalDepth": 0-100, "clarity": 0-100, "feedback": string},
    "explanations": {"accuracy": string, "completeness": string, "technicalDepth": string, "clarity": string},
    "evidence": {"accuracy": string[], "completeness": string[], "technicalDepth": string[], "clarity": string[]}}],
  "skillBreakdown": [{"skill": string, "score": 0-100}],
  "recommendations": {"learningResources": string[], "practiceAreas": string[], "interviewTips": string[]},
  "additionalInsights": string
}
Rules: one questionAnalysis entry per numbered question above, with its number as index. Every score is 0-100 and must be justified: each explanation says why, and each evidence list quotes the candidate's exact words (copied verbatim from the answer) that the score rests on. Compare answers with the expected answer when one is given. skillBreakdown lists only skills actually discussed. Do not invent answers that were not given.`;
  return [{ role: 'user', content }];
}

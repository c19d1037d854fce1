import {
  DID_NOT_ANSWER,
  OFF_TOPIC_MAX,
  QUESTION_KIND_DESCRIPTIONS,
  RUBRIC_LABELS,
  type QuestionExchange,
  type QuestionKind,
} from '@candor/shared';
import { countedPairs } from './builtin/report';
import type { ChatMessage } from './provider';
import { summariseRuns } from './builtin/coding-evidence';
import { unscoreableReason, type CodingEvidence, type ReportInput } from './report-input';
import { pointsFor } from './builtin/key-points';

/**
 * The report prompt: one user message asking for the AI report result as JSON (decision 005).
 * Each question says its kind and how that kind is judged (decision 011). Answers the server will
 * not score (nothing said, too little clear speech, "I don't know") are not sent at all, and
 * warm-ups are sent for feedback only: whatever the model does with them, the server decides.
 */
const rubricOf = (kind: Exclude<QuestionKind, 'warm-up'>) => {
  const l = RUBRIC_LABELS[kind];
  return `accuracy = ${l.accuracy}, completeness = ${l.completeness}, technicalDepth = ${l.technicalDepth}, clarity = ${l.clarity}`;
};

/** A coding question's final code and its results, as the server ran them. */
function codeLines(coding: CodingEvidence): string {
  const s = summariseRuns(coding);
  const shown = s.final ?? s.lastRun;
  if (!shown) return 'Code: none was run or submitted.';
  return [
    `Final code (${shown.language}, ${s.final ? `submitted: ${s.final.verdict}, ${s.visible.passed}/${s.visible.total} examples and ${s.hidden.passed}/${s.hidden.total} hidden tests passed` : 'never submitted'}; ${s.runs} run(s) in all):`,
    '```',
    shown.code.slice(0, 4000),
    '```',
    `Expected complexity: ${coding.expectedComplexity}`,
  ].join('\n');
}

/** A question the interviewer probed: each follow-up shown where it was asked, so the answer reads as said. */
function answerWithFollowUps(n: number, exchanges: QuestionExchange[]): string {
  return exchanges
    .map((e, i) =>
      i === 0
        ? `Answer ${n}: ${e.answer}`
        : `Follow-up asked: ${e.asked}\nAnswer ${n} (continued): ${e.answer}`,
    )
    .join('\n');
}

export function reportPrompt(input: ReportInput): ChatMessage[] {
  const i = input.interview;
  const { kinds } = countedPairs(input);
  const qa = input.pairs
    .map((p, n) => ({ p, n: n + 1, kind: kinds[n]! }))
    .filter(({ p }) => unscoreableReason(p) === null)
    .map(({ p, n, kind }) => {
      const points = pointsFor(p);
      return [
        `Question ${n} (${kind}${kind === 'warm-up' ? ': feedback only, do not score' : ''}): ${p.question}`,
        p.expectedAnswer ? `Expected answer: ${p.expectedAnswer}` : '',
        points.length > 0 ? `Key points: ${points.map((k) => `- ${k}`).join(' ')}` : '',
        p.exchanges ? answerWithFollowUps(n, p.exchanges) : `Answer ${n}: ${p.answer}`,
        p.coding ? codeLines(p.coding) : '',
        // The model reads the board as text, beside the words (issue 29).
        p.design ? `Whiteboard (the final board, as drawn):\n${p.design.boardText}` : '',
      ]
        .filter(Boolean)
        .join('\n');
    })
    .join('\n\n');
  const content = `You are an experienced technical interviewer writing an honest, specific evaluation of a ${i.difficulty}-level ${i.category} interview ("${i.title}", topics: ${i.topics.join(', ') || 'General'}).
The answers were given by voice and transcribed by speech recognition: ignore transcription errors and spelling.

Each question has a kind, and each kind has its own rubric:
- technical: ${QUESTION_KIND_DESCRIPTIONS.technical} Score the four fields as ${rubricOf('technical')}.
- behavioural: ${QUESTION_KIND_DESCRIPTIONS.behavioural} Score the four fields as ${rubricOf('behavioural')}. Never mark a behavioural answer down for using no technical terms.
- coding: ${QUESTION_KIND_DESCRIPTIONS.coding} The server scores the tests and the complexity from its own runs; in "feedback" say what is good and what to improve in the code (readability, edge cases, complexity) and in how it was explained.
- system-design: ${QUESTION_KIND_DESCRIPTIONS['system-design']} The server scores the requirements, building blocks and flows, estimates and trade-offs from the whiteboard and the words; in "feedback" say what is strong and what is missing or risky in the design, and how it was talked through.
- warm-up: ${QUESTION_KIND_DESCRIPTIONS['warm-up']} Give one or two sentences of feedback in "feedback"; the scores are ignored.
Relevance first: before scoring an answer, decide whether it answers its question at all, comparing its subject with the question's, the set's topics, and the expected answer and key points where given. Give the verdict in "relevance": "answered"; "partly" when only part of it is on the question (score that part only, as if the rest were not said); or "off-topic" when it is about another subject (a fluent answer to a different question is still off-topic): then every field is at most ${OFF_TOPIC_MAX}, "feedback" starts with "${DID_NOT_ANSWER}", and "reason" says what the question asked and what the answer talked about instead. Saying the set's general subject ("SQL", "data") does not make an answer on-topic.

${qa || '(No answer could be scored.)'}

Return only a JSON object with exactly this shape:
{
  "overview": {"totalQuestions": number, "interviewDuration": number, "category": string, "difficulty": string, "topicsCovered": string[]},
  "performanceAnalysis": {"overallScore": 0-100, "communication": {"score": 0-100, "feedback": string}, "problemSolving": {"score": 0-100, "feedback": string}, "confidence": {"score": 0-100, "feedback": string}},
  "detailedFeedback": {"strengths": string[], "improvementAreas": string[], "overallFeedback": string},
  "questionAnalysis": [{"index": the question number, "kind": "technical" | "behavioural" | "coding" | "system-design" | "warm-up", "question": string, "answer": string,
    "evaluation": {"accuracy": 0-100, "completeness": 0-100, "technicalDepth": 0-100, "clarity": 0-100, "feedback": string},
    "explanations": {"accuracy": string, "completeness": string, "technicalDepth": string, "clarity": string},
    "evidence": {"accuracy": string[], "completeness": string[], "technicalDepth": string[], "clarity": string[]},
    "relevance": {"verdict": "answered" | "partly" | "off-topic", "reason": string}}],
  "skillBreakdown": [{"skill": string, "score": 0-100}],
  "recommendations": {"learningResources": string[], "practiceAreas": string[], "interviewTips": string[]},
  "additionalInsights": string
}
Rules: one questionAnalysis entry per numbered question above, with its number as index and its kind. Every score is 0-100 and must be justified: each explanation says why, and each evidence list quotes the candidate's exact words (copied verbatim from the answer) that the score rests on. Compare answers with the expected answer and key points when given; credit a key point or a skill only with a quote that says it (or its meaning), and none without one. Warm-up answers count in no score. Communication rests on every scored answer; problem solving on technical answers and on how behavioural stories went from action to result (the server adds the coding questions' tests and approach itself); neither on warm-ups. skillBreakdown lists only skills actually discussed. Do not invent answers that were not given.`;
  return [{ role: 'user', content }];
}

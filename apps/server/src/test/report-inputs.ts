import type { QuestionKind } from '@candor/shared';
import { assembleReport } from '../ai/assemble-report';
import { builtinReport } from '../ai/builtin/report';
import type { QaPair, ReportInput } from '../ai/report-input';

/** A spoken answer to a free-form question, as the report tests build them. */
export const qaPair = (question: string, answer: string, kind?: QuestionKind): QaPair => ({
  question,
  answer,
  expectedAnswer: null,
  ...(kind ? { kind } : {}),
  questionIndex: null,
  confidence: 0.9,
  mode: 'voice',
});

/** A topic-based Node.js practice interview's report input; `over` changes the interview. */
export const reportInputOf = (
  pairs: QaPair[],
  over: Partial<ReportInput['interview']> = {},
): ReportInput => ({
  interview: {
    title: 'Practice',
    category: 'Backend',
    difficulty: 'mid',
    flow: 'topic-based',
    topics: ['Node.js'],
    durationMinutes: 30,
    actualMinutes: 12.34,
    endedEarly: false,
    plannedQuestions: null,
    ...over,
  },
  pairs,
  transcript: [],
});

/** The report the builtin provider makes of the input, as the candidate reads it. */
export const builtinReportOf = (input: ReportInput) =>
  assembleReport({
    input,
    result: builtinReport(input),
    producedBy: 'builtin',
    fallbackReason: null,
  });

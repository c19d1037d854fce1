import { z } from 'zod';
import { QUESTION_KINDS, REPORT_STATUSES } from './constants';
import { CODE_RUN_VERDICTS } from './coding';
import { CODING_LANGUAGES } from './coding-languages';
import { answerSpeechSchema, overallSpeechSchema } from './speech-analytics';
import { storyUseSchema } from './stories';
import { systemDesignReportSchema } from './system-design-report';
import { KEY_POINT_COVERAGES, RELEVANCE_VERDICTS, SCORED_BY } from './report-labels';

/**
 * The report of one attempt, as `GET /api/report/interview/:id` returns it. It carries every field
 * of the specification's "Report" and "AI report result" (section 3), plus the evidence behind
 * each score. All scores are 0–100; the per-question score is the rounded mean of its four
 * dimensions (shown as score/10 by the client).
 */

export const score100 = z.number().min(0).max(100);

/** One dimension score with the words it rests on. */
export const dimensionScoreSchema = z.object({
  score: score100,
  /** Why this score, in words. */
  explanation: z.string(),
  /** The candidate's own words the score rests on (verbatim quotes from the answer). */
  evidence: z.array(z.string()),
});
export type DimensionScore = z.infer<typeof dimensionScoreSchema>;

/** A key point of a fixed question's expected answer, covered, partly covered or missed. */
export const keyPointSchema = z.object({
  point: z.string(),
  /** True only when fully covered (kept for readers that know no `coverage`). */
  covered: z.boolean(),
  /** Absent in reports made before decision 011: read it with `keyPointCoverage`. */
  coverage: z.enum(KEY_POINT_COVERAGES).optional(),
  /** The candidate's words that cover it (fully or partly). */
  evidence: z.string().nullable(),
  /** Why a point is only partly covered, when it is ("hedged: 'I guess'"). */
  note: z.string().nullable().optional(),
});
export type KeyPoint = z.infer<typeof keyPointSchema>;

const testCount = z.object({ passed: z.number().int(), total: z.number().int() });

/** A coding question's section of the report (issue 16): what the server ran, and when. */
export const codingReportSchema = z.object({
  /** The final submission's (else the last run's) code and language; null when nothing ran. */
  language: z.enum(CODING_LANGUAGES).nullable(),
  finalCode: z.string().nullable(),
  /** The final submission's verdict; null without a submission. */
  verdict: z.enum(CODE_RUN_VERDICTS).nullable(),
  visible: testCount,
  hidden: testCount,
  runs: z.number().int(),
  submissions: z.number().int(),
  /** From the question to the first submission that passed every test. */
  firstPassingAfterSeconds: z.number().int().nullable(),
  /** "O(n)" as the candidate said it; null when they did not. */
  statedComplexity: z.string().nullable(),
  expectedComplexity: z.string(),
  /** Null when either side is missing or not a usual class. */
  complexityMatches: z.boolean().nullable(),
});
export type CodingReport = z.infer<typeof codingReportSchema>;

export const questionExchangeSchema = z.object({
  /** What the interviewer asked: the question itself, or a follow-up to it. */
  asked: z.string(),
  followUp: z.boolean(),
  /** What the candidate said to it; '' when nothing. */
  answer: z.string(),
});
export type QuestionExchange = z.infer<typeof questionExchangeSchema>;

export const questionReportSchema = z.object({
  /** The question asked (spec: question / questionText). */
  question: z.string(),
  /** Which rubric scored it; absent in reports made before decision 011 (read as technical). */
  kind: z.enum(QUESTION_KINDS).optional(),
  /** The candidate's answer (spec: answer / candidateAnswer); '' when none was given. */
  answer: z.string(),
  /** Rounded mean of the four dimensions; null when the answer could not be scored. */
  score: score100.nullable(),
  /** Feedback on this answer (spec: comment / aiFeedback). */
  comment: z.string(),
  tags: z.array(z.string()),
  /** The AI report result's per-question evaluation; null when not scored. */
  evaluation: z
    .object({
      accuracy: score100,
      completeness: score100,
      technicalDepth: score100,
      clarity: score100,
      feedback: z.string(),
    })
    .nullable(),
  /** Each dimension with its explanation and quoted evidence; null when not scored. */
  dimensions: z
    .object({
      accuracy: dimensionScoreSchema,
      completeness: dimensionScoreSchema,
      technicalDepth: dimensionScoreSchema,
      clarity: dimensionScoreSchema,
    })
    .nullable(),
  scored: z.boolean(),
  /**
   * When scored is false: 'not enough clear speech to score', 'not answered' (nothing said, or a
   * non-answer such as "I don't know") or WARM_UP_NOT_SCORED.
   */
  notScoredReason: z.string().nullable(),
  /** The fixed question's expected answer, when the set has one. */
  expectedAnswer: z.string().nullable(),
  /** The key points (explicit, or split from the expected answer), each covered, partly or missed. */
  keyPoints: z.array(keyPointSchema),
  speech: answerSpeechSchema.nullable(),
  /** Who scored it; 'builtin-fallback' when the AI failed and the builtin evaluator stood in. */
  scoredBy: z.enum(SCORED_BY),
  /**
   * True when the candidate corrected how (part of) this answer was recognised, on "Check your
   * answers": `answer` is the corrected text; the transcript keeps what was recognised.
   */
  corrected: z.boolean().optional(),
  /** Coding questions only: the code, its tests and the complexity (issue 16). */
  coding: codingReportSchema.optional(),
  /** System-design questions only: the checklist, the quotes and the final board (issue 29). */
  systemDesign: systemDesignReportSchema.optional(),
  /**
   * Present only when the interviewer probed with follow-ups (issue 15): the question's exchange
   * in order, the question and each follow-up with the answer given to it. `answer` above is all
   * of them joined, and is what was scored.
   */
  exchanges: z.array(questionExchangeSchema).optional(),
  /**
   * Whether the answer answered the question at all (issue 28): 'off-topic' is "Did not answer the
   * question", scored at most OFF_TOPIC_MAX; 'partly' was scored on its relevant part only. Absent
   * in reports made before.
   */
  relevance: z
    .object({ verdict: z.enum(RELEVANCE_VERDICTS), reason: z.string().nullable() })
    .optional(),
  /**
   * Behavioural answers only (issue 30): which of the candidate's saved stories it told, and each
   * STAR part with its quote or missing. Absent in reports made before, and on other kinds.
   */
  storyUse: storyUseSchema.optional(),
});
export type QuestionReport = z.infer<typeof questionReportSchema>;

export const skillScoreSchema = z.object({ skill: z.string(), score: score100 });
export type SkillScore = z.infer<typeof skillScoreSchema>;

export const recommendationGroupsSchema = z.object({
  learningResources: z.array(z.string()),
  practiceAreas: z.array(z.string()),
  interviewTips: z.array(z.string()),
});
export type RecommendationGroups = z.infer<typeof recommendationGroupsSchema>;

const scoreWithFeedback = z.object({ score: score100, feedback: z.string() });

export const reportOverviewSchema = z.object({
  totalQuestions: z.number().int(),
  /** Actual minutes from start to end, to one decimal. */
  interviewDuration: z.number(),
  category: z.string(),
  difficulty: z.string(),
  topicsCovered: z.array(z.string()),
});

/**
 * A tailored interview's "fit for this job" (issue 15): each required skill, whether the interview
 * covered it, how the candidate did on it and the words that show it. Skills not covered (nothing
 * in the bank for them, no time, or not answered) are what to practise next.
 */
export const jobFitSchema = z.object({
  role: z.string(),
  skills: z.array(
    z.object({
      skill: z.string(),
      covered: z.boolean(),
      /**
       * The mean score of the scored answers whose words show it; null when none was scored or
       * none showed it (issue 28: no quote, no credit).
       */
      score: score100.nullable(),
      /** The questions that asked about it. */
      questions: z.array(z.string()),
      /** The candidate's own words that show it; empty when no answer did ("Not shown"). */
      evidence: z.array(z.string()),
      comment: z.string(),
    }),
  ),
  practiseNext: z.array(z.string()),
});
export type JobFit = z.infer<typeof jobFitSchema>;

/** The candidate's own questions at the end of the interview, and feedback on them (issue 15). */
export const candidateQuestionsReportSchema = z.object({
  /** Whether the interviewer invited questions ("Do you have any questions for me?"). */
  invited: z.boolean(),
  questions: z.array(
    z.object({
      question: z.string(),
      /** What the interviewer answered; null when it did not get to. */
      answer: z.string().nullable(),
      quality: z.enum(['strong', 'fair', 'weak']),
      feedback: z.string(),
    }),
  ),
  feedback: z.string(),
});
export type CandidateQuestionsReport = z.infer<typeof candidateQuestionsReportSchema>;

/** The report document stored in reports.content. */
export const reportContentSchema = z.object({
  overallScore: score100,
  communicationScore: score100,
  problemSolvingScore: score100,
  confidenceScore: score100,
  /** Only skills actually discussed. */
  skillBreakdown: z.array(skillScoreSchema),
  strengths: z.array(z.string()),
  improvements: z.array(z.string()),
  overallComment: z.string(),
  aiInsights: z.string(),
  /** Learning resources, practice areas and interview tips merged into one list. */
  recommendations: z.array(z.string()),
  recommendationGroups: recommendationGroupsSchema,
  /** Question by question (each item also carries the AI result's questionAnalysis fields). */
  questionReports: z.array(questionReportSchema),
  overview: reportOverviewSchema,
  performanceAnalysis: z.object({
    overallScore: score100,
    communication: scoreWithFeedback,
    problemSolving: scoreWithFeedback,
    confidence: scoreWithFeedback,
  }),
  detailedFeedback: z.object({
    strengths: z.array(z.string()),
    improvementAreas: z.array(z.string()),
    overallFeedback: z.string(),
  }),
  additionalInsights: z.string(),
  speech: overallSpeechSchema,
  /** True when the configured AI failed and the builtin evaluator produced (part of) the report. */
  fallback: z.boolean(),
  fallbackReason: z.string().nullable(),
  endedEarly: z.boolean(),
  /** Tailored interviews only (absent elsewhere and in older reports). */
  jobFit: jobFitSchema.optional(),
  /** Absent when the interviewer never invited questions (fixed sets, older reports). */
  candidateQuestions: candidateQuestionsReportSchema.optional(),
});
export type ReportContent = z.infer<typeof reportContentSchema>;

export const reportSchema = reportContentSchema.partial().extend({
  id: z.uuid(),
  interviewId: z.uuid(),
  status: z.enum(REPORT_STATUSES),
  /** Why generation failed (status failed). */
  error: z.string().nullable(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  interview: z.object({
    title: z.string(),
    categoryName: z.string(),
    difficulty: z.string(),
    type: z.string(),
    duration: z.number().int(),
    status: z.string(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
  }),
  /**
   * A pending report waiting for "Check your answers" (decision 024): it starts when the
   * candidate finishes the check, or by itself at this time. Null otherwise.
   */
  checkUntil: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** Pending or failed reports carry only the header fields; completed ones carry everything. */
export type Report = z.infer<typeof reportSchema>;

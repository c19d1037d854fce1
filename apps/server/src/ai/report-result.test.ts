import { describe, expect, it } from 'vitest';
import { assembleReport } from './assemble-report';
import { builtinReport } from './builtin/report';
import type { ReportInput } from './report-input';
import { reportPrompt } from './report-prompt';
import { checkRelevance, type AiReportResult, type QuestionAnalysisItem } from './report-result';

/**
 * Relevance on the model path (issue 28): the prompt asks for a verdict, and the server enforces
 * the cap on an off-topic answer whatever numbers the model gave.
 */

const STORY =
  'So at my last job our reporting queries on the orders table got really slow, around thirty seconds. I looked at the query plans and saw full table scans, so I added a composite index on customer id and order date. We also partitioned the big events table by month in Spark, so a job only read the partitions it needed. That cut our nightly job from two hours to twenty minutes.';

const input: ReportInput = {
  interview: {
    title: 'SQL and Spark',
    category: 'Data Engineering',
    difficulty: 'mid',
    flow: 'topic-based',
    topics: ['SQL', 'Apache Spark'],
    durationMinutes: 10,
    actualMinutes: 9,
    endedEarly: false,
    plannedQuestions: null,
  },
  pairs: [
    {
      question: 'What is the difference between ETL and ELT?',
      answer: STORY,
      expectedAnswer: null,
      questionIndex: null,
      confidence: 0.95,
      mode: 'voice',
    },
  ],
  transcript: [],
};

const generous = (over: Partial<QuestionAnalysisItem> = {}): QuestionAnalysisItem => ({
  index: 1,
  evaluation: {
    accuracy: 70,
    completeness: 60,
    technicalDepth: 65,
    clarity: 80,
    feedback: 'A clear, concrete answer.',
  },
  ...over,
});

function modelReport(item: QuestionAnalysisItem) {
  const result: AiReportResult = { ...builtinReport(input), questionAnalysis: [item] };
  return assembleReport({ input, result, producedBy: 'ai', fallbackReason: null })
    .questionReports[0]!;
}

describe('a model’s verdict on relevance', () => {
  it('is asked for in the prompt, with the cap it brings', () => {
    const [message] = reportPrompt(input);
    expect(message!.content).toMatch(
      /"relevance": \{"verdict": "answered" \| "partly" \| "off-topic"/,
    );
    expect(message!.content).toMatch(/every field is at most 15/);
  });

  it('caps an answer the model itself calls off-topic, whatever scores it gave', () => {
    const q = modelReport(
      generous({
        relevance: { verdict: 'off-topic', reason: 'It is about indexes, not ETL or ELT.' },
      }),
    );
    expect(q.score).toBeLessThanOrEqual(15);
    expect(q.comment).toMatch(/^Did not answer the question\. It is about indexes/);
    expect(q.relevance).toEqual({
      verdict: 'off-topic',
      reason: 'It is about indexes, not ETL or ELT.',
    });
  });

  it('caps a generous model when the server finds another subject and the model shows nothing', () => {
    const q = modelReport(generous());
    expect(q.score).toBeLessThanOrEqual(15);
    expect(q.relevance?.verdict).toBe('off-topic');
    expect(q.comment).toMatch(
      /^Did not answer the question\. The question asked about etl and elt/,
    );
  });

  it('believes a model that says it answers only with a quote found in the answer', () => {
    const invented = checkRelevance(
      generous({
        relevance: { verdict: 'answered' },
        evidence: { accuracy: ['ELT loads the raw data first'] },
      }),
      STORY,
      { verdict: 'off-topic', reason: 'Another subject.' },
    );
    expect(invented.relevance.verdict).toBe('off-topic');
    expect(invented.item.evaluation.accuracy).toBe(15);
    const quoted = checkRelevance(
      generous({
        relevance: { verdict: 'answered' },
        evidence: { accuracy: ['partitioned the big events table by month in Spark'] },
      }),
      STORY,
      { verdict: 'off-topic', reason: 'Another subject.' },
    );
    expect(quoted.relevance.verdict).toBe('answered');
    expect(quoted.item.evaluation.accuracy).toBe(70);
  });

  it('leaves an on-topic answer as the model scored it', () => {
    const checked = checkRelevance(generous({ relevance: { verdict: 'answered' } }), 'x', {
      verdict: 'answered',
      reason: null,
    });
    expect(checked.item.evaluation.accuracy).toBe(70);
    expect(checked.relevance).toEqual({ verdict: 'answered', reason: null });
  });
});

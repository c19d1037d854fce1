import { describe, expect, it } from 'vitest';
import type { JobFit, QuestionReport, TailoredPlanItem } from '@candor/shared';
import { assembleReport } from '../assemble-report';
import type { QaPair, ReportInput } from '../report-input';
import type { AiReportResult } from '../report-result';
import { jobFitFor } from './job-fit';
import { builtinReport } from './report';
import { SKILL_SIGNS } from './skill-signs';
import { SKILLS } from './skills-vocabulary';

/**
 * Issue 28, "evidence or no credit": "Kafka, AWS, Terraform, Docker and SQL were 'Partly shown,
 * 6/10' quoting a sentence that names none of them." Every credit quotes the candidate's words
 * that show the skill (by name, alias, abbreviation or a sign of using it); no quote, no credit.
 * Through the report as the server assembles it, on the builtin path and on the model path.
 */

const QUESTIONS: Record<string, string> = {
  Kafka: 'How would you design a pipeline that must not lose events when a consumer crashes?',
  AWS: 'Which managed services would you pick to host a small web API, and why?',
  Terraform: 'How do you keep infrastructure changes reviewable and repeatable?',
  Docker: 'How would you package a service so that it runs the same on every machine?',
  SQL: 'How would you find the ten customers who spent the most last month?',
};

/** The same competent story, whatever was asked: it names none of the skills. */
const SAME_STORY =
  'At my last job the monthly reports were very slow, so I sat down with the analysts to find out what they needed first. We split the work into smaller steps, measured each one, and the slowest step turned out to be a lookup done once per row. After we changed it the page loaded in half a second instead of four, and the analysts were happy.';

const pair = (question: string, answer: string): QaPair => ({
  question,
  answer,
  expectedAnswer: null,
  kind: 'technical',
  questionIndex: null,
  confidence: 0.95,
  mode: 'voice',
});

function tailoredInput(required: string[], answers: Record<string, string>): ReportInput {
  const plan: TailoredPlanItem[] = required.map((skill) => ({
    text: QUESTIONS[skill] ?? `Tell me how you have used ${skill}.`,
    topic: skill,
    kind: 'technical',
    source: 'bank',
    skills: [skill],
  }));
  return {
    interview: {
      title: 'Data Engineer',
      category: 'Tailored',
      difficulty: 'mid',
      flow: 'topic-based',
      topics: required,
      durationMinutes: 20,
      actualMinutes: 18,
      endedEarly: false,
      plannedQuestions: null,
    },
    pairs: plan.map((p, i) => pair(p.text, answers[required[i]!] ?? SAME_STORY)),
    transcript: [],
    tailored: { role: 'Data Engineer', required, plan },
  };
}

const fitOf = (report: { jobFit?: JobFit }) =>
  Object.fromEntries(report.jobFit!.skills.map((s) => [s.skill, s]));

const builtin = (input: ReportInput) =>
  assembleReport({
    input,
    result: builtinReport(input),
    producedBy: 'builtin',
    fallbackReason: null,
  });

describe('fit for this job: evidence or no credit (builtin)', () => {
  const ASKED = ['Kafka', 'AWS', 'Terraform', 'Docker', 'SQL'];

  it('answers that never name a skill, nor what it does, earn it nothing: "Not shown"', () => {
    const report = builtin(tailoredInput(ASKED, {}));
    // The answers themselves were scored: competent, on something else.
    for (const q of report.questionReports) expect(q.score).toBeGreaterThan(0);
    for (const skill of ASKED) {
      const fit = fitOf(report)[skill]!;
      expect(fit, skill).toMatchObject({ covered: true, score: null, evidence: [] });
      expect(fit.comment).toMatch(/^Not shown/);
    }
    expect(report.jobFit!.practiseNext).toEqual(ASKED);
  });

  it('credits a skill from the sentences that show it: its name, an alias or abbreviation, or its signs', () => {
    const report = builtin(
      tailoredInput(['Kubernetes', 'PostgreSQL', 'Terraform', 'Kafka', 'Docker'], {
        Kubernetes:
          'We ran the whole platform on k8s across three clusters. Each service had its own namespace and limits, and we rolled out with canary releases watched by alerts.',
        PostgreSQL:
          'I moved our reporting off the primary. On Postgres I added a read replica and partial indexes, and the slow dashboard query went from nine seconds to two hundred milliseconds.',
        Terraform:
          'Every change goes through a pull request. Our TF modules describe each environment, and the plan output is posted on the pull request before anyone applies it.',
        Kafka:
          'I would write each event to a durable log first. Each consumer group commits its offsets only after the write to the database succeeds, so a crash replays events rather than losing them.',
        Docker:
          'I would build one container image per service in CI, pinned to a base image digest, and run exactly that image in every environment.',
      }),
    );
    const fit = fitOf(report);
    expect(fit.Kubernetes!.evidence).toEqual([
      'We ran the whole platform on k8s across three clusters.',
    ]);
    expect(fit.PostgreSQL!.evidence[0]).toMatch(/^On Postgres I added a read replica/);
    expect(fit.Terraform!.evidence).toEqual([
      'Our TF modules describe each environment, and the plan output is posted on the pull request before anyone applies it.',
    ]);
    expect(fit.Kafka!.evidence[0]).toMatch(/^Each consumer group commits its offsets/);
    expect(fit.Docker!.evidence[0]).toMatch(/container image/);
    for (const skill of Object.keys(fit)) {
      expect(fit[skill]!.score, skill).not.toBeNull();
      expect(fit[skill]!.comment, skill).not.toMatch(/^Not shown/);
    }
  });

  it('every skill with signs is a skill of the vocabulary', () => {
    for (const name of Object.keys(SKILL_SIGNS))
      expect(
        SKILLS.some((k) => k.name === name),
        name,
      ).toBe(true);
  });

  it('alternatives are shown by any of them', () => {
    const report = builtin(
      tailoredInput(['Snowflake, BigQuery or Redshift'], {
        'Snowflake, BigQuery or Redshift':
          'Our warehouse was BigQuery. I partitioned the events table by day and clustered it by customer, which cut the cost of the daily report by two thirds.',
      }),
    );
    const fit = fitOf(report)['Snowflake, BigQuery or Redshift']!;
    expect(fit.evidence).toEqual(['Our warehouse was BigQuery.']);
    expect(fit.score).not.toBeNull();
  });
});

describe('fit for this job on the model path: the model’s quotes are checked against the answers', () => {
  /** A model's report that scores every answer well and quotes as it pleases. */
  function modelResult(input: ReportInput, quotes: (answer: string) => string[]): AiReportResult {
    return {
      performanceAnalysis: {
        overallScore: 80,
        communication: { score: 80, feedback: 'Clear.' },
        problemSolving: { score: 80, feedback: 'Sound.' },
        confidence: { score: 80, feedback: 'Steady.' },
      },
      detailedFeedback: { strengths: [], improvementAreas: [], overallFeedback: 'Good.' },
      questionAnalysis: input.pairs.map((p, i) => ({
        index: i + 1,
        evaluation: {
          accuracy: 85,
          completeness: 80,
          technicalDepth: 75,
          clarity: 90,
          feedback: 'Good.',
        },
        evidence: {
          accuracy: quotes(p.answer),
          completeness: quotes(p.answer),
          technicalDepth: quotes(p.answer),
          clarity: quotes(p.answer),
        },
      })),
      skillBreakdown: [],
      recommendations: { learningResources: [], practiceAreas: [], interviewTips: [] },
      additionalInsights: '',
    };
  }
  const asModel = (input: ReportInput, quotes: (answer: string) => string[]) =>
    assembleReport({
      input,
      result: modelResult(input, quotes),
      producedBy: 'ai',
      fallbackReason: null,
    });

  it('a quote the candidate never said, or one that names no skill, earns nothing', () => {
    const input = tailoredInput(['Kafka', 'Docker'], {});
    const report = asModel(input, (answer) => [
      // Hostile: words that were never said, naming the skills.
      'I ran Kafka and Docker in production for three years.',
      // Said, but about something else.
      answer.split('. ')[0]!,
    ]);
    for (const q of report.questionReports) expect(q.scoredBy).toBe('ai');
    for (const skill of ['Kafka', 'Docker']) {
      expect(fitOf(report)[skill], skill).toMatchObject({
        covered: true,
        score: null,
        evidence: [],
      });
    }
  });

  it('a quote in the answer that shows the skill is the evidence, with the model’s score', () => {
    const kafka =
      'We kept events in Kafka for seven days so that a consumer could replay them after a crash.';
    const input = tailoredInput(['Kafka'], { Kafka: `That is a good question. ${kafka}` });
    const report = asModel(input, () => [kafka]);
    expect(fitOf(report).Kafka).toMatchObject({ covered: true, evidence: [kafka] });
    expect(fitOf(report).Kafka!.score).toBe(report.questionReports[0]!.score);
  });

  it('a stored report’s quotes are not believed either: jobFitFor checks them against the answer', () => {
    const input = tailoredInput(['Kafka'], {});
    const [q] = builtin(input).questionReports as QuestionReport[];
    const forged: QuestionReport = {
      ...q!,
      dimensions: {
        ...q!.dimensions!,
        technicalDepth: {
          ...q!.dimensions!.technicalDepth,
          evidence: ['I tuned Kafka partitions.'],
        },
      },
    };
    expect(jobFitFor(input, [forged])!.skills[0]).toMatchObject({ score: null, evidence: [] });
  });
});

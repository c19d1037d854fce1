import { eq } from 'drizzle-orm';
import {
  reportContentSchema,
  type QuestionReport,
  type Report,
  type ReportContent,
  type ReportStatus,
} from '@candor/shared';
import { BUILTIN_MODEL } from '../../ai/builtin/provider';
import { BuiltinReportError, type BuiltinEvaluator } from '../../ai/builtin/report-pool';
import { AiError, SAMPLING, type AiProvider } from '../../ai/provider';
import { aiReportResultSchema, type AiReportResult } from '../../ai/report-result';
import type { Db } from '../../db/client';
import { reports } from '../../db/schema';
import { canGenerateReport } from '../../engine/completion';
import { MESSAGES } from '../../engine/messages';
import { reportPrompt } from '../../ai/report-prompt';
import { conflict, notFound } from '../../platform/errors';
import { completionOf, findAttempt, loadMessages, loadOwned } from '../interviews';
import type { Logger } from '../../platform/logger';
import { listRuns } from '../coding';
import { boardsOf } from '../whiteboard';
import { buildReportInput } from './report-input';

export interface ReportDeps {
  db: Db;
  provider: AiProvider;
  /**
   * The builtin evaluator, the app's worker pool (decision 052): the report when the provider's
   * failed, and every report assembled (which scores each answer again), off the event loop.
   */
  evaluator: BuiltinEvaluator;
  log: Logger;
  now: () => Date;
  /**
   * Which saved story each behavioural answer told, and its STAR parts (issue 30, the stories
   * module through app.ts): the questions given back with `storyUse`. `byModel`: the model wrote
   * the report. Without it, reports say nothing of stories.
   */
  storyUse?: (args: {
    userId: string;
    interviewId: string;
    questions: QuestionReport[];
    byModel: boolean;
  }) => Promise<QuestionReport[]>;
}

/**
 * Generates and stores the report of an ended attempt. The configured provider writes it; when
 * it fails or answers in the wrong shape, the builtin evaluator does, and the report says so.
 * Never throws for AI trouble: the report ends completed, or failed with the reason.
 */
export async function generateReport(deps: ReportDeps, interviewId: string): Promise<ReportStatus> {
  const row = await findAttempt(deps.db, interviewId);
  if (!row) throw notFound('Interview not found');
  const now = deps.now();
  if (!canGenerateReport(completionOf(row, now))) {
    throw conflict(MESSAGES.notYetComplete, 'NOT_COMPLETE');
  }
  await deps.db
    .insert(reports)
    .values({ interviewId, userId: row.userId, status: 'pending' })
    .onConflictDoNothing();
  try {
    const [messages, runs, boards] = await Promise.all([
      loadMessages(deps.db, interviewId),
      row.questions.some((q) => q.coding) ? listRuns(deps.db, interviewId) : [],
      row.questions.some((q) => q.kind === 'system-design') ? boardsOf(deps.db, interviewId) : [],
    ]);
    const input = buildReportInput(row, messages, now, runs, boards);
    let result: AiReportResult;
    let fallbackReason: string | null = null;
    try {
      result = await deps.provider.generateJson({
        messages: reportPrompt(input),
        schema: aiReportResultSchema,
        input,
        interviewId,
        ...SAMPLING.report,
      });
    } catch (err) {
      if (deps.provider.name === 'builtin') throw err;
      const kind = err instanceof AiError ? err.kind : 'other';
      deps.log.warn(
        { err, interviewId, provider: deps.provider.name, kind },
        'AI report failed; using the builtin evaluator',
      );
      result = await deps.evaluator.report(input);
      fallbackReason = `The AI report could not be used (${kind}: ${err instanceof Error ? err.message : 'error'}); this report was scored by the builtin evaluator.`;
    }
    const producedBy = deps.provider.name === 'builtin' || fallbackReason ? 'builtin' : 'ai';
    const assembled = reportContentSchema.parse(
      await deps.evaluator.assemble({ input, result, producedBy, fallbackReason }),
    );
    const content = await withStories(deps, row.userId, interviewId, assembled, producedBy);
    const builtinMade = producedBy === 'builtin';
    await deps.db
      .update(reports)
      .set({
        status: 'completed',
        overallScore: content.overallScore,
        communicationScore: content.communicationScore,
        problemSolvingScore: content.problemSolvingScore,
        confidenceScore: content.confidenceScore,
        content,
        provider: builtinMade ? 'builtin' : deps.provider.name,
        model: builtinMade ? BUILTIN_MODEL : deps.provider.model,
        error: fallbackReason,
      })
      .where(eq(reports.interviewId, interviewId));
    return 'completed';
  } catch (err) {
    deps.log.error({ err, interviewId }, 'report generation failed');
    // A limit of the worker pool says why (too many waiting, too long, too large): the candidate
    // reads it; anything else stays in the log.
    const error =
      err instanceof BuiltinReportError && err.forCandidate
        ? `${MESSAGES.reportFailed}: ${err.message}`
        : MESSAGES.reportFailed;
    await deps.db
      .update(reports)
      .set({ status: 'failed', error })
      .where(eq(reports.interviewId, interviewId));
    return 'failed';
  }
}

/** The report with the stories its answers told; as it was when that cannot be read (logged). */
async function withStories(
  deps: ReportDeps,
  userId: string,
  interviewId: string,
  content: ReportContent,
  producedBy: 'ai' | 'builtin',
): Promise<ReportContent> {
  if (!deps.storyUse) return content;
  try {
    const questionReports = await deps.storyUse({
      userId,
      interviewId,
      questions: content.questionReports,
      byModel: producedBy === 'ai',
    });
    return reportContentSchema.parse({ ...content, questionReports });
  } catch (err) {
    deps.log.warn({ err, interviewId }, 'the stories the answers told could not be read');
    return content;
  }
}

/** `GET /api/report/interview/:id`: the owner's report, or 404 'Report Not Found'. */
export async function getReport(
  db: Db,
  userId: string,
  interviewId: string,
): Promise<{ report: Report; stale: boolean; updatedAt: Date }> {
  const row = await loadOwned(db, userId, interviewId);
  const [report] = await db.select().from(reports).where(eq(reports.interviewId, interviewId));
  if (!report) throw notFound('Report Not Found');
  const content =
    report.status === 'completed' ? reportContentSchema.safeParse(report.content) : null;
  const waiting = report.status === 'pending' && row.checkUntil !== null;
  return {
    report: {
      ...(content?.success ? content.data : {}),
      id: report.id,
      interviewId,
      status: report.status,
      error: report.error,
      provider: report.provider,
      model: report.model,
      interview: {
        title: row.title,
        categoryName: row.categoryName,
        difficulty: row.difficulty,
        type: row.type,
        duration: row.duration,
        status: row.status,
        startedAt: row.startedAt?.toISOString() ?? null,
        completedAt: row.completedAt?.toISOString() ?? null,
      },
      checkUntil: waiting ? row.checkUntil!.toISOString() : null,
      createdAt: report.createdAt.toISOString(),
      updatedAt: report.updatedAt.toISOString(),
    },
    // Waiting for "Check your answers" is not orphaned: the check (or its sweep) starts it.
    stale: report.status === 'pending' && !waiting,
    updatedAt: report.updatedAt,
  };
}

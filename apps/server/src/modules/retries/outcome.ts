import { and, asc, eq, isNotNull, or } from 'drizzle-orm';
import {
  keyPointCoverage,
  reportContentSchema,
  type QuestionProgress,
  type QuestionReport,
  type ReportContent,
  type RetryOutcome,
  type RetryTry,
} from '@candor/shared';
import type { Db } from '../../db/client';
import { interviews, reports } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { loadOwned } from '../interviews';
import { reportContentOf } from './service';

/**
 * What a retry changed (issue 30): "first try 42 → now 71", the key points newly covered, filler
 * words and length; and, across a candidate's retries, the first, best and latest score of each
 * question retried (progress).
 */

const words = (text: string) => (text.trim() ? text.trim().split(/\s+/).length : 0);

/** The retried question in a retry's report: the one question it asked (never a warm-up). */
function retriedIn(content: ReportContent | null, question: string): QuestionReport | null {
  if (!content) return null;
  const list = content.questionReports;
  return list.find((q) => q.question.trim() === question.trim()) ?? list[0] ?? null;
}

function tryOf(
  interviewId: string,
  completedAt: Date | null,
  q: QuestionReport | null,
  points: string[],
): RetryTry {
  const covered = new Set(
    (q?.keyPoints ?? []).filter((k) => keyPointCoverage(k) === 'covered').map((k) => k.point),
  );
  return {
    interviewId,
    score: q?.scored ? q.score : null,
    keyPointsCovered: points.filter((p) => covered.has(p)).length,
    keyPointsTotal: points.length,
    fillerCount: q?.speech?.fillerCount ?? 0,
    wordCount: q?.speech?.wordCount ?? words(q?.answer ?? ''),
    completedAt: completedAt?.toISOString() ?? null,
  };
}

const coveredPoints = (q: QuestionReport | null) =>
  new Set(
    (q?.keyPoints ?? []).filter((k) => keyPointCoverage(k) === 'covered').map((k) => k.point),
  );

/** `GET /api/interview/:id/retry-outcome`: this retry beside the first try of its question. */
export async function retryOutcome(db: Db, userId: string, id: string): Promise<RetryOutcome> {
  const row = await loadOwned(db, userId, id);
  if (row.retryOf === null || row.retryQuestion === null) {
    throw notFound('This attempt is not a retry of a question');
  }
  // The first attempt is the candidate's own (a retry is only made from one's own report).
  const first = await loadOwned(db, userId, row.retryOf);
  const firstContent = await reportContentOf(db, first.id);
  const firstQ = firstContent?.questionReports[row.retryQuestion] ?? null;
  if (!firstQ) throw notFound('The first try of this question has no report');
  const [report] = await db
    .select({ status: reports.status })
    .from(reports)
    .where(eq(reports.interviewId, id))
    .limit(1);
  const nowContent = await reportContentOf(db, id);
  const nowQ = retriedIn(nowContent, firstQ.question);
  // One list of points for both sides: the first try's (a set edited since keeps its snapshot).
  const points = firstQ.keyPoints.map((k) => k.point);
  const before = coveredPoints(firstQ);
  const after = coveredPoints(nowQ);
  return {
    question: firstQ.question,
    kind: firstQ.kind ?? 'technical',
    first: tryOf(first.id, first.completedAt, firstQ, points),
    now: tryOf(row.id, row.completedAt, nowQ, points),
    newlyCovered: nowQ ? points.filter((p) => after.has(p) && !before.has(p)) : [],
    noLongerCovered: nowQ ? points.filter((p) => before.has(p) && !after.has(p)) : [],
    status:
      report?.status === 'completed'
        ? 'completed'
        : report?.status === 'failed'
          ? 'failed'
          : 'pending',
  };
}

/**
 * `GET /api/user/question-progress`: each question the candidate retried, with its first, best
 * and latest score over the first try and every later try whose report is complete: a retry of
 * the question, or a "Practise next" drill that asked it again (decision 045).
 */
export async function questionProgress(db: Db, userId: string): Promise<QuestionProgress[]> {
  const later = await db
    .select({
      id: interviews.id,
      retryOf: interviews.retryOf,
      retryQuestion: interviews.retryQuestion,
      drill: interviews.drill,
      completedAt: interviews.completedAt,
      content: reports.content,
    })
    .from(interviews)
    .innerJoin(reports, eq(reports.interviewId, interviews.id))
    .where(
      and(
        eq(interviews.userId, userId),
        or(isNotNull(interviews.retryOf), isNotNull(interviews.drill)),
        eq(reports.status, 'completed'),
      ),
    )
    .orderBy(asc(interviews.completedAt), asc(interviews.createdAt));
  // Each later try, under the first attempt and question of its chain; a drill holds one per
  // question it asked again.
  type Try = { id: string; at: Date | null; content: unknown; question: string | null };
  const chains = new Map<string, { first: string; index: number; tries: Try[] }>();
  const addTry = (first: string, index: number, t: Try) => {
    const k = `${first}:${index}`;
    const chain = chains.get(k) ?? { first, index, tries: [] };
    chain.tries.push(t);
    chains.set(k, chain);
  };
  for (const r of later) {
    if (r.retryOf !== null && r.retryQuestion !== null) {
      addTry(r.retryOf, r.retryQuestion, {
        id: r.id,
        at: r.completedAt,
        content: r.content,
        question: null,
      });
    }
    for (const q of r.drill?.questions ?? []) {
      if (q.from) {
        addTry(q.from.interviewId, q.from.questionIndex, {
          id: r.id,
          at: r.completedAt,
          content: r.content,
          question: q.questionText,
        });
      }
    }
  }
  const out: QuestionProgress[] = [];
  for (const chain of chains.values()) {
    const first = await db
      .select({ completedAt: interviews.completedAt })
      .from(interviews)
      .where(and(eq(interviews.id, chain.first), eq(interviews.userId, userId)))
      .limit(1);
    const firstQ = first[0]
      ? ((await reportContentOf(db, chain.first))?.questionReports[chain.index] ?? null)
      : null;
    if (!firstQ) continue;
    const later = chain.tries.flatMap((t) => {
      const content = reportContentSchema.safeParse(t.content);
      const asked = content.success ? content.data : null;
      // A drill asked several questions: only the one with this question's words is this try,
      // and a drill ended before the candidate answered the question did not try it.
      const parsed = t.question
        ? (asked?.questionReports.find((q) => q.question.trim() === firstQ.question.trim()) ?? null)
        : retriedIn(asked, firstQ.question);
      if (t.question && !parsed?.answer.trim()) return [];
      return [{ id: t.id, at: t.at, score: parsed?.scored ? parsed.score : null }];
    });
    if (later.length === 0) continue;
    const tries = [
      { id: chain.first, at: first[0]!.completedAt, score: firstQ.scored ? firstQ.score : null },
      ...later,
    ];
    const scored = tries.filter((t) => t.score !== null);
    const latest = scored.at(-1) ?? tries.at(-1)!;
    out.push({
      question: firstQ.question,
      interviewId: chain.first,
      questionIndex: chain.index,
      tries: scored.length,
      first: tries[0]!.score,
      best: scored.length ? Math.max(...scored.map((t) => t.score!)) : null,
      latest: latest.score,
      latestInterviewId: latest.id,
      latestAt: latest.at?.toISOString() ?? null,
    });
  }
  return out.sort((a, b) => (b.latestAt ?? '').localeCompare(a.latestAt ?? ''));
}

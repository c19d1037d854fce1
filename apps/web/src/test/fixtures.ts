import type {
  HistoryItem,
  HistoryResponse,
  InterviewSet,
  InterviewSetSummary,
  QuestionReport,
  Report,
  ScorePoint,
  UserStats,
} from '@candor/shared';
import { vi } from 'vitest';

/**
 * Answers of the server as several screens' tests need them, each with plain defaults the test
 * overrides with what it is about.
 */

/** A candidate's figures before any interview (GET /api/user/stats). */
export function userStats(over: Partial<UserStats> = {}): UserStats {
  return {
    totalInterviews: 0,
    completedInterviews: 0,
    averageScore: null,
    trend: [],
    categoryAverages: [],
    practiseNext: null,
    creditsUsed: 0,
    creditsLimit: null,
    creditsPeriod: 'month',
    ...over,
  };
}

/** The `n`th scored attempt of a trend (on the `n`th of February), scoring `overall`. */
export function scorePoint(n: number, overall: number, over: Partial<ScorePoint> = {}): ScorePoint {
  return {
    interviewId: `i${n}`,
    interviewSetId: 'rest',
    title: 'REST API Design',
    categoryName: 'Backend',
    difficulty: 'mid',
    completedAt: `2026-02-0${n}T12:00:00.000Z`,
    overall,
    communication: overall + 5,
    problemSolving: overall - 10,
    confidence: null,
    ...over,
  };
}

/** A completed attempt as the history lists it, scoring `score`. */
export function historyItem(over: Partial<HistoryItem> = {}, score = 90): HistoryItem {
  const title = over.title ?? 'REST API Design';
  return {
    id: 'i1',
    title,
    type: 'fixed',
    status: 'completed',
    cancelReason: null,
    categoryName: 'Backend',
    topics: [],
    duration: 30,
    scheduledAt: '2026-02-01T10:00:00.000Z',
    createdAt: '2026-02-01T10:00:00.000Z',
    completedAt: '2026-02-01T10:30:00.000Z',
    elapsedMs: 0,
    interviewSetId: null,
    interviewSet: { title, category: { name: 'Backend' } },
    report: { overallScore: score, status: 'completed' },
    ...over,
  };
}

/** Page `page` of `items`, `limit` a page, with the figures the server's paged lists carry. */
export function paginate<T>(items: T[], page: number, limit: number) {
  return {
    items: items.slice((page - 1) * limit, page * limit),
    meta: {
      totalCount: items.length,
      totalPages: Math.max(1, Math.ceil(items.length / limit)),
      currentPage: page,
      limit,
    },
  };
}

/** The history's answer: every item on one page of `limit`. */
export function historyPage(items: HistoryItem[], limit = 10): HistoryResponse {
  return {
    interviews: items,
    meta: { totalCount: items.length, totalPages: 1, currentPage: 1, limit },
  };
}

/** Charts (Recharts' ResponsiveContainer) measure themselves; jsdom has no ResizeObserver. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

type ReportHeader = Pick<
  Report,
  'id' | 'interviewId' | 'error' | 'provider' | 'model' | 'interview' | 'createdAt' | 'updatedAt'
>;

/** A report's identity and its attempt, as every state of a report carries them. */
export function reportHeader(over: Partial<ReportHeader> = {}): ReportHeader {
  return {
    id: '0b7f1c7e-6f55-4b8e-8a57-3c0c2f0e9a11',
    interviewId: '7d1c6a4e-2f0b-4c9a-9d0e-1a2b3c4d5e6f',
    error: null,
    provider: 'builtin',
    model: null,
    interview: {
      title: 'JavaScript Fundamentals',
      categoryName: 'Frontend',
      difficulty: 'mid',
      type: 'fixed',
      duration: 30,
      status: 'completed',
      startedAt: '2026-01-01T10:00:00.000Z',
      completedAt: '2026-01-01T10:20:00.000Z',
    },
    createdAt: '2026-01-01T10:20:00.000Z',
    updatedAt: '2026-01-01T10:21:00.000Z',
    ...over,
  };
}

/** A finished report scoring 72 overall, with a strength and the builtin evaluator's word. */
export function completedReport(over: Partial<Report> = {}): Report {
  return {
    ...reportHeader(),
    status: 'completed',
    overallScore: 72,
    communicationScore: 75,
    problemSolvingScore: 64,
    confidenceScore: 58,
    skillBreakdown: [],
    strengths: ['Precise definitions'],
    improvements: [],
    recommendations: [],
    overallComment: 'A solid attempt.',
    aiInsights: 'You explain concepts well.',
    questionReports: [],
    overview: {
      totalQuestions: 2,
      interviewDuration: 19.5,
      category: 'Frontend',
      difficulty: 'mid',
      topicsCovered: [],
    },
    fallback: false,
    fallbackReason: null,
    endedEarly: false,
    ...over,
  };
}

/** An interview set as the admin catalogue lists it: Frontend, mid level, topic-based, 30 minutes. */
export function interviewSet(over: Partial<InterviewSet> = {}): InterviewSet {
  return {
    id: crypto.randomUUID(),
    title: 'Title',
    description: '',
    category: { id: 'Frontend', name: 'Frontend' },
    categoryId: 'Frontend',
    categoryName: 'Frontend',
    difficulty: 'mid',
    type: 'topic-based',
    topics: [],
    duration: 30,
    followUpDepth: 1,
    inviteQuestions: true,
    showHome: false,
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    aiPrompt: null,
    _count: { interviews: 0, questions: 0 },
    ...over,
  };
}

/** The same set as a candidate's lists carry it (no prompt), never completed by them. */
export function setSummary(over: Partial<InterviewSetSummary> = {}): InterviewSetSummary {
  const { aiPrompt: _prompt, ...set } = interviewSet();
  return { ...set, completedCount: 0, ...over };
}

/** One scored question of a report (a thin technical answer unless `over` says otherwise). */
export function questionReport(over: Partial<QuestionReport> = {}): QuestionReport {
  return {
    question: 'What is a closure?',
    answer: 'A function.',
    score: 42,
    comment: 'Thin.',
    tags: [],
    evaluation: null,
    dimensions: null,
    scored: true,
    notScoredReason: null,
    expectedAnswer: null,
    keyPoints: [],
    speech: null,
    scoredBy: 'builtin',
    ...over,
  };
}

import type { CoachCandidate, CoachReport, Report } from '@candor/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fake-server';
import {
  completedReport,
  historyItem,
  historyPage,
  reportHeader,
  scorePoint,
  stubResizeObserver,
  userStats,
} from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { CoachCandidateRoute } from './coach-candidate-route';
import { CoachReportRoute } from './coach-report-route';

const CANDIDATE = '0b7f1c7e-6f55-4b8e-8a57-3c0c2f0e9a11';
const ATTEMPT = '7d1c6a4e-2f0b-4c9a-9d0e-1a2b3c4d5e6f';

const stats = userStats({
  totalInterviews: 2,
  completedInterviews: 1,
  averageScore: 72,
  trend: [
    scorePoint(1, 72, {
      interviewId: ATTEMPT,
      interviewSetId: 'set-1',
      communication: 80,
      problemSolving: 64,
      confidence: 70,
    }),
  ],
});

const candidate: CoachCandidate = {
  candidate: {
    id: CANDIDATE,
    firstName: 'Zoë',
    lastName: "O'Brien-Smith",
    email: 'zoe@example.com',
    experienceLevel: 'senior',
    status: 'active',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  stats,
};

const attempts = historyPage([historyItem({ id: ATTEMPT, interviewSetId: 'set-1' }, 72)]);

const report = (over: Partial<Report>) =>
  completedReport({
    interviewId: ATTEMPT,
    strengths: ['Clear resource naming'],
    interview: { ...reportHeader().interview, title: 'REST API Design', categoryName: 'Backend' },
    ...over,
  });

function serve(answers: Record<string, unknown>) {
  return fakeServer({
    fallback: ({ path }) =>
      path in answers ? { body: answers[path] } : { status: 404, body: { message: 'Not found' } },
  }).requests;
}

const showCandidate = () =>
  renderRoutes(`/admin/candidates/${CANDIDATE}`, {
    '/admin/candidates/:id': <CoachCandidateRoute />,
  });
const showReport = () =>
  renderRoutes(`/admin/candidates/${CANDIDATE}/reports/${ATTEMPT}`, {
    '/admin/candidates/:id/reports/:attemptId': <CoachReportRoute />,
  });

beforeEach(stubResizeObserver);
afterEach(() => vi.unstubAllGlobals());

describe('coach review routes', { timeout: 20_000 }, () => {
  it("shows a candidate's profile, progress chart and attempts, each opening its report", async () => {
    const requests = serve({
      [`/api/admin/candidates/${CANDIDATE}`]: candidate,
      [`/api/admin/candidates/${CANDIDATE}/attempts`]: attempts,
    });
    showCandidate();
    expect(screen.getByText('Loading candidate...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: "Zoë O'Brien-Smith" })).toBeTruthy();
    expect(screen.getByTestId('coach-average').textContent).toBe('72%');
    // The progress feature's chart, titled for a coach, without the candidate's 'practise next'.
    expect(screen.getByText('Progress')).toBeTruthy();
    expect(screen.queryByText('Your progress')).toBeNull();
    const link = await screen.findByRole('link', { name: /View report: REST API Design/ });
    expect(link.getAttribute('href')).toBe(`/admin/candidates/${CANDIDATE}/reports/${ATTEMPT}`);
    expect(requests.some((r) => r.url.includes('/attempts?page=1&limit=10'))).toBe(true);
  });

  it('says when the candidate does not exist', async () => {
    serve({});
    showCandidate();
    expect(await screen.findByText('Candidate not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Candidates/ })).toBeTruthy();
  });

  it("reads the candidate's report with its transcript, read-only, from one audited request", async () => {
    const body: CoachReport = {
      report: report({}),
      conversation: [
        {
          id: 'a1',
          seq: 1,
          speaker: 'AI',
          message: 'How would you version an API?',
          timestamp: '2026-02-01T11:31:05.000Z',
        },
        {
          id: 'u1',
          seq: 2,
          speaker: 'User',
          message: 'Okay, so… I would put the version in the path.',
          timestamp: '2026-02-01T11:31:30.000Z',
        },
      ],
      recordingsAllowed: false,
      recordings: [],
    };
    const requests = serve({
      [`/api/admin/candidates/${CANDIDATE}/attempts/${ATTEMPT}/report`]: body,
      [`/api/admin/candidates/${CANDIDATE}/attempts/${ATTEMPT}/feedback`]: { feedback: null },
      '/api/admin/rubrics': {
        rubrics: [
          {
            id: '00000000-0000-4000-8000-0000000000aa',
            name: 'Interview answer',
            isDefault: true,
            criteria: [{ name: 'Accuracy', description: '' }],
            updatedAt: '2026-02-01T11:00:00.000Z',
          },
        ],
      },
    });
    showReport();
    expect(await screen.findByRole('heading', { name: 'REST API Design' })).toBeTruthy();
    expect(screen.getByTestId('overall-score').textContent).toBe('72%');
    expect(screen.getByText('Clear resource naming')).toBeTruthy();
    expect(await screen.findByText('Okay, so… I would put the version in the path.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to candidate/ }).getAttribute('href')).toBe(
      `/admin/candidates/${CANDIDATE}`,
    );
    // No recording: the slot stays empty.
    expect(screen.queryByText('Recordings')).toBeNull();
    // The coach-feedback feature's editor, with the library's default rubric chosen.
    expect(await screen.findByRole('form', { name: 'Coach feedback' })).toBeTruthy();
    expect(
      (screen.getByLabelText('Rubric for scores') as HTMLSelectElement).selectedOptions[0]
        ?.textContent,
    ).toBe('Interview answer');
    // Report and transcript share one request (one audit entry), and nothing of the candidate's
    // own API; the feedback and the rubric library are the only other reads.
    const gets = requests.filter((r) => r.path.startsWith('/api/'));
    expect(gets.map((r) => r.path).sort()).toEqual(
      [
        `/api/admin/candidates/${CANDIDATE}/attempts/${ATTEMPT}/report`,
        `/api/admin/candidates/${CANDIDATE}/attempts/${ATTEMPT}/feedback`,
        '/api/admin/rubrics',
      ].sort(),
    );
  });

  it('shows a failed report without offering to generate it again', async () => {
    serve({
      [`/api/admin/candidates/${CANDIDATE}/attempts/${ATTEMPT}/report`]: {
        report: report({ status: 'failed', error: 'The AI provider timed out' }),
        conversation: [],
        recordingsAllowed: true,
        recordings: [{ answerId: 'u1' }],
      },
    });
    showReport();
    expect(await screen.findByText('The AI provider timed out')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    // The recording slot, once the server answers one.
    expect(screen.getByText('Recordings')).toBeTruthy();
    expect(screen.getByLabelText('Answer 1').getAttribute('src')).toBe(
      `/api/interview/${ATTEMPT}/answers/u1/recording`,
    );
  });
});

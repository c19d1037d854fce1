import type { RetryOutcome } from '@candor/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type RecordedRequest } from '@/test/fake-server';
import { completedReport, questionReport } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { ReportRoute } from './report-route';

/**
 * The practice loop on the report (issue 30): "Retry this question" under each scored question
 * starts a retry of that question and opens it; a retry's report shows it beside the first try.
 */

const ID = '7d1c6a4e-2f0b-4c9a-9d0e-1a2b3c4d5e6f';
const RETRY = '0e9f8a7b-6c5d-4e3f-8a1b-2c3d4e5f6a7b';

const question = questionReport;

const OUTCOME: RetryOutcome = {
  question: 'What is a closure?',
  kind: 'technical',
  status: 'completed',
  first: {
    interviewId: ID,
    score: 42,
    keyPointsCovered: 0,
    keyPointsTotal: 2,
    fillerCount: 3,
    wordCount: 9,
    completedAt: '2026-01-01T10:00:00.000Z',
  },
  now: {
    interviewId: RETRY,
    score: 71,
    keyPointsCovered: 2,
    keyPointsTotal: 2,
    fillerCount: 0,
    wordCount: 44,
    completedAt: '2026-01-02T10:00:00.000Z',
  },
  newlyCovered: ['Keeps its outer scope', 'Used for callbacks'],
  noLongerCovered: [],
};

function serve(outcome: RetryOutcome | null) {
  return fakeServer({
    fallback: ({ method, path }: RecordedRequest) => {
      if (method === 'POST' && path === `/api/interview/${ID}/retries`)
        return { body: { id: RETRY, roomId: `interview-${RETRY}` } };
      if (path.endsWith('/retry-outcome'))
        return outcome
          ? { body: outcome }
          : { status: 404, body: { message: 'This attempt is not a retry of a question' } };
      if (path.startsWith('/api/report/'))
        return {
          body: completedReport({
            questionReports: [
              question({}),
              question({
                question: 'Explain the event loop.',
                scored: false,
                score: null,
                notScoredReason: 'not answered',
              }),
            ],
          }),
        };
      if (path.endsWith('/model-answers'))
        return {
          body: [
            {
              questionIndex: 0,
              text: 'A closure keeps access to its outer scope, for example a private counter.',
              keyPoints: [],
              source: 'model',
              example: true,
            },
          ],
        };
      if (path.endsWith('/comparison')) return { body: { current: null, previous: null } };
      return { body: { id: ID, conversation: [] } };
    },
  }).requests;
}

afterEach(() => vi.unstubAllGlobals());

describe('the practice loop on a report', () => {
  it('offers a retry under each scored question only, and opens the retry it starts', async () => {
    const requests = serve(null);
    renderRoutes(`/reports/${ID}`, {
      '/reports/:id': <ReportRoute />,
      '/interview/retry/:attemptId': <p>Retry screen</p>,
    });
    await screen.findByText(/Q1\. What is a closure\?/);
    const buttons = screen.getAllByRole('button', { name: /Retry this question/ });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.getAttribute('aria-label')).toBe('Retry this question: Q1');
    expect(screen.getByText('Uses one interview credit.')).toBeTruthy();
    // The model answer after the candidate's own, marked as an example; none for Q2 (unanswered).
    const examples = await screen.findAllByTestId('model-answer');
    expect(examples).toHaveLength(1);
    expect(examples[0]!.getAttribute('aria-label')).toBe('Model answer to question 1');
    expect(within(examples[0]!).getByText('Example')).toBeTruthy();
    expect(within(examples[0]!).getByText(/for example a private counter/)).toBeTruthy();
    // Not a retry: no comparison card.
    expect(screen.queryByTestId('retry-outcome')).toBeNull();
    await userEvent.click(buttons[0]!);
    expect(await screen.findByText('Retry screen')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST');
    expect(post).toMatchObject({ path: `/api/interview/${ID}/retries`, body: { question: 0 } });
  });

  it("shows a retry's score beside the first try, and what changed", async () => {
    serve(OUTCOME);
    renderRoutes(`/reports/${RETRY}`, { '/reports/:id': <ReportRoute /> });
    const card = await screen.findByTestId('retry-outcome');
    expect(within(card).getByTestId('retry-first-score').textContent).toBe('42');
    expect(within(card).getByTestId('retry-now-score').textContent).toBe('71');
    expect(within(card).getByText('(+29)')).toBeTruthy();
    const rows = within(card)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toContain('Key points covered0 of 22 of 2');
    expect(rows).toContain('Filler words30');
    expect(rows).toContain('Length9 words44 words');
    expect(within(card).getByText('Used for callbacks')).toBeTruthy();
    expect(
      within(card).getByRole('link', { name: "Open the first try's report" }).getAttribute('href'),
    ).toBe(`/reports/${ID}`);
  });
});

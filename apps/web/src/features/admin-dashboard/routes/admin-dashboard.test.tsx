import type { AiUsageReport, Analytics } from '@candor/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { AdminDashboardPage } from './admin-dashboard';

const NO_USAGE: AiUsageReport = {
  days: 30,
  prices: { input: 0, output: 0, speechMinute: 0, voiceMillionCharacters: 0 },
  totals: {
    calls: 0,
    promptTokens: 0,
    completionTokens: 0,
    speechSeconds: 0,
    speechCharacters: 0,
    cost: 0,
  },
  byDay: [],
  byCandidate: [],
  bySet: [],
};

/** The analytics of a platform where nobody has taken an interview yet. */
const NO_INTERVIEWS: Analytics = {
  totalUsers: 0,
  totalInterviews: 0,
  completedInterviews: 0,
  scheduledInterviews: 0,
  inProgressInterviews: 0,
  cancelledInterviews: 0,
  abandonedInterviews: 0,
  finishedInterviews: 0,
  averageScore: null,
  topCategory: null,
};

function serve(body: Analytics | null, status = 200, usage: AiUsageReport = NO_USAGE) {
  return fakeServer({
    fallback: (request) =>
      request.path === '/api/admin/analytics/usage'
        ? {
            body: {
              ...usage,
              days: Number(new URLSearchParams(request.url.split('?')[1]).get('days')),
            },
          }
        : { status, body: body ?? { message: 'down' } },
  });
}
const card = (label: string) => screen.getByTestId(`analytics-${label}`).textContent;

afterEach(() => vi.unstubAllGlobals());

describe('AdminDashboardPage', { timeout: 20_000 }, () => {
  it('shows every analytics card, the in-progress ones included, so the counts add up', async () => {
    serve({
      totalUsers: 12,
      totalInterviews: 10,
      completedInterviews: 4,
      scheduledInterviews: 1,
      inProgressInterviews: 2,
      cancelledInterviews: 3,
      abandonedInterviews: 2,
      finishedInterviews: 7,
      averageScore: 70,
      topCategory: 'Frontend',
    });
    renderWithProviders(<AdminDashboardPage />, { path: '/admin/dashboard' });
    await screen.findByTestId('analytics-Total Users');
    expect(
      [
        'Total Users',
        'Total Interviews',
        'Completed',
        'Scheduled',
        'In Progress',
        'Cancelled Interviews',
        'Success Rate',
        'Average Score',
        'Top Category',
      ].map(card),
    ).toEqual(['12', '10', '4', '1', '2', '3', '57%', '70%', 'Frontend']);
    const statuses = ['Completed', 'Scheduled', 'In Progress', 'Cancelled Interviews'];
    expect(statuses.map((l) => Number(card(l))).reduce((a, b) => a + b)).toBe(
      Number(card('Total Interviews')),
    );
    expect(screen.getByTestId('analytics-note-Cancelled Interviews').textContent).toBe(
      'Includes 2 abandoned (idle 24 h)',
    );
  });

  it("shows 'N/A' for a missing average and top category, never NaN", async () => {
    serve(NO_INTERVIEWS);
    renderWithProviders(<AdminDashboardPage />, { path: '/admin/dashboard' });
    await screen.findByTestId('analytics-Total Users');
    expect(card('Average Score')).toBe('N/A');
    expect(card('Top Category')).toBe('N/A');
    expect(card('Success Rate')).toBe('N/A');
    expect(card('Total Interviews')).toBe('0');
    expect(document.body.textContent).not.toContain('NaN');
  });

  it('retries with Try Again after a failure', async () => {
    serve(null, 500);
    renderWithProviders(<AdminDashboardPage />, { path: '/admin/dashboard' });
    const retry = await screen.findByRole('button', { name: 'Try Again' });
    serve({ ...NO_INTERVIEWS, totalUsers: 1 });
    await userEvent.click(retry);
    expect(await screen.findByTestId('analytics-Total Users')).toBeTruthy();
    expect(card('Total Users')).toBe('1');
  });

  it('shows AI usage and estimated cost per day, candidate and set, and changes the window', async () => {
    const figures = (calls: number, p: number, c: number, cost: number, seconds = 0) => ({
      calls,
      promptTokens: p,
      completionTokens: c,
      speechSeconds: seconds,
      speechCharacters: seconds * 15,
      cost,
    });
    const { requests } = serve(
      {
        ...NO_INTERVIEWS,
        totalUsers: 1,
        totalInterviews: 1,
        completedInterviews: 1,
        finishedInterviews: 1,
        averageScore: 70,
        topCategory: 'Backend',
      },
      200,
      {
        days: 30,
        prices: { input: 2.5, output: 10, speechMinute: 0.006, voiceMillionCharacters: 15 },
        totals: figures(3, 12_000, 800, 0.038, 90),
        byDay: [
          { date: '2026-11-22', ...figures(0, 0, 0, 0) },
          { date: '2026-11-23', ...figures(3, 12_000, 800, 0.038) },
        ],
        byCandidate: [
          {
            userId: 'u1',
            name: "Zoë O'Brien-Smith",
            email: 'zoe@example.com',
            ...figures(3, 12_000, 800, 0.038),
          },
        ],
        bySet: [
          { interviewSetId: null, title: 'Old caching set', ...figures(3, 12_000, 800, 0.038) },
        ],
      },
    );
    renderWithProviders(<AdminDashboardPage />, { path: '/admin/dashboard' });
    expect((await screen.findByTestId('usage-AI calls')).textContent).toBe('3');
    expect(screen.getByTestId('usage-Input tokens').textContent).toBe('12,000');
    expect(screen.getByTestId('usage-Estimated cost').textContent).toBe('0.0380');
    expect(
      screen.getByText(/at 2.5 per million input tokens and 10 per million output/),
    ).toBeTruthy();
    // Server speech: 90 s recognised, 1,350 characters voiced, and its prices.
    expect(screen.getByTestId('usage-Speech recognised (min)').textContent).toBe('1.5');
    expect(screen.getByTestId('usage-Characters voiced').textContent).toBe('1,350');
    expect(
      screen.getByText(/0.006 per minute recognised and 15 per million characters/),
    ).toBeTruthy();
    const perDay = screen.getByRole('table', { name: 'Per day' });
    // Only days with calls are listed.
    expect(within(perDay).getAllByRole('row')).toHaveLength(2);
    expect(within(perDay).getByRole('rowheader').textContent).toBe('2026-11-23');
    const perCandidate = screen.getByRole('table', { name: 'Per candidate' });
    expect(within(perCandidate).getByRole('rowheader').textContent).toBe(
      "Zoë O'Brien-Smithzoe@example.com",
    );
    const perSet = screen.getByRole('table', { name: 'Per interview set' });
    expect(within(perSet).getByText('Set deleted')).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Window'), 'Last 7 days');
    await vi.waitFor(() =>
      expect(requests.map((r) => r.url)).toContain('/api/admin/analytics/usage?days=7'),
    );
  });

  it('says when no AI call ran in the window', async () => {
    serve(NO_INTERVIEWS);
    renderWithProviders(<AdminDashboardPage />, { path: '/admin/dashboard' });
    expect(await screen.findByText('No AI calls in this window')).toBeTruthy();
  });
});

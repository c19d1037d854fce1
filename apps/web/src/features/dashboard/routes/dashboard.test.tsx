import type { HistoryItem, PublicUser } from '@candor/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryOptions } from '@/lib/session';
import { fakeServer } from '@/test/fake-server';
import { historyItem, historyPage, scorePoint, setSummary, userStats } from '@/test/fixtures';
import { DashboardPage } from './dashboard';

// The HTTP boundary only; the page, its queries and components are the real ones.
type Routes = Record<string, unknown>;
function serve(routes: Routes, fail: string[] = []) {
  return fakeServer({
    fallback: ({ path }) =>
      fail.includes(path)
        ? { status: 500, body: { message: 'down' } }
        : { body: routes[path] ?? null },
  }).requests;
}

function renderDashboard(
  me: Partial<PublicUser> | null = { firstName: 'Ada' },
  progress?: React.ReactNode,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryOptions.queryKey, me as PublicUser);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DashboardPage progress={progress} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const set = setSummary({
  id: 'set-1',
  title: 'React Deep Dive',
  description: 'Hooks and rendering.',
  category: { id: 'c', name: 'Frontend Development' },
  categoryId: 'c',
  categoryName: 'Frontend Development',
  difficulty: 'senior',
  topics: ['Hooks', 'Suspense', 'Server Components', 'Testing'],
  duration: 45,
  showHome: true,
});
const item = (id: string, title: string, score: number) => historyItem({ id, title }, score);
const history = (items: HistoryItem[]) => historyPage(items, 3);

/** A new candidate's dashboard: no figures, no attempt, nothing to practise quickly. */
const NOTHING_YET: Routes = {
  '/api/user/stats': userStats(),
  '/api/interview': history([]),
  '/api/interview/quick-practice': [],
};

afterEach(() => vi.unstubAllGlobals());

describe('DashboardPage', { timeout: 20_000 }, () => {
  it('shows zero data honestly: fallback name, 0 counts, N/A average, empty recent list', async () => {
    serve(NOTHING_YET);
    renderDashboard({ firstName: '' });
    // The welcome is drawn at once (it needs only who is signed in); the figures follow.
    expect(screen.getByText('Loading dashboard data...')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Welcome back, User!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Start Practice/ }).getAttribute('href')).toBe(
      '/practice',
    );
    await screen.findByTestId('stat-Total Interviews');
    expect(screen.getByTestId('stat-Total Interviews').textContent).toBe('0');
    expect(screen.getByTestId('stat-Completed').textContent).toBe('0/0');
    // Unlimited: no credits line at all.
    expect(screen.queryByTestId('credits-left')).toBeNull();
    expect(screen.getByTestId('stat-Avg. Score').textContent).toBe('N/A');
    expect(screen.getByText('No completed interviews yet')).toBeTruthy();
  });

  it('shows stats with colour bands, quick practice, recent interviews and the progress slot', async () => {
    const requests = serve({
      '/api/user/stats': userStats({
        totalInterviews: 5,
        completedInterviews: 3,
        averageScore: 74,
        trend: [scorePoint(1, 60, { interviewId: 'a', title: 'First', confidence: 60 })],
        categoryAverages: [{ category: 'Backend', average: 60, count: 1 }],
        practiseNext: { kind: 'dimension', name: 'Problem Solving', score: 50 },
        creditsUsed: 3,
        creditsLimit: 5,
      }),
      '/api/interview': history([
        item('r1', 'SQL Joins', 91),
        item('r2', 'Caching', 70),
        item('r3', 'Queues', 12),
      ]),
      '/api/interview/quick-practice': [set],
    });
    renderDashboard({ firstName: 'Ada' }, <p>progress slot</p>);
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeTruthy();
    expect(await screen.findByText('progress slot')).toBeTruthy();
    expect(screen.getByTestId('credits-left').textContent).toBe(
      '2 of 5 interviews left this month',
    );
    expect(screen.getByTestId('stat-Completed').textContent).toBe('3/5');
    const avg = screen.getByTestId('stat-Avg. Score');
    expect(avg.textContent).toBe('74%');
    expect(avg.dataset.band).toBe('yellow'); // 40+ yellow, 75+ green

    const card = screen.getByTestId('quick-practice-card');
    for (const text of [
      'React Deep Dive',
      'Frontend Development',
      'senior',
      'Hooks and rendering.',
    ])
      expect(within(card).getByText(text)).toBeTruthy();
    expect(within(card).getByText('+1 more')).toBeTruthy();
    expect(within(card).getByText(/45 min/)).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: /Start Interview/ })
        .getAttribute('href'),
    ).toBe('/interview/set-1?category=frontend+development&difficulty=senior&type=topic-based');

    const recent = screen.getByRole('region', { name: 'Recent Completed Interviews' });
    const links = within(recent).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/history',
      '/reports/r1',
      '/reports/r2',
      '/reports/r3',
    ]);
    expect(within(recent).getByText('View All')).toBeTruthy();
    expect(['91%', '70%', '12%'].map((s) => within(recent).getByText(s).dataset.band)).toEqual([
      'green',
      'yellow',
      'red',
    ]);
    // The recent list asks for exactly three completed attempts.
    expect(requests.map((r) => r.url)).toContain('/api/interview?status=completed&page=1&limit=3');
  });

  it('shows the failure and retries with Try Again', async () => {
    const failed = serve(NOTHING_YET, ['/api/user/stats']);
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Failed to load dashboard' })).toBeTruthy();
    serve(NOTHING_YET);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No completed interviews yet')).toBeTruthy();
    expect(failed.map((r) => r.path)).toContain('/api/user/stats');
  });
});

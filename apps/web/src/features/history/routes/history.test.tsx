import type { HistoryItem, HistoryResponse } from '@candor/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { HistoryPage } from './history';

const row = (n: number, over: Partial<HistoryItem> = {}): HistoryItem => ({
  id: `i${n}`,
  title: `Attempt ${n}`,
  type: 'fixed',
  status: 'completed',
  categoryName: 'Backend',
  topics: ['SQL', 'Indexes'],
  duration: 30,
  scheduledAt: '2026-02-01T10:00:00.000Z',
  createdAt: '2026-02-01T10:00:00.000Z',
  completedAt: '2026-02-01T10:30:00.000Z',
  interviewSetId: null,
  interviewSet: { title: `Attempt ${n}`, category: { name: 'Backend' } },
  report: { overallScore: 90, status: 'completed' },
  ...over,
});

/** A tiny stand-in for GET /api/interview over 25 attempts; records every query it is asked. */
function serve(items: HistoryItem[], { failList = false } = {}) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      if (url.pathname === '/api/interview/categories/available')
        return json([
          { id: 'b', name: 'Backend', description: '', icon: '', count: 1 },
          { id: 'f', name: 'Frontend', description: '', icon: '', count: 1 },
        ]);
      const q = url.searchParams;
      asked.push(q);
      const limit = Number(q.get('limit'));
      if (failList && limit !== 3) return json({ message: 'boom' }, 500);
      const search = (q.get('search') ?? '').toLowerCase();
      const matching = items.filter(
        (i) =>
          (!q.get('status') || q.get('status') === 'all' || i.status === q.get('status')) &&
          (!q.get('category') ||
            q.get('category') === 'all' ||
            i.categoryName === q.get('category')) &&
          i.title.toLowerCase().includes(search),
      );
      const page = Number(q.get('page') ?? 1);
      const body: HistoryResponse = {
        interviews: matching.slice((page - 1) * limit, page * limit),
        meta: {
          totalCount: matching.length,
          totalPages: Math.max(1, Math.ceil(matching.length / limit)),
          currentPage: page,
          limit,
        },
      };
      return json(body);
    }),
  );
  return asked;
}

const titles = () =>
  screen.queryAllByTestId('history-row').map((r) => within(r).getByRole('heading').textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// Generous: jsdom renders are slow on a busy machine.
describe('HistoryPage', { timeout: 20_000 }, () => {
  const items = [
    row(1, { title: 'Kubernetes Deep Dive', report: { overallScore: 72, status: 'completed' } }),
    row(2, { status: 'scheduled', report: null, completedAt: null }),
    row(3, { status: 'in_progress', report: null, completedAt: null, categoryName: 'Frontend' }),
    row(4, { status: 'cancelled', report: null, completedAt: null }),
    ...Array.from({ length: 21 }, (_, i) =>
      row(10 + i, { report: { overallScore: 40, status: 'completed' } }),
    ),
  ];

  it('shows counters, rows with status texts, scores and View Report, and pages', async () => {
    serve(items);
    renderWithProviders(<HistoryPage />, { path: '/history' });
    expect(screen.getByText('Loading interview history...')).toBeTruthy();
    expect(await screen.findByText('Kubernetes Deep Dive')).toBeTruthy();
    expect(screen.getByTestId('history-total').textContent).toBe('25');
    expect(screen.getByTestId('history-completed').textContent).toBe('22');
    expect(titles()).toHaveLength(10);

    const [first, scheduled, inProgress, cancelled] = screen.getAllByTestId('history-row');
    expect(within(first!).getByText('72%')).toBeTruthy();
    expect(
      within(first!)
        .getByRole('link', { name: /View Report/ })
        .getAttribute('href'),
    ).toBe('/reports/i1');
    expect(within(first!).getByText('SQL')).toBeTruthy();
    expect(within(first!).getByText('30 min')).toBeTruthy();
    expect(within(scheduled!).getByText('Not Completed')).toBeTruthy();
    expect(within(inProgress!).getByText('In Progress')).toBeTruthy();
    expect(within(cancelled!).getByText('Cancelled')).toBeTruthy();
    expect(within(scheduled!).queryByRole('link')).toBeNull();

    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Attempt 30')).toBeTruthy();
    expect(titles()).toHaveLength(5);
  });

  it('filters by category and status with the spec labels, back on page 1', async () => {
    const asked = serve(items);
    renderWithProviders(<HistoryPage />, { path: '/history' });
    await screen.findByText('Kubernetes Deep Dive');
    const status = screen.getByLabelText('Status');
    expect([...status.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'All Interviews',
      'Completed',
      'Not Completed',
    ]);
    const category = screen.getByLabelText('Category');
    expect(await within(category).findByText('Frontend')).toBeTruthy();
    expect(within(category).getAllByRole('option')[0]!.textContent).toBe('All Categories');

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await userEvent.selectOptions(status, 'Not Completed');
    expect(await screen.findByText('Attempt 2')).toBeTruthy();
    expect(titles()).toEqual(['Attempt 2']);
    expect(asked.at(-1)!.get('status')).toBe('scheduled');
    expect(asked.at(-1)!.get('page')).toBe('1');

    await userEvent.selectOptions(status, 'All Interviews');
    await userEvent.selectOptions(category, 'Frontend');
    expect(await screen.findByText('Attempt 3')).toBeTruthy();
    expect(titles()).toEqual(['Attempt 3']);
  });

  it('debounces the search by 300 ms and shows the empty state', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked = serve(items);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<HistoryPage />, { path: '/history' });
    await screen.findByText('Kubernetes Deep Dive');
    const before = asked.length;
    await user.type(screen.getByRole('searchbox'), 'kube');
    expect(asked.slice(before).some((q) => q.get('search'))).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(await screen.findByText('Kubernetes Deep Dive')).toBeTruthy();
    expect(
      asked
        .slice(before)
        .filter((q) => q.get('search'))
        .map((q) => q.get('search')),
    ).toEqual(['kube']);
    expect(titles()).toEqual(['Kubernetes Deep Dive']);

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nothing like it');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(await screen.findByText('No interviews found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your filters or search term.')).toBeTruthy();
  });

  it('shows the error with a retry', async () => {
    serve(items, { failList: true });
    renderWithProviders(<HistoryPage />, { path: '/history' });
    expect(await screen.findByText('Failed to load interview history')).toBeTruthy();
    expect(
      screen.getByText('An error occurred while loading your interview history.'),
    ).toBeTruthy();
    serve(items);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Kubernetes Deep Dive')).toBeTruthy();
  });
});

import type { HistoryItem, HistoryResponse } from '@candor/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fake-server';
import { historyItem, paginate } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { HistoryPage } from './history';

const row = (n: number, over: Partial<HistoryItem> = {}): HistoryItem =>
  historyItem({ id: `i${n}`, title: `Attempt ${n}`, topics: ['SQL', 'Indexes'], ...over });

const UNFINISHED = ['scheduled', 'in_progress'];
const statusMatches = (item: HistoryItem, status: string | null) =>
  !status ||
  status === 'all' ||
  item.status === status ||
  (status === 'not_completed' && UNFINISHED.includes(item.status));

/**
 * A tiny stand-in for GET /api/interview over 25 attempts (and PUT /api/interview/:id, which
 * cancels or ends); records every query it is asked, every discard and every end.
 */
function serve(items: HistoryItem[], { failList = false, failDiscard = false } = {}) {
  const asked: URLSearchParams[] = [];
  const discarded: string[] = [];
  const ended: string[] = [];
  fakeServer({
    fallback: (request) => {
      const url = new URL(request.url, 'http://localhost');
      const json = (body: unknown, status = 200) => ({ status, body });
      if (request.method === 'PUT') {
        if (failDiscard) return json({ message: 'The server is down' }, 503);
        const id = url.pathname.split('/').at(-1)!;
        if ((request.body as { status: string }).status === 'completed') {
          ended.push(id);
          return json({
            ...items.find((i) => i.id === id)!,
            status: 'completed',
            checkUntil: null,
          });
        }
        expect(request.body).toEqual({ status: 'cancelled' });
        discarded.push(id);
        const item = items.find((i) => i.id === id)!;
        Object.assign(item, { status: 'cancelled', cancelReason: 'discarded' });
        return json({ ...item });
      }
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
          statusMatches(i, q.get('status')) &&
          (!q.get('category') ||
            q.get('category') === 'all' ||
            i.categoryName === q.get('category')) &&
          i.title.toLowerCase().includes(search),
      );
      const { items: interviews, meta } = paginate(matching, Number(q.get('page') ?? 1), limit);
      return json({ interviews, meta } satisfies HistoryResponse);
    },
  });
  return Object.assign(asked, { discarded, ended });
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
    row(1, {
      title: 'Kubernetes Deep Dive',
      report: { overallScore: 72, status: 'completed' },
      // 24.5 minutes of a 30-minute set: the row says the attempt's own length (issue 28).
      elapsedMs: 24.5 * 60_000,
    }),
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
    expect(within(first!).getByText('24.5 min')).toBeTruthy();
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
    expect(await screen.findByText('Attempt 3')).toBeTruthy();
    // Scheduled and in-progress attempts alike: the ones that can still be resumed.
    expect(titles()).toEqual(['Attempt 2', 'Attempt 3']);
    expect(asked.at(-1)!.get('status')).toBe('not_completed');
    expect(asked.at(-1)!.get('page')).toBe('1');

    await userEvent.selectOptions(status, 'All Interviews');
    await userEvent.selectOptions(category, 'Frontend');
    expect(await screen.findByText('Attempt 3')).toBeTruthy();
    expect(titles()).toEqual(['Attempt 3']);
  });

  const unfinished = () => [
    row(1, { title: 'Kubernetes Deep Dive' }),
    row(2, { status: 'scheduled', report: null, completedAt: null, interviewSetId: 's1' }),
    // Its set was deleted since: nothing to resume into, but it can still be discarded.
    row(3, { status: 'in_progress', report: null, completedAt: null, interviewSetId: null }),
    row(4, { status: 'cancelled', report: null, completedAt: null, interviewSetId: 's1' }),
    row(5, {
      status: 'cancelled',
      cancelReason: 'abandoned',
      report: null,
      completedAt: null,
      interviewSetId: 's1',
    }),
  ];

  it('offers Resume and Discard on unfinished attempts only; an abandoned one says why', async () => {
    serve(unfinished());
    renderWithProviders(<HistoryPage />, { path: '/history' });
    await screen.findByText('Kubernetes Deep Dive');
    const [done, scheduled, inProgress, cancelled, abandoned] =
      screen.getAllByTestId('history-row');
    expect(
      within(scheduled!).getByRole('link', { name: 'Resume: Attempt 2' }).getAttribute('href'),
    ).toBe('/interview/s1?attempt=i2');
    expect(within(scheduled!).getByRole('button', { name: 'Discard: Attempt 2' })).toBeTruthy();
    expect(within(inProgress!).queryByRole('link', { name: /Resume/ })).toBeNull();
    expect(within(inProgress!).getByRole('button', { name: 'Discard: Attempt 3' })).toBeTruthy();
    for (const finished of [done!, cancelled!, abandoned!]) {
      expect(within(finished).queryByRole('button', { name: /Discard/ })).toBeNull();
      expect(within(finished).queryByRole('link', { name: /Resume/ })).toBeNull();
    }
    expect(within(cancelled!).getByText('Cancelled')).toBeTruthy();
    expect(within(abandoned!).getByLabelText('Abandoned')).toBeTruthy();
    expect(within(abandoned!).getByText('Closed after 24 hours without activity')).toBeTruthy();
  });

  it('says the time left, counted only while in the interview; once it is up, offers the report, not Resume', async () => {
    const asked = serve([
      // Left after a minute of ten, resumed or not days later: nine minutes left.
      row(1, {
        status: 'in_progress',
        report: null,
        completedAt: null,
        duration: 10,
        elapsedMs: 60_500,
        interviewSetId: 's1',
      }),
      row(2, {
        status: 'in_progress',
        report: null,
        completedAt: null,
        duration: 10,
        elapsedMs: 10 * 60_000,
        interviewSetId: 's1',
      }),
    ]);
    renderWithProviders(
      <Routes>
        <Route path="/history" element={<HistoryPage />} />
        <Route path="/reports/:id" element={<p>The report page</p>} />
      </Routes>,
      { path: '/history' },
    );
    await screen.findByText('Attempt 1');
    const [left, up] = screen.getAllByTestId('history-row');
    expect(within(left!).getByTestId('time-left').textContent).toBe('8 min left');
    expect(within(left!).getByRole('link', { name: 'Resume: Attempt 1' })).toBeTruthy();
    expect(within(up!).getByTestId('time-left').textContent).toBe('Time is up');
    expect(within(up!).queryByRole('link', { name: /Resume/ })).toBeNull();
    expect(within(up!).getByRole('button', { name: 'Discard: Attempt 2' })).toBeTruthy();

    await userEvent.click(within(up!).getByRole('button', { name: 'Get report: Attempt 2' }));
    expect(await screen.findByText('The report page')).toBeTruthy();
    expect(asked.ended).toEqual(['i2']);
  });

  it('Discard asks for confirmation, then cancels the attempt', async () => {
    const asked = serve(unfinished());
    renderWithProviders(<HistoryPage />, { path: '/history' });
    await screen.findByText('Kubernetes Deep Dive');
    await userEvent.click(screen.getByRole('button', { name: 'Discard: Attempt 2' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Discard this interview?')).toBeTruthy();
    expect(
      within(dialog).getByText(
        '"Attempt 2" will be marked Cancelled and can no longer be resumed. It stays in your history.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(asked.discarded).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Discard: Attempt 2' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }),
    );
    expect(asked.discarded).toEqual(['i2']);
    const scheduled = screen.getAllByTestId('history-row')[1]!;
    expect(await within(scheduled).findByText('Cancelled')).toBeTruthy();
    expect(within(scheduled).queryByRole('button', { name: /Discard/ })).toBeNull();
  });

  it('a failed discard says so and leaves the attempt resumable', async () => {
    const asked = serve(unfinished(), { failDiscard: true });
    renderWithProviders(
      <>
        <HistoryPage />
        <Toaster />
      </>,
      { path: '/history' },
    );
    await screen.findByText('Kubernetes Deep Dive');
    await userEvent.click(screen.getByRole('button', { name: 'Discard: Attempt 2' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }),
    );
    expect(await screen.findByText('Failed to discard interview')).toBeTruthy();
    expect(screen.getByText('The server is down')).toBeTruthy();
    expect(asked.discarded).toEqual([]);
    expect(screen.getByRole('link', { name: 'Resume: Attempt 2' })).toBeTruthy();
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

import type { CandidateRow, CandidatesResponse } from '@candor/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeUser } from '@/test/fake-server';
import { paginate } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { CandidatesPage } from './candidates';

const candidate = (n: number, over: Partial<CandidateRow> = {}): CandidateRow => ({
  id: `c${n}`,
  firstName: 'Cand',
  lastName: `Number${n}`,
  email: `cand${n}@example.com`,
  experienceLevel: 'mid',
  status: 'active',
  location: null,
  bio: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  totalInterviews: 0,
  completedInterviews: 0,
  finishedInterviews: 0,
  ...over,
});

const COHORTS = [
  { id: 'k1', name: 'Spring bootcamp' },
  { id: 'k2', name: 'Évening cohort' },
];

/**
 * A stand-in for the candidates API over `people`, signed in to the portal as an administrator or
 * a coach; records the list's queries and the status changes.
 */
function serve(people: CandidateRow[], role: 'admin' | 'coach' = 'admin') {
  const asked: URLSearchParams[] = [];
  const changes: unknown[] = [];
  fakeServer({
    admin: makeUser({ id: 'staff-1', role }),
    routes: {
      'GET /api/admin/cohorts': () => ({
        body: {
          cohorts: COHORTS.map((c) => ({
            ...c,
            startsOn: '2031-03-01',
            endsOn: '2031-06-30',
            emailDomain: null,
            coaches: [],
            memberCount: 3,
            createdAt: '2031-01-01T00:00:00.000Z',
          })),
        },
      }),
    },
    fallback: (request) => {
      const url = new URL(request.url, 'http://localhost');
      const json = (body: unknown) => ({ body });
      if (request.method === 'PUT') {
        const body = request.body as { status: 'active' | 'inactive' };
        const id = url.pathname.split('/')[4]!;
        changes.push({ id, ...body });
        const who = people.find((p) => p.id === id)!;
        who.status = body.status;
        return json({ id, status: body.status });
      }
      const q = url.searchParams;
      asked.push(q);
      const search = (q.get('search') ?? '').toLowerCase();
      const matching = people.filter(
        (p) =>
          (`${p.firstName} ${p.lastName}`.toLowerCase().includes(search) ||
            p.email.includes(search)) &&
          (!q.get('status') || q.get('status') === 'all' || p.status === q.get('status')),
      );
      const { items, meta } = paginate(matching, Number(q.get('page')), Number(q.get('limit')));
      const body: CandidatesResponse = {
        data: items,
        pagination: meta,
        summary: {
          totalCandidates: people.length,
          activeCandidates: people.filter((p) => p.status === 'active').length,
          totalInterviews: 9,
          completedInterviews: 4,
        },
      };
      return json(body);
    },
  });
  return { asked, changes };
}

const emails = () =>
  screen.getAllByTestId('candidate-row').map((r) => within(r).getAllByRole('cell')[2]!.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('CandidatesPage', { timeout: 20_000 }, () => {
  it('shows the summary, rows, page sizes and a pager with ellipses beyond 5 pages', async () => {
    const { asked } = serve(Array.from({ length: 75 }, (_, i) => candidate(i + 1)));
    renderWithProviders(<CandidatesPage />, { path: '/admin/candidates' });
    expect(await screen.findByText('cand1@example.com')).toBeTruthy();
    expect(screen.getByText('Total Candidates').nextSibling?.textContent).toBe('75');
    expect(screen.getByText('Completed Interviews').nextSibling?.textContent).toBe('4');
    expect(emails()).toHaveLength(10);
    expect(asked[0]!.get('page')).toBe('1');
    expect(asked[0]!.get('limit')).toBe('10');

    const size = screen.getByLabelText('Page size') as HTMLSelectElement;
    expect([...size.options].map((o) => o.value)).toEqual(['5', '10', '20', '50']);
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    // 8 pages: 1 2 … 8
    expect(
      within(pager)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['', '1', '2', '8', '']);
    expect(pager.textContent).toContain('…');
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 8' }));
    expect(await screen.findByText('cand71@example.com')).toBeTruthy();

    // Changing the page size starts again at page 1.
    await userEvent.selectOptions(size, '50');
    expect(await screen.findByText('cand50@example.com')).toBeTruthy();
    expect(asked.at(-1)!.get('page')).toBe('1');
    expect(emails()).toHaveLength(50);
  });

  it('debounces the search by 500 ms and goes back to page 1; filters too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const people = Array.from({ length: 30 }, (_, i) => candidate(i + 1));
    people[24]!.email = 'grace@navy.mil';
    people[24]!.status = 'inactive';
    const { asked } = serve(people);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<CandidatesPage />, { path: '/admin/candidates' });
    await screen.findByText('cand1@example.com');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('cand11@example.com');

    const before = asked.length;
    await user.type(screen.getByRole('searchbox'), 'grace');
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(asked.slice(before).some((q) => q.get('search'))).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(await screen.findByText('grace@navy.mil')).toBeTruthy();
    const searched = asked.slice(before).filter((q) => q.get('search'));
    expect(searched.map((q) => [q.get('search'), q.get('page')])).toEqual([['grace', '1']]);

    await user.clear(screen.getByRole('searchbox'));
    await act(() => vi.advanceTimersByTimeAsync(500));
    await user.selectOptions(screen.getByLabelText('Status'), 'Inactive');
    expect(await screen.findByText('grace@navy.mil')).toBeTruthy();
    expect(emails()).toEqual(['grace@navy.mil']);
    expect(asked.at(-1)!.get('status')).toBe('inactive');
    const level = screen.getByLabelText('Experience level') as HTMLSelectElement;
    expect([...level.options].map((o) => o.textContent)[0]).toBe('All Levels');
    expect(level.options).toHaveLength(5);
  });

  it('expands a row with the success rate and profile, and deactivates the candidate after confirming', async () => {
    const { changes } = serve([
      candidate(1, {
        totalInterviews: 4,
        completedInterviews: 2,
        finishedInterviews: 3,
        location: 'Lagos',
        bio: 'Distributed systems.',
      }),
    ]);
    renderWithProviders(<CandidatesPage />, { path: '/admin/candidates' });
    const toggle = await screen.findByRole('button', { name: 'Details for cand1@example.com' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // 2 of the 3 finished, rounded: the attempt still in progress is not a failure.
    expect(screen.getByText('Success rate: 67%')).toBeTruthy();
    expect(screen.getByText('Lagos')).toBeTruthy();
    expect(screen.getByText('Distributed systems.')).toBeTruthy();
    expect(screen.getByText('Member since')).toBeTruthy();

    // Deactivation asks first; cancelling changes nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Deactivate Cand Number1?' });
    expect(dialog.textContent).toContain('signed out at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(changes).toEqual([]);
    // Keyboard: Escape closes it too, and focus returns to the button that opened it.
    const deactivate = screen.getByRole('button', { name: 'Deactivate' });
    await userEvent.click(deactivate);
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(deactivate));
    expect(changes).toEqual([]);

    await userEvent.click(deactivate);
    dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeTruthy();
    expect(changes).toEqual([{ id: 'c1', status: 'inactive' }]);
    const row = screen.getByTestId('candidate-row');
    expect(within(row).getByText('Inactive')).toBeTruthy();

    // Activation needs no confirmation.
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(changes).toEqual([
      { id: 'c1', status: 'inactive' },
      { id: 'c1', status: 'active' },
    ]);
  });

  it("gives a coach their cohorts' candidates to read: a cohort filter, no administrator's actions", async () => {
    const { asked } = serve([candidate(1, { location: 'Lagos' })], 'coach');
    renderWithProviders(<CandidatesPage />, { path: '/admin/candidates' });
    expect(await screen.findByText('The candidates of the cohorts you coach.')).toBeTruthy();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Details for cand1@example.com' }),
    );
    expect(screen.getByText('Lagos')).toBeTruthy();
    for (const name of ['Deactivate', 'Delete Cand Number1', 'Make coach'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByText(/credits/i)).toBeNull();
    const cohort = screen.getByLabelText('Cohort') as HTMLSelectElement;
    await waitFor(() => expect(cohort.options).toHaveLength(3));
    expect(cohort.options[0]!.textContent).toBe('All My Cohorts');
    await userEvent.selectOptions(cohort, 'Évening cohort');
    await waitFor(() => expect(asked.at(-1)!.get('cohortId')).toBe('k2'));
    expect(asked.at(-1)!.get('page')).toBe('1');
  });

  it('lets an administrator make a candidate a coach, after confirming', async () => {
    const made: string[] = [];
    fakeServer({
      admin: makeUser({ id: 'staff-1', role: 'admin' }),
      routes: {
        'GET /api/admin/cohorts': () => ({ body: { cohorts: [] } }),
        'PUT /api/admin/coaches/c1': () => {
          made.push('c1');
          return { body: { id: 'c1', name: 'Cand Number1', email: 'cand1@example.com' } };
        },
      },
      fallback: () => ({
        body: {
          data: [candidate(1)],
          pagination: { totalCount: 1, totalPages: 1, currentPage: 1, limit: 10 },
          summary: {
            totalCandidates: 1,
            activeCandidates: 1,
            totalInterviews: 0,
            completedInterviews: 0,
          },
        },
      }),
    });
    renderWithProviders(<CandidatesPage />, { path: '/admin/candidates' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Details for cand1@example.com' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Make coach' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make Cand Number1 a coach?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make coach' }));
    await waitFor(() => expect(made).toEqual(['c1']));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it("shows 'Error loading candidates' with Retry", async () => {
    fakeServer({
      fallback: () => ({ status: 500, body: { message: 'down' } }),
    });
    renderWithProviders(<CandidatesPage />, { path: '/admin/candidates' });
    expect(await screen.findByText('Error loading candidates')).toBeTruthy();
    serve([candidate(1)]);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('cand1@example.com')).toBeTruthy();
  });
});

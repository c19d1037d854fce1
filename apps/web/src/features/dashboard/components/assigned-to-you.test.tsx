import type { MyAssignmentsResponse } from '@candor/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '@/test/fake-server';
import { AssignedToYou } from './assigned-to-you';

// The HTTP boundary only; the card, its queries and the Start are the real ones.
const MINE: MyAssignmentsResponse = {
  assignments: [
    {
      id: 'a-1',
      cohortName: 'Spring Bootcamp',
      opensAt: '2026-11-20T09:00:00.000Z',
      dueAt: '2026-11-29T17:00:00.000Z',
      attemptsAllowed: 2,
      recordingsReviewable: true,
      open: true,
      overdue: false,
      sets: [
        {
          id: 's-1',
          title: 'Closures',
          status: 'done',
          attemptsUsed: 2,
          openInterviewId: null,
          bestScore: 81,
        },
        {
          id: 's-2',
          title: 'Hoisting',
          status: 'not_started',
          attemptsUsed: 0,
          openInterviewId: null,
          bestScore: null,
        },
      ],
    },
  ],
};

function Where() {
  const { pathname, search } = useLocation();
  return <p>Interview page {pathname + search}</p>;
}

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<AssignedToYou />} />
          <Route path="/interview/:id" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Assigned to you', () => {
  it('shows each set with its status and attempts; Start opens its pre-start screen for the assignment', async () => {
    const { requests } = fakeServer({
      routes: { 'GET /api/assignments': () => ({ body: MINE }) },
    });
    renderCard();
    const section = await screen.findByRole('region', { name: 'Assigned to you' });
    expect(within(section).getByText('Spring Bootcamp')).toBeTruthy();
    expect(within(section).getByText(/your coach may listen/)).toBeTruthy();
    expect(within(section).getByText('2 of 2 attempts used · best 81%')).toBeTruthy();
    // Every attempt used: no more Starts.
    expect(
      (screen.getByRole('button', { name: 'Start: Closures' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Start: Hoisting' }));
    // The attempt is made there, by its Start (the interview's choices come first).
    expect(await screen.findByText('Interview page /interview/s-2?assignment=a-1')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows nothing to a candidate without assignments', async () => {
    const { requests } = fakeServer({
      routes: { 'GET /api/assignments': () => ({ body: { assignments: [] } }) },
    });
    const { container } = renderCard();
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    expect(container.innerHTML).toBe('');
  });
});

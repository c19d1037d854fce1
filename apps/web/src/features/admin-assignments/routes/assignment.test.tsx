import type { Assignment, AssignmentGrid } from '@candor/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, makeUser } from '@/test/fake-server';
import { renderRoutes } from '@/test/render';
import { AssignmentPage } from './assignment';

/** Issue 31: a coach changes an assignment after making it (due time, attempts), sending only what changed. */

const assignment = (over: Partial<Assignment> = {}): Assignment => ({
  id: 'as-1',
  cohort: { id: 'k1', name: 'Promo Été' },
  sets: [{ id: 's-1', title: 'Closures' }],
  opensAt: '2031-03-01T09:00:00.000Z',
  dueAt: '2031-03-03T17:00:00.000Z',
  attemptsAllowed: 2,
  recordingsReviewable: false,
  candidates: 0,
  createdAt: '2031-02-28T09:00:00.000Z',
  ...over,
});

describe('AssignmentPage: Edit', () => {
  it('sends only the changed fields, then shows the saved assignment', async () => {
    let stored = assignment();
    const sent: unknown[] = [];
    fakeServer({
      admin: makeUser({ id: 'coach-1', role: 'coach' }),
      routes: {
        'GET /api/admin/assignments/as-1/grid': () => ({
          body: { assignment: stored, rows: [] } satisfies AssignmentGrid,
        }),
        'PUT /api/admin/assignments/as-1': (body) => {
          sent.push(body);
          stored = { ...stored, ...(body as Partial<Assignment>) };
          return { body: stored };
        },
      },
    });
    renderRoutes('/admin/assignments/as-1', { '/admin/assignments/:id': <AssignmentPage /> });
    await screen.findByText(/2 attempts per set/);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Assignment' });
    // Nothing changed: said, not sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Nothing has changed.');
    // A due time before the opening is refused before it is sent.
    const due = within(dialog).getByLabelText('Due');
    fireEvent.change(due, { target: { value: '2031-02-20T12:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'The due time must be after the opening.',
    );
    fireEvent.change(due, { target: { value: '2031-03-05T18:30' } });
    const attempts = within(dialog).getByLabelText('Attempts allowed per set');
    await userEvent.clear(attempts);
    await userEvent.type(attempts, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/3 attempts per set/);
    expect(sent).toEqual([
      { dueAt: new Date('2031-03-05T18:30').toISOString(), attemptsAllowed: 3 },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Edit Assignment' })).toBeNull();
  });
});

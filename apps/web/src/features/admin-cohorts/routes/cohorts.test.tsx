import type { Cohort, MemberImportResult } from '@candor/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeUser } from '@/test/fake-server';
import { renderRoutes, renderWithProviders } from '@/test/render';
import { CohortPage } from './cohort';
import { CohortsPage } from './cohorts';

const cohort = (over: Partial<Cohort> = {}): Cohort => ({
  id: 'k1',
  name: 'Spring bootcamp',
  startsOn: '2031-03-01',
  endsOn: '2031-06-30',
  emailDomain: 'school.edu',
  coaches: [{ id: COACH, name: 'Grace Hopper', email: 'grace@school.edu' }],
  memberCount: 2,
  createdAt: '2031-01-01T00:00:00.000Z',
  ...over,
});

/** A coach's id (ids are UUIDs: the form checks them as the server does). */
const COACH = '7c0a3f51-8d0e-4a58-9b6f-2f1c7e5d9a10';

const staff = (role: 'admin' | 'coach') => makeUser({ id: 'staff-1', role });
const noMembers = {
  data: [],
  pagination: { totalCount: 0, totalPages: 1, currentPage: 1, limit: 50 },
  summary: { totalCandidates: 0, activeCandidates: 0, totalInterviews: 0, completedInterviews: 0 },
};

afterEach(() => vi.unstubAllGlobals());

describe('CohortsPage', { timeout: 20_000 }, () => {
  it('lets an administrator make a cohort with its dates, domain and coaches', async () => {
    const created: unknown[] = [];
    fakeServer({
      admin: staff('admin'),
      routes: {
        'GET /api/admin/cohorts': () => ({ body: { cohorts: [cohort()] } }),
        'GET /api/admin/coaches': () => ({
          body: {
            coaches: [{ id: COACH, name: 'Grace Hopper', email: 'grace@school.edu', cohorts: 1 }],
          },
        }),
        'POST /api/admin/cohorts': (body) => {
          created.push(body);
          return { status: 201, body: cohort({ id: 'k2', name: 'Évening cohort' }) };
        },
      },
    });
    renderRoutes('/admin/cohorts', {
      '/admin/cohorts': <CohortsPage />,
      '/admin/cohorts/:id': <p>cohort page</p>,
    });
    const row = await screen.findByTestId('cohort-row');
    expect(within(row).getByRole('link', { name: 'Spring bootcamp' }).getAttribute('href')).toBe(
      '/admin/cohorts/k1',
    );
    expect(row.textContent).toContain('1 Mar 2031 – 30 Jun 2031');
    expect(await screen.findByRole('list', { name: 'Coaches' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'New Cohort' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Cohort' });
    // Nothing typed: the form says what is missing and sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Cohort' }));
    expect(await within(dialog).findByText('name must be at least 2 characters')).toBeTruthy();
    expect(created).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Évening cohort');
    // A date input takes a whole date at once (typing it character by character is refused).
    fireEvent.change(within(dialog).getByLabelText('Starts on'), {
      target: { value: '2031-09-01' },
    });
    fireEvent.change(within(dialog).getByLabelText('Ends on'), { target: { value: '2031-12-15' } });
    await userEvent.type(within(dialog).getByLabelText('E-mail domain (optional)'), '@School.edu');
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Cohort' }));
    expect(await screen.findByText('cohort page')).toBeTruthy();
    expect(created).toEqual([
      {
        name: 'Évening cohort',
        startsOn: '2031-09-01',
        endsOn: '2031-12-15',
        emailDomain: 'school.edu',
        coachIds: [COACH],
      },
    ]);
  });

  it('shows a coach their cohorts, with nothing to make or change', async () => {
    const { requests } = fakeServer({
      admin: staff('coach'),
      routes: { 'GET /api/admin/cohorts': () => ({ body: { cohorts: [cohort()] } }) },
    });
    renderWithProviders(<CohortsPage />, { path: '/admin/cohorts' });
    expect(await screen.findByText('The cohorts you coach.')).toBeTruthy();
    await screen.findByTestId('cohort-row');
    expect(screen.queryByRole('button', { name: 'New Cohort' })).toBeNull();
    expect(screen.queryByText('Coaches', { selector: 'h2' })).toBeNull();
    // The coaches list is the administrators': never asked for.
    expect(requests.some((r) => r.path === '/api/admin/coaches')).toBe(false);
  });
});

describe('CohortPage', { timeout: 20_000 }, () => {
  it('uploads a CSV and shows what became of each line, problems first', async () => {
    const sent: unknown[] = [];
    const result: MemberImportResult = {
      added: 1,
      counts: {
        added: 1,
        already_member: 0,
        duplicate: 0,
        unknown: 1,
        invalid: 0,
        not_candidate: 0,
      },
      lines: [
        { line: 2, email: 'zoe@school.edu', name: "Zoë O'Brien-Smith", outcome: 'added' },
        { line: 3, email: 'nobody@school.edu', name: 'Nobody Known', outcome: 'unknown' },
      ],
    };
    fakeServer({
      admin: staff('admin'),
      routes: {
        'GET /api/admin/cohorts/k1': () => ({ body: cohort() }),
        'GET /api/admin/coaches': () => ({ body: { coaches: [] } }),
        'GET /api/admin/cohorts/k1/invites': () => ({ body: { invites: [] } }),
        'GET /api/admin/candidates': () => ({ body: noMembers }),
        'POST /api/admin/cohorts/k1/members': (body) => {
          sent.push(body);
          return { body: result };
        },
      },
    });
    renderRoutes('/admin/cohorts/k1', { '/admin/cohorts/:id': <CohortPage /> });
    expect(await screen.findByRole('heading', { name: 'Spring bootcamp' })).toBeTruthy();
    expect(screen.getByText(/Coached by Grace Hopper/)).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Upload CSV' }));
    const csv = "Name,Email\nZoë O'Brien-Smith,zoe@school.edu\nNobody Known,nobody@school.edu\n";
    await userEvent.upload(
      screen.getByLabelText('CSV file of candidates'),
      new File([csv], 'roster.csv', { type: 'text/csv' }),
    );
    const report = await screen.findByTestId('import-report');
    expect(report.textContent).toContain('Added: 1 · No account with this e-mail: 1');
    const lines = within(report).getAllByTestId('import-line');
    expect(lines.map((l) => l.textContent)).toEqual([
      '3Nobody Knownnobody@school.eduNo account with this e-mail',
      "2Zoë O'Brien-Smithzoe@school.eduAdded",
    ]);
    expect(sent).toEqual([{ format: 'csv', text: csv }]);
  });

  it('makes an invite link and shows it once', async () => {
    fakeServer({
      admin: staff('admin'),
      routes: {
        'GET /api/admin/cohorts/k1': () => ({ body: cohort() }),
        'GET /api/admin/coaches': () => ({ body: { coaches: [] } }),
        'GET /api/admin/cohorts/k1/invites': () => ({ body: { invites: [] } }),
        'GET /api/admin/candidates': () => ({ body: noMembers }),
        'POST /api/admin/cohorts/k1/invites': (body) => ({
          status: 201,
          body: {
            id: 'i1',
            expiresAt: '2031-03-15T00:00:00.000Z',
            seats: (body as { seats: number }).seats,
            seatsTaken: 0,
            state: 'open',
            createdAt: '2031-03-01T00:00:00.000Z',
            createdBy: 'Ada Admin',
            url: `http://localhost:3000/join/${'t'.repeat(43)}`,
          },
        }),
      },
    });
    renderRoutes('/admin/cohorts/k1', { '/admin/cohorts/:id': <CohortPage /> });
    const places = await screen.findByLabelText('Places');
    await userEvent.clear(places);
    await userEvent.type(places, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Make invite link' }));
    const link = (await screen.findByLabelText('Invite link')) as HTMLInputElement;
    expect(link.value).toBe(`http://localhost:3000/join/${'t'.repeat(43)}`);
    expect(screen.getByText('Copy this link now: it is shown only once.')).toBeTruthy();
  });

  it("gives a coach the cohort's candidates only", async () => {
    const { requests } = fakeServer({
      admin: staff('coach'),
      routes: {
        'GET /api/admin/cohorts/k1': () => ({ body: cohort() }),
        'GET /api/admin/candidates': () => ({ body: noMembers }),
      },
    });
    renderRoutes('/admin/cohorts/k1', { '/admin/cohorts/:id': <CohortPage /> });
    expect(await screen.findByRole('heading', { name: 'Spring bootcamp' })).toBeTruthy();
    expect(await screen.findByText('No candidates yet')).toBeTruthy();
    for (const name of ['Edit', 'Delete', 'Make invite link'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByText('Add candidates')).toBeNull();
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/admin/candidates')?.url).toContain(
        'cohortId=k1',
      ),
    );
    expect(requests.some((r) => r.path.endsWith('/invites'))).toBe(false);
  });

  it('says when the cohort is not there (or not theirs)', async () => {
    fakeServer({
      admin: staff('coach'),
      routes: {
        'GET /api/admin/cohorts/k9': () => ({
          status: 404,
          body: { message: 'Cohort not found', code: 'NOT_FOUND' },
        }),
      },
    });
    renderRoutes('/admin/cohorts/k9', { '/admin/cohorts/:id': <CohortPage /> });
    expect(await screen.findByText('Cohort not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to cohorts' })).toBeTruthy();
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ThemeProvider } from '@/lib/theme';
import { attemptDetail, fakeServer, makeUser, type FakeAuthState } from '@/test/fake-server';
import { reportHeader } from '@/test/fixtures';
import { createQueryClient } from './providers';
import { routes } from './router';

/** The real route table, guards and layouts, started at `path`. */
function renderApp(path: string) {
  const client = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...view, router, location: () => router.state.location };
}

const currentNav = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent?.trim());

beforeEach(() => localStorage.clear());

describe('candidate routes', () => {
  it('renders nothing until the session check ends', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fetchMock } = fakeServer();
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (...args) => {
      await gate;
      return answer(...args);
    });
    const { container } = renderApp('/');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
    release();
    // The first lazy route module loads cold here: allow it time.
    expect(
      await screen.findByRole('heading', { name: 'Welcome back' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('sends a signed-out visitor to /login and back to the page they asked for', async () => {
    const state: FakeAuthState = {
      routes: {
        'POST /api/auth/sign-in/email': () => {
          state.candidate = makeUser();
          return { body: { redirect: false, token: 't', user: { id: 'user-1' } } };
        },
      },
    };
    const { requests } = fakeServer(state);
    const user = userEvent.setup();
    const app = renderApp('/settings?tab=appearance');

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(app.location().pathname).toBe('/login');
    // A visitor's visit is one session check, answered "nobody" (no failed request).
    expect(requests.filter((r) => r.path === '/api/auth/session-profile')).toHaveLength(1);
    expect(requests.some((r) => r.path === '/api/auth/me')).toBe(false);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret12!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('radio', { name: /Dark/ })).toBeTruthy();
    expect(app.location().pathname + app.location().search).toBe('/settings?tab=appearance');
    expect(requests.find((r) => r.path === '/api/auth/sign-in/email')?.body).toMatchObject({
      email: 'ada@example.com',
      password: 'Secret12!',
      rememberMe: true,
    });
    expect(screen.getByTestId('sidebar-name').textContent).toBe('Ada Lovelace');
  });

  it('keeps History current on a report, sends unknown paths home and signs out to /login', async () => {
    const state: FakeAuthState = {
      candidate: makeUser(),
      routes: {
        'POST /api/auth/sign-out': () => {
          state.candidate = null;
          return { body: { success: true } };
        },
      },
    };
    fakeServer(state);
    const user = userEvent.setup();
    const app = renderApp('/reports/missing');

    await screen.findByTestId('sidebar-name');
    expect(currentNav()).toEqual(['History']);
    expect(document.title).toBe('Report · Candor');

    await app.router.navigate('/no/such/page');
    await waitFor(() => expect(app.location().pathname).toBe('/'));
    await waitFor(() => expect(currentNav()).toEqual(['Dashboard']));
    expect(document.title).toBe('Dashboard · Candor');

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(app.location().pathname).toBe('/login');
  });

  it('a report waiting for "Check your answers" opens the check; Continue leads to the report', async () => {
    const id = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    let checked = false;
    const header = reportHeader({
      interviewId: id,
      provider: null,
      createdAt: '2026-03-01T10:20:00.000Z',
      updatedAt: '2026-03-01T10:20:00.000Z',
    });
    const until = '2026-03-01T10:30:00.000Z';
    fakeServer({
      candidate: makeUser(),
      routes: {
        [`GET /api/report/interview/${id}`]: () => ({
          body: { ...header, status: 'pending', checkUntil: checked ? null : until },
        }),
        [`GET /api/interview/${id}`]: () => ({
          body: attemptDetail({
            status: 'completed',
            checkUntil: checked ? null : until,
            conversation: [
              {
                id: 'u1',
                seq: 2,
                speaker: 'User',
                message: 'A closure keeps its scope.',
                timestamp: '2026-03-01T10:01:00.000Z',
                meta: { mode: 'voice' },
              },
            ],
          }),
        }),
        [`POST /api/interview/${id}/check`]: () => {
          checked = true;
          return { body: { reportStatus: 'pending' } };
        },
      },
      fallback: () => ({ status: 404, body: { statusCode: 404, message: 'Not found' } }),
    });
    const user = userEvent.setup();
    const app = renderApp(`/reports/${id}`);
    expect(await screen.findByRole('heading', { name: 'Check your answers' })).toBeTruthy();
    expect(app.location().pathname).toBe(`/interview/${id}/check`);
    expect(document.title).toBe('Check your answers · Candor');
    await user.click(screen.getByRole('button', { name: 'Continue to report' }));
    expect(await screen.findByText('Generating your AI-powered report...')).toBeTruthy();
    expect(app.location().pathname).toBe(`/reports/${id}`);
  });

  it('sends the candidate to sign in when the session ends mid-visit, remembering the page', async () => {
    const signedOut = { status: 401, body: { statusCode: 401, message: 'Sign in first' } };
    const state: FakeAuthState = {
      candidate: makeUser(),
      routes: {
        'GET /api/interview/r1': () => (state.candidate ? { status: 404, body: {} } : signedOut),
        'GET /api/report/interview/r1': () =>
          state.candidate ? { status: 404, body: {} } : signedOut,
      },
    };
    fakeServer(state);
    const app = renderApp('/settings');
    await screen.findByTestId('sidebar-name');

    state.candidate = null; // e.g. expired, or signed out in another tab
    await app.router.navigate('/reports/r1');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(app.location().state).toEqual({ from: '/reports/r1' });
  });

  it('sends a candidate deactivated mid-visit to /login with "This account has been disabled"', async () => {
    const disabled = {
      status: 403,
      body: {
        statusCode: 403,
        error: 'Forbidden',
        code: 'ACCOUNT_DISABLED',
        message: 'This account has been disabled',
      },
    };
    const state: FakeAuthState = {
      candidate: makeUser(),
      routes: {
        'GET /api/interview/sets/available': () => disabled,
        'GET /api/interview/categories/available': () => disabled,
        'POST /api/auth/sign-out': () => {
          state.candidate = null;
          return { body: { success: true } };
        },
        'POST /api/auth/sign-in/email': () => {
          state.candidate = makeUser();
          return { body: { redirect: false, token: 't', user: { id: 'user-1' } } };
        },
      },
    };
    const { requests } = fakeServer(state);
    const user = userEvent.setup();
    const app = renderApp('/settings');
    await screen.findByTestId('sidebar-name');

    // The administrator deactivated the account; the candidate's next action asks the server.
    await user.click(screen.getAllByRole('link', { name: 'Practice' })[0]!);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(app.location().pathname).toBe('/login');
    expect(screen.getByRole('alert').textContent).toBe('This account has been disabled');
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.path === '/api/auth/sign-out')).toBe(
        true,
      ),
    );

    // Once shown, the reason does not stand in the way of signing in again (e.g. reactivated).
    state.routes!['GET /api/interview/sets/available'] = () => ({ body: [] });
    state.routes!['GET /api/interview/categories/available'] = () => ({ body: [] });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret12!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByTestId('sidebar-name');
    expect(app.location().pathname).toBe('/');
  });

  it('a deactivated account opening the app lands on /login with the reason', async () => {
    // A session cookie of the deactivated account is still in the browser.
    const { fetchMock } = fakeServer();
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://x');
      if (url.pathname === '/api/auth/session-profile')
        return new Response(
          JSON.stringify({ code: 'ACCOUNT_DISABLED', message: 'This account has been disabled' }),
          { status: 403, headers: { 'content-type': 'application/json' } },
        );
      return answer(input, init);
    });
    const app = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(app.location().pathname).toBe('/login');
    expect(screen.getByRole('alert').textContent).toBe('This account has been disabled');
  });

  it("adopts the account's theme on a device that has no choice yet", async () => {
    fakeServer({ candidate: makeUser({ theme: 'dark' }) });
    renderApp('/settings?tab=appearance');
    await screen.findByTestId('sidebar-name');
    await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(true));
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});

describe('admin routes', () => {
  it('sends a signed-out visitor to /admin/login', async () => {
    fakeServer({ candidate: makeUser() });
    const app = renderApp('/admin/candidates');
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
    expect(app.location().pathname).toBe('/admin/login');
  });

  it('opens the portal for an admin: /admin goes to the dashboard, with name and e-mail', async () => {
    fakeServer({
      admin: makeUser({ role: 'admin', firstName: 'Grace', lastName: 'Hopper', email: 'g@x.io' }),
    });
    const app = renderApp('/admin');
    await waitFor(() => expect(app.location().pathname).toBe('/admin/dashboard'));
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(screen.getByText('g@x.io')).toBeTruthy();
    expect(await screen.findByText(/Backend (online|offline|checking)/)).toBeTruthy();

    expect(document.title).toBe('Dashboard · Candor');
    await app.router.navigate('/admin/nothing-here');
    await waitFor(() => expect(app.location().pathname).toBe('/admin/dashboard'));
  });
});

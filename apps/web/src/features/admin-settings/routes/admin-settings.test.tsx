import type { PublicUser } from '@candor/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeUser } from '@/test/fake-server';
import { ThemeProvider } from '@/lib/theme';
import { adminMeQueryOptions, useAdminMe } from '@/lib/session';
import { AdminSettingsPage } from './admin-settings';

const admin: PublicUser = makeUser({
  id: 'a1',
  email: 'root@example.com',
  firstName: 'Root',
  lastName: 'Admin',
  role: 'admin',
});

/** Stands in for the portal sidebar, which shows the admin's name from the same query. */
function SidebarName() {
  const { data } = useAdminMe();
  return <p data-testid="sidebar-name">{data ? `${data.firstName} ${data.lastName}` : ''}</p>;
}

function renderSettings(who: PublicUser = admin) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(adminMeQueryOptions.queryKey, who);
  render(
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/admin/settings']}>
          <SidebarName />
          <Routes>
            <Route path="/admin/settings" element={<AdminSettingsPage />} />
            <Route path="/admin/login" element={<h1>Admin login page</h1>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

function serve(handler: (url: string, body: Record<string, string>) => [number, unknown]) {
  const calls: [string, unknown][] = [];
  fakeServer({
    fallback: (request) => {
      const body = request.body as Record<string, string>;
      calls.push([request.url, body]);
      const [status, answer] = handler(request.url, body);
      return { status, body: answer };
    },
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('AdminSettingsPage', { timeout: 20_000 }, () => {
  it("gives a coach their own account's tabs, not the platform's credits", async () => {
    serve(() => [200, {}]);
    renderSettings(makeUser({ id: 'c1', role: 'coach', firstName: 'Grace', lastName: 'Hopper' }));
    expect(await screen.findByText('Your account and how the portal looks.')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Admin Profile',
      'Security',
      'Appearance',
    ]);
  });

  it('has the four tabs; the profile tab saves the name and shows a read-only e-mail', async () => {
    const calls = serve((_url, body) => [200, { success: true, user: { ...admin, ...body } }]);
    renderSettings();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Admin Profile',
      'Security',
      'Appearance',
      'Credits',
    ]);
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('First name'));
    await user.tab();
    expect(await screen.findByText('First name is required')).toBeTruthy();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(calls).toEqual([['/api/admin/profile', { firstName: 'Ada', lastName: 'Admin' }]]);
    expect(screen.getByTestId('sidebar-name').textContent).toBe('Ada Admin');
  });

  it('security: the spec messages, then a real change that signs the admin out after 2 s', async () => {
    const calls = serve((_url, body) =>
      body.currentPassword === 'right-one'
        ? [200, { success: true }]
        : [
            400,
            {
              message: 'currentPassword: Current password is incorrect',
              fields: { currentPassword: 'Current password is incorrect' },
            },
          ],
    );
    renderSettings();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'different');
    await user.tab();
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('New passwords do not match')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(calls).toEqual([]);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'NewPass1!x');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'NewPass1!x');
    await user.type(screen.getByLabelText('Current password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Current password is incorrect');

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'right-one');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(
      await screen.findByText('Credentials updated successfully! You will be logged out.'),
    ).toBeTruthy();
    expect(calls.at(-1)).toEqual([
      '/api/admin/password',
      { currentPassword: 'right-one', newPassword: 'NewPass1!x', confirmPassword: 'NewPass1!x' },
    ]);
    // Still here for a moment so the message can be read, then signed out.
    expect(screen.queryByText('Admin login page')).toBeNull();
    expect(await screen.findByText('Admin login page', undefined, { timeout: 3_000 })).toBeTruthy();
    expect(screen.getByTestId('sidebar-name').textContent).toBe('');
  });

  it('appearance reuses the theme picker', async () => {
    renderSettings();
    await userEvent.click(screen.getByRole('tab', { name: 'Appearance' }));
    for (const theme of ['System', 'Light', 'Dark'])
      expect(screen.getByRole('radio', { name: new RegExp(theme) })).toBeTruthy();
  });

  it('credits: shows the limit in force, refuses a bad number, saves one and goes back to the default', async () => {
    let stored: number | null = null;
    const settings = () => ({
      creditsLimit: stored,
      defaultLimit: 3,
      effectiveLimit: stored ?? 3,
      period: 'month',
    });
    const calls = serve((url, body) => {
      if (url === '/api/admin/settings/credits') {
        if (body) stored = (body as unknown as { creditsLimit: number | null }).creditsLimit;
        return [200, settings()];
      }
      return [404, { message: 'Not found' }];
    });
    renderSettings();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Credits' }));
    expect((await screen.findByTestId('credits-in-force')).textContent).toBe(
      'In force: 3 per candidate each calendar month (from the 1st, UTC), the server’s default (CREDITS_DEFAULT_LIMIT).',
    );
    const field = screen.getByLabelText('Interviews per candidate');
    await user.clear(field);
    await user.type(field, 'ten');
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Enter a whole number (0 for unlimited).')).toBeTruthy();
    expect(calls.filter(([, b]) => b)).toEqual([]);

    await user.clear(field);
    await user.type(field, '5');
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Interview limit saved.')).toBeTruthy();
    expect(calls.at(-1)).toEqual(['/api/admin/settings/credits', { creditsLimit: 5 }]);
    expect(screen.getByTestId('credits-in-force').textContent).toContain('5 per candidate');

    await user.click(
      screen.getByRole('button', { name: 'Use the server default (3 per candidate)' }),
    );
    await vi.waitFor(() =>
      expect(calls.at(-1)).toEqual(['/api/admin/settings/credits', { creditsLimit: null }]),
    );
    expect((screen.getByLabelText('Interviews per candidate') as HTMLInputElement).value).toBe('3');
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, makeUser, serveOne, serveSignIn, throttled } from '@/test/fake-server';
import { renderRoutes } from '@/test/render';
import { AdminLoginPage, WRONG_CREDENTIALS_CODE, adminLoginMessage } from './admin-login';

const renderLogin = () =>
  renderRoutes('/admin/login', {
    '/admin/login': <AdminLoginPage />,
    '/admin/dashboard': <h1>Dashboard page</h1>,
  });

/** The server refuses POST /api/admin-auth/sign-in/email. */
const refuseWith = (status: number, message: string, code = 'REFUSED') =>
  serveOne('POST /api/admin-auth/sign-in/email', status, { message, code });

const submit = () => screen.getByRole('button', { name: 'Sign in to Admin Portal' });

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(submit());
}

describe('AdminLoginPage', () => {
  it('keeps the button disabled while a field is empty and shows the spec validation texts', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
    // Whom the portal is for: administrators and coaches (decision 046).
    expect(screen.getByText(/administrators, who run the platform, and coaches/)).toBeTruthy();
    expect((submit() as HTMLButtonElement).disabled).toBe(true);

    await user.type(screen.getByLabelText('Email'), 'admin');
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.tab();
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
  });

  it('refuses a candidate account with the spec message', async () => {
    refuseWith(403, 'Access denied. Admin privileges required.', 'ADMIN_ONLY');
    renderLogin();
    await signIn('ada@example.com', 'Secret12!');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Access denied. Admin privileges required.',
    );
  });

  it('says the password is wrong when the server refuses with its wrong-credentials code', async () => {
    refuseWith(401, 'Invalid email or password', WRONG_CREDENTIALS_CODE);
    renderLogin();
    await signIn('admin@example.com', 'NotMyPass1');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect password');
  });

  it('says the account is locked after too many attempts, and for how long', async () => {
    serveOne('POST /api/admin-auth/sign-in/email', 429, throttled(227));
    renderLogin();
    await signIn('admin@example.com', 'whatever1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Account temporarily locked. Please wait 4 minutes and try again.',
    );
  });

  it('opens the dashboard after a good sign-in', async () => {
    serveSignIn('POST /api/admin-auth/sign-in/email', 'admin', makeUser({ role: 'admin' }), {
      redirect: false,
      token: 't',
      user: { id: 'user-1' },
    });
    renderLogin();
    await signIn('admin@example.com', 'AdminPass1!');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Dashboard page' })));
  });
});

describe('adminLoginMessage', () => {
  it('maps the server refusals as spec section 8 says', () => {
    const wrong = { code: WRONG_CREDENTIALS_CODE };
    expect(adminLoginMessage({ status: 401, message: 'Invalid email or password', ...wrong })).toBe(
      'Incorrect password',
    );
    // The code decides, not the wording: reworded by the server, still a wrong password.
    expect(adminLoginMessage({ status: 401, message: 'Wrong credentials', ...wrong })).toBe(
      'Incorrect password',
    );
    expect(adminLoginMessage({ status: 401, message: 'Invalid email or password' })).toBe(
      'Invalid email or password',
    );
    expect(adminLoginMessage({ status: 401 })).toBe('Login failed');
    expect(adminLoginMessage({ status: 403, message: 'This account has been disabled' })).toBe(
      'This account has been disabled',
    );
    expect(adminLoginMessage({ status: 429, message: 'anything' })).toBe(
      'Too many attempts. Account temporarily locked',
    );
    expect(adminLoginMessage({ status: 429, message: 'anything', retryAfterSeconds: 45 })).toBe(
      'Too many attempts. Account temporarily locked. Please wait 45 seconds and try again.',
    );
    expect(adminLoginMessage({ status: 500, message: 'Database unavailable' })).toBe(
      'Database unavailable',
    );
    expect(adminLoginMessage({})).toBe('Login failed. Please try again.');
  });
});

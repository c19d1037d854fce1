import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, serveOne, throttled } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { LoginPage } from './login';

beforeEach(() => {
  // Signed out; the providers endpoint says no social sign-in is configured.
  fakeServer();
});

describe('LoginPage', () => {
  it('shows the spec texts and keeps Sign in disabled until the form is valid', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByText('Sign in to your account to continue practicing')).toBeTruthy();
    expect(screen.getByLabelText('Remember me')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    const submit = screen.getByRole('button', { name: 'Sign in' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByLabelText('Password'));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    await user.tab();
    expect(await screen.findByText('Password is required')).toBeTruthy();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
  });

  it('says when the e-mail is missing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { path: '/login' });
    await user.click(screen.getByLabelText('Email'));
    await user.tab();
    expect(await screen.findByText('Email is required')).toBeTruthy();
  });
});

describe('LoginPage with the server', () => {
  it("shows the server's refusal", async () => {
    serveOne('POST /api/auth/sign-in/email', 401, {
      message: 'Invalid email or password',
      code: 'INVALID_EMAIL_OR_PASSWORD',
    });
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  it('says how long to wait when sign-in is throttled', async () => {
    serveOne('POST /api/auth/sign-in/email', 429, throttled(240));
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed sign-ins for this account. Please wait 4 minutes and try again.',
    );
  });

  it('offers only the configured providers and starts Google sign-in with return addresses', async () => {
    const { requests } = fakeServer({
      providers: { google: true, oidc: { providerId: 'oidc', name: 'Acme SSO' } },
      routes: {
        'POST /api/auth/sign-in/social': () => ({ status: 500, body: {} }),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { path: '/login' });
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(screen.getByRole('button', { name: 'Continue with Acme SSO' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with GitHub' })).toBeNull();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to login with Google');
    expect(requests.find((r) => r.path === '/api/auth/sign-in/social')?.body).toMatchObject({
      provider: 'google',
      callbackURL: `${window.location.origin}/`,
      errorCallbackURL: `${window.location.origin}/login?provider=google`,
    });
  });

  it('explains a failed return from the provider without echoing the address bar', async () => {
    fakeServer({ providers: { google: true } });
    renderWithProviders(<LoginPage />, {
      path: '/login?provider=google&error=access_denied&error_description=Call+555-0100',
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to login with Google');
    expect(screen.queryByText(/555-0100/)).toBeNull();
  });

  it('says a disabled account is disabled', async () => {
    fakeServer({ providers: { google: true } });
    renderWithProviders(<LoginPage />, { path: '/login?provider=google&error=ACCOUNT_DISABLED' });
    expect((await screen.findByRole('alert')).textContent).toBe('This account has been disabled');
  });
});

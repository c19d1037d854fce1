import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { LoginPage } from './login';

beforeEach(() => {
  // The providers endpoint: no social sign-in configured.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ emailPassword: true, google: false, github: false, oidc: null }),
        ),
    ),
  );
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

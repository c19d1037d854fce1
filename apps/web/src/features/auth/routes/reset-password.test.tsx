import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, serveOne } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { ResetPasswordPage } from './reset-password';

async function choose(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), password);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('ResetPasswordPage', () => {
  it('says the link is not valid when the server sent it back with an error', () => {
    fakeServer();
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password?error=INVALID_TOKEN' });
    expect(screen.getByRole('heading', { name: 'Reset link not valid' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('sends the new password with the token, then offers to sign in', async () => {
    const { requests } = serveOne('POST /api/auth/reset-password', 200, { status: true });
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password?token=abc123' });
    await choose('Newpass1!');
    expect(await screen.findByText(/Your password has been reset/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(requests.find((r) => r.path === '/api/auth/reset-password')?.body).toEqual({
      newPassword: 'Newpass1!',
      token: 'abc123',
    });
  });

  it('turns a used or expired token into the invalid-link screen', async () => {
    serveOne('POST /api/auth/reset-password', 400, {
      code: 'INVALID_TOKEN',
      message: 'Invalid token',
    });
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password?token=used' });
    await choose('Newpass1!');
    expect(await screen.findByRole('heading', { name: 'Reset link not valid' })).toBeTruthy();
  });
});

import { LAST_ADMIN, type AccountDeletionInfo } from '@candor/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_DELETED_NOTICE,
  acknowledgeAccountDeleted,
  isAccountDeleted,
} from '@/lib/account-status';
import { DeleteAccountDialog } from './delete-account-dialog';

function LoginStandIn() {
  const state = useLocation().state as { notice?: string } | null;
  return <p>Sign-in screen: {state?.notice}</p>;
}

function renderDialog(account: AccountDeletionInfo) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/settings',
        element: <DeleteAccountDialog open onOpenChange={() => undefined} account={account} />,
      },
      { path: '/login', element: <LoginStandIn /> },
    ],
    { initialEntries: ['/settings'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The server's answers, in order; the bodies sent are kept. */
function serverAnswers(...answers: [number, unknown][]) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      const [status, body] = answers.shift()!;
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return bodies;
}

afterEach(() => {
  vi.unstubAllGlobals();
  acknowledgeAccountDeleted();
});

describe('DeleteAccountDialog', { timeout: 20_000 }, () => {
  it('asks for the password, shows the refusal under it, and leaves for sign-in once deleted', async () => {
    const bodies = serverAnswers(
      [
        400,
        {
          statusCode: 400,
          message: 'password: Password is incorrect',
          fields: { password: 'Password is incorrect' },
        },
      ],
      [200, { success: true, message: 'deleted' }],
    );
    renderDialog({ email: 'zoe@example.com', hasPassword: true, providers: ['credential'] });
    const user = userEvent.setup();
    const confirm = screen.getByRole('button', { name: 'Delete my account' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    // The password field has the focus: type and press Enter.
    await user.keyboard('wrong-password{Enter}');
    expect(await screen.findByText('Password is incorrect')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Secret1!x');
    await user.click(confirm);
    expect(await screen.findByText(`Sign-in screen: ${ACCOUNT_DELETED_NOTICE}`)).toBeTruthy();
    expect(bodies).toEqual([{ password: 'wrong-password' }, { password: 'Secret1!x' }]);
    // The candidate guard is told too, so it cannot send the app to sign-in without the notice.
    expect(isAccountDeleted()).toBe(true);
  });

  it('asks an account without a password for its e-mail, and says when it is the last administrator', async () => {
    const bodies = serverAnswers([
      409,
      { statusCode: 409, message: LAST_ADMIN.message, code: LAST_ADMIN.code },
    ]);
    renderDialog({ email: 'zoe@example.com', hasPassword: false, providers: ['github'] });
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByText('Type zoe@example.com to confirm.')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your e-mail address'), 'zoe@example.com');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(LAST_ADMIN.message);
    expect(bodies).toEqual([{ email: 'zoe@example.com' }]);
    expect(isAccountDeleted()).toBe(false);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, makeUser, serveOne, serveSignIn } from '@/test/fake-server';
import { renderRoutes } from '@/test/render';
import { SignUpPage } from './signup';

const renderSignUp = () =>
  renderRoutes('/signup', { '/signup': <SignUpPage />, '/': <h1>Home page</h1> });

const checklist = () =>
  within(screen.getByRole('list', { name: 'Password requirements' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function fillForm(
  password: string,
  confirm = password,
  name: [string, string] = ['Ada', 'Lovelace'],
) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('First name'), name[0]);
  await user.type(screen.getByLabelText('Last name'), name[1]);
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.selectOptions(screen.getByLabelText('Experience level'), 'senior');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return user;
}

describe('SignUpPage', () => {
  it('ticks the password checklist live', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderSignUp();
    expect(checklist().every((item) => item?.endsWith('(not met)'))).toBe(true);
    await user.type(screen.getByLabelText('Password'), 'abcD');
    expect(checklist()).toEqual([
      '8 to 128 characters(not met)',
      'One uppercase letter(met)',
      'One lowercase letter(met)',
      'One number(not met)',
      'One special character (e.g. ! @ # $ -)(not met)',
    ]);
    await user.type(screen.getByLabelText('Password'), 'efg1');
    expect(checklist().filter((item) => item?.endsWith('(not met)'))).toEqual([
      'One special character (e.g. ! @ # $ -)(not met)',
    ]);
    await user.type(screen.getByLabelText('Password'), '-');
    expect(checklist().every((item) => item?.endsWith('(met)'))).toBe(true);
  });

  it('names the special character a password of the old four-line checklist lacks', async () => {
    const { requests } = fakeServer();
    renderSignUp();
    // All four ticks of the old checklist, but no special character: the form says so first.
    await fillForm('Secret123');
    expect(await screen.findByText('Password must contain a special character')).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/auth/sign-up/email')).toBe(false);
  });

  it('takes names as people write them, and names the field that is wrong', async () => {
    const { requests } = fakeServer();
    renderSignUp();
    const user = await fillForm('Secret12!', 'Secret12!', ['Zoe\u0308', 'R2-D2']);
    expect(
      await screen.findByText(
        'Last name can only contain letters, spaces, hyphens and apostrophes',
      ),
    ).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/auth/sign-up/email')).toBe(false);
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), "  O'Brien-Smith ");
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/auth/sign-up/email')?.body).toMatchObject({
        name: "Zoë O'Brien-Smith",
        firstName: 'Zoë',
        lastName: "O'Brien-Smith",
      }),
    );
  });

  it('says when the passwords differ or the confirmation is missing', async () => {
    const { requests } = fakeServer();
    renderSignUp();
    const user = await fillForm('Secret12!', 'Secret12?');
    expect(await screen.findByText('Passwords must match')).toBeTruthy();
    await user.clear(screen.getByLabelText('Confirm password'));
    expect(await screen.findByText('Please confirm your password')).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/auth/sign-up/email')).toBe(false);
  });

  it("sends the account to the server and shows the server's refusal", async () => {
    const { requests } = serveOne('POST /api/auth/sign-up/email', 422, {
      message: 'User already exists. Use another email.',
    });
    renderSignUp();
    await fillForm('Secret12!');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'User already exists. Use another email.',
    );
    expect(requests.find((r) => r.path === '/api/auth/sign-up/email')?.body).toEqual({
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'Secret12!',
      experienceLevel: 'senior',
    });
  });

  it('says what to do next when the sign-up signed nobody in (the e-mail had an account)', async () => {
    serveOne('POST /api/auth/sign-up/email', 200, { token: null, user: { id: 'user-9' } });
    const { container } = renderSignUp();
    const user = await fillForm('Secret12!');
    expect(await screen.findByRole('heading', { name: 'Already have an account?' })).toBeTruthy();
    expect(screen.getByText('We could not create a new account for ada@example.com.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      'This e-mail address may already be registered.',
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Reset password' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByRole('heading', { name: 'Home page' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use a different e-mail address' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(container.querySelector('form')).toBeTruthy();
  });

  it('signs the new candidate in and opens the dashboard', async () => {
    serveSignIn('POST /api/auth/sign-up/email', 'candidate', makeUser(), {
      token: 't',
      user: { id: 'user-1' },
    });
    renderSignUp();
    await fillForm('Secret12!');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Home page' })));
  });
});

import type { PublicUser } from '@candor/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeUser } from '@/test/fake-server';
import { meQueryOptions, useMe } from '@/lib/session';
import { ProfileForm } from './profile-form';

const ada: PublicUser = makeUser({ id: 'u1', location: 'London' });

/** Stands in for the sidebar, which reads the same signed-in user query. */
function SidebarName() {
  const { data } = useMe();
  return (
    <p data-testid="sidebar-name">
      {data?.firstName} {data?.lastName}
    </p>
  );
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryOptions.queryKey, ada);
  render(
    <QueryClientProvider client={client}>
      <SidebarName />
      <ProfileForm />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ProfileForm', { timeout: 20_000 }, () => {
  it('has every field, a read-only e-mail and the spec experience options', () => {
    renderForm();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.getByText('Email cannot be changed')).toBeTruthy();
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByLabelText('Location') as HTMLInputElement).value).toBe('London');
    for (const label of ['Bio', 'GitHub URL', 'LinkedIn URL', 'Twitter URL'])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect((screen.getByLabelText('GitHub URL') as HTMLInputElement).type).toBe('url');
    const level = screen.getByLabelText('Experience level') as HTMLSelectElement;
    expect(level.value).toBe('mid');
    expect([...level.options].map((o) => o.textContent)).toEqual([
      'Junior (0-2 years)',
      'Mid-Level (2-5 years)',
      'Senior (5+ years)',
      'Staff/Principal',
    ]);
  });

  it('shows a message only for a field once it has been touched', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('GitHub URL'), 'not a url');
    // First name was left (blurred) → its message; GitHub still focused → none yet.
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.queryByText('Must be a valid URL')).toBeNull();
    await user.click(screen.getByLabelText('Bio'));
    expect(await screen.findByText('Must be a valid URL')).toBeTruthy();
    expect(screen.queryByText('Last name is required')).toBeNull();
    await user.type(screen.getByLabelText('Location'), 'x'.repeat(100));
    await user.tab();
    expect(await screen.findByText('Location must be at most 100 characters')).toBeTruthy();
  });

  it('saves with Saving..., shows the green banner and updates the sidebar name', async () => {
    let release: () => void = () => undefined;
    const bodies: unknown[] = [];
    fakeServer({
      fallback: async (request) => {
        bodies.push(request.body);
        await new Promise<void>((r) => (release = r));
        return { body: { success: true, user: { ...ada, firstName: 'Augusta' } } };
      },
    });
    renderForm();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Augusta');
    await user.selectOptions(screen.getByLabelText('Experience level'), 'Staff/Principal');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(screen.getByTestId('sidebar-name').textContent).toBe('Augusta Lovelace');
    expect(bodies[0]).toMatchObject({ firstName: 'Augusta', experienceLevel: 'staff' });
    expect(bodies[0]).not.toHaveProperty('email');
  });

  it("saves a name as written (Zoë O'Brien-Smith) and refuses digits, naming the field", async () => {
    const bodies: Record<string, unknown>[] = [];
    fakeServer({
      fallback: (request) => {
        const body = request.body as Record<string, unknown>;
        bodies.push(body);
        return { body: { success: true, user: { ...ada, ...body } } };
      },
    });
    renderForm();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'Lovelace 2');
    await user.tab();
    expect(
      await screen.findByText(
        'Last name can only contain letters, spaces, hyphens and apostrophes',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(bodies).toEqual([]);

    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Zoë');
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), "O'Brien-Smith");
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(bodies[0]).toMatchObject({ firstName: 'Zoë', lastName: "O'Brien-Smith" });
    expect(screen.getByTestId('sidebar-name').textContent).toBe("Zoë O'Brien-Smith");
  });

  it('shows the server message in a red banner', async () => {
    fakeServer({
      fallback: () => ({ status: 503, body: { message: 'Database unavailable' } }),
    });
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Database unavailable');
    expect(screen.getByTestId('sidebar-name').textContent).toBe('Ada Lovelace');
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, makeUser } from '@/test/fake-server';
import { renderRoutes } from '@/test/render';
import { SettingsPage } from '../routes/settings';

/** Settings → Interview: the candidate's patience at the end of an answer (decision 037). */
describe('the Interview tab of Settings', () => {
  const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;

  it('shows the patience kept in the account, and saves a new one at once, from the keyboard too', async () => {
    const { requests } = fakeServer({
      candidate: makeUser({ patience: 'relaxed' }),
      routes: {
        'PUT /api/user/preferences': (body) => ({
          body: { success: true, theme: 'system', ...(body as object) },
        }),
      },
    });
    renderRoutes('/settings?tab=interview', { '/settings': <SettingsPage /> });
    const group = await screen.findByRole('group', { name: 'Patience' });
    expect(group.textContent).toContain('whatever its style');
    await waitFor(() => expect(radio(/Relaxed/).checked).toBe(true));
    // Its description says what it waits, from the one table of waits.
    expect(radio(/Relaxed/).getAttribute('aria-describedby')).toBeTruthy();
    expect(group.textContent).toContain(
      'Waits 1.5 s after a finished sentence, 8 s after an unfinished one.',
    );
    expect(group.textContent).toContain('Waits 0.8 s after a finished sentence, 6 s');

    await userEvent.click(radio(/Quick/));
    expect(radio(/Quick/).checked).toBe(true);
    await waitFor(() =>
      expect(requests).toContainEqual(
        expect.objectContaining({
          method: 'PUT',
          path: '/api/user/preferences',
          body: { patience: 'quick' },
        }),
      ),
    );

    // From the keyboard: a choice focused and Space pressed (arrow keys are the browser's own).
    radio(/Normal/).focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(radio(/Normal/).checked).toBe(true));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
        { patience: 'quick' },
        { patience: 'normal' },
      ]),
    );
  });

  it('puts the choice back, and says so, when the server refuses it', async () => {
    fakeServer({
      candidate: makeUser(),
      routes: {
        'PUT /api/user/preferences': () => ({
          status: 500,
          body: { statusCode: 500, error: 'Internal Server Error', message: 'down' },
        }),
      },
    });
    renderRoutes('/settings?tab=interview', { '/settings': <SettingsPage /> });
    await screen.findByRole('group', { name: 'Patience' });
    await waitFor(() => expect(radio(/Normal/).checked).toBe(true));
    await userEvent.click(radio(/Relaxed/));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be saved/);
    expect(radio(/Normal/).checked).toBe(true);
  });
});

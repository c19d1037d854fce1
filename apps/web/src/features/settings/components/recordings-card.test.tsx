import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeUser } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { RecordingsCard, formatBytes } from './recordings-card';

afterEach(() => vi.unstubAllGlobals());

describe('Settings: recordings of your answers', { timeout: 20_000 }, () => {
  it('shows how much is kept and deletes all of it after a confirmation', async () => {
    const quotaBytes = 500 * 1024 * 1024;
    let usage = { count: 3, bytes: 1_572_864, retentionDays: 30, quotaBytes };
    const { requests } = fakeServer({
      candidate: makeUser(),
      routes: {
        'GET /api/user/recordings': () => ({ body: usage }),
        'DELETE /api/user/recordings': () => {
          usage = { count: 0, bytes: 0, retentionDays: 30, quotaBytes };
          return { body: { deleted: 3 } };
        },
      },
    });
    renderWithProviders(<RecordingsCard />);
    expect(
      await screen.findByText('3 recordings kept (1.5 MB of the 500 MB you may keep).'),
    ).toBeTruthy();
    expect(screen.getByText(/Each is deleted after 30 days\./)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Delete all recordings' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete all recordings?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete all recordings' }));
    expect(await screen.findByText('No recordings are kept.')).toBeTruthy();
    expect(await screen.findByText('Your recordings were deleted.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/user/recordings',
    ]);
    // Nothing left to delete.
    expect(
      (screen.getByRole('button', { name: 'Delete all recordings' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('reads sizes as people do', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(12_288)).toBe('12 KB');
    expect(formatBytes(3_565_158)).toBe('3.4 MB');
    expect(formatBytes(500 * 1024 * 1024)).toBe('500 MB');
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { AppearanceTab } from './appearance-tab';

describe('AppearanceTab', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.classList.remove('dark');
  });

  it('applies, stores and announces the theme, and tells the server', async () => {
    const { requests } = fakeServer({
      fallback: () => ({ body: {} }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <AppearanceTab />
        <Toaster />
      </>,
    );
    expect((screen.getByRole('radio', { name: /System/ }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('radio', { name: /Dark/ }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(await screen.findByText('Theme changed to dark')).toBeTruthy();
    expect(requests).toContainEqual(
      expect.objectContaining({
        method: 'PUT',
        path: '/api/user/preferences',
        body: { theme: 'dark' },
      }),
    );

    await user.click(screen.getByRole('radio', { name: /Light/ }));
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');
  });
});

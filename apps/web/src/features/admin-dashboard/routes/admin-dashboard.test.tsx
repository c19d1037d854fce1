import type { Analytics } from '@candor/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AdminDashboardPage } from './admin-dashboard';

function serve(body: Analytics | null, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body ?? { message: 'down' }), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}
const card = (label: string) => screen.getByTestId(`analytics-${label}`).textContent;

afterEach(() => vi.unstubAllGlobals());

describe('AdminDashboardPage', { timeout: 20_000 }, () => {
  it('shows every analytics card', async () => {
    serve({
      totalUsers: 12,
      totalInterviews: 7,
      completedInterviews: 4,
      scheduledInterviews: 1,
      cancelledInterviews: 1,
      averageScore: 70,
      topCategory: 'Frontend',
    });
    renderWithProviders(<AdminDashboardPage />, { path: '/admin/dashboard' });
    await screen.findByTestId('analytics-Total Users');
    expect(
      [
        'Total Users',
        'Total Interviews',
        'Completed',
        'Scheduled',
        'Cancelled Interviews',
        'Average Score',
        'Top Category',
      ].map(card),
    ).toEqual(['12', '7', '4', '1', '1', '70%', 'Frontend']);
  });

  it("shows 'N/A' for a missing average and top category, never NaN", async () => {
    serve({
      totalUsers: 0,
      totalInterviews: 0,
      completedInterviews: 0,
      scheduledInterviews: 0,
      cancelledInterviews: 0,
      averageScore: null,
      topCategory: null,
    });
    renderWithProviders(<AdminDashboardPage />, { path: '/admin/dashboard' });
    await screen.findByTestId('analytics-Total Users');
    expect(card('Average Score')).toBe('N/A');
    expect(card('Top Category')).toBe('N/A');
    expect(card('Total Interviews')).toBe('0');
    expect(document.body.textContent).not.toContain('NaN');
  });

  it('retries with Try Again after a failure', async () => {
    serve(null, 500);
    renderWithProviders(<AdminDashboardPage />, { path: '/admin/dashboard' });
    const retry = await screen.findByRole('button', { name: 'Try Again' });
    serve({
      totalUsers: 1,
      totalInterviews: 0,
      completedInterviews: 0,
      scheduledInterviews: 0,
      cancelledInterviews: 0,
      averageScore: null,
      topCategory: null,
    });
    await userEvent.click(retry);
    expect(await screen.findByTestId('analytics-Total Users')).toBeTruthy();
    expect(card('Total Users')).toBe('1');
  });
});

import type { Analytics } from '@candor/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { AdminDashboardPage } from './admin-dashboard';

function serve(body: Analytics | null, status = 200) {
  fakeServer({
    candidate: null,
    admin: null,
    fallback: () => ({ status, body: body ?? { message: 'down' } }),
  });
}
const card = (label: string) => screen.getByTestId(`analytics-${label}`).textContent;

afterEach(() => vi.unstubAllGlobals());

describe('AdminDashboardPage', { timeout: 20_000 }, () => {
  it('shows every analytics card, the in-progress ones included, so the counts add up', async () => {
    serve({
      totalUsers: 12,
      totalInterviews: 10,
      completedInterviews: 4,
      scheduledInterviews: 1,
      inProgressInterviews: 2,
      cancelledInterviews: 3,
      abandonedInterviews: 2,
      finishedInterviews: 7,
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
        'In Progress',
        'Cancelled Interviews',
        'Success Rate',
        'Average Score',
        'Top Category',
      ].map(card),
    ).toEqual(['12', '10', '4', '1', '2', '3', '57%', '70%', 'Frontend']);
    const statuses = ['Completed', 'Scheduled', 'In Progress', 'Cancelled Interviews'];
    expect(statuses.map((l) => Number(card(l))).reduce((a, b) => a + b)).toBe(
      Number(card('Total Interviews')),
    );
    expect(screen.getByTestId('analytics-note-Cancelled Interviews').textContent).toBe(
      'Includes 2 abandoned (idle 24 h)',
    );
  });

  it("shows 'N/A' for a missing average and top category, never NaN", async () => {
    serve({
      totalUsers: 0,
      totalInterviews: 0,
      completedInterviews: 0,
      scheduledInterviews: 0,
      inProgressInterviews: 0,
      cancelledInterviews: 0,
      abandonedInterviews: 0,
      finishedInterviews: 0,
      averageScore: null,
      topCategory: null,
    });
    renderWithProviders(<AdminDashboardPage />, { path: '/admin/dashboard' });
    await screen.findByTestId('analytics-Total Users');
    expect(card('Average Score')).toBe('N/A');
    expect(card('Top Category')).toBe('N/A');
    expect(card('Success Rate')).toBe('N/A');
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
      inProgressInterviews: 0,
      cancelledInterviews: 0,
      abandonedInterviews: 0,
      finishedInterviews: 0,
      averageScore: null,
      topCategory: null,
    });
    await userEvent.click(retry);
    expect(await screen.findByTestId('analytics-Total Users')).toBeTruthy();
    expect(card('Total Users')).toBe('1');
  });
});

import type { UserStats } from '@candor/shared';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fake-server';
import { scorePoint, stubResizeObserver, userStats } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ProgressPanel } from './progress-chart';

/** GET /api/user/stats answers these figures (no interview yet for any left out). */
function serve(stats: Partial<UserStats>) {
  return fakeServer({ fallback: () => ({ body: userStats(stats) }) }).requests;
}

beforeEach(stubResizeObserver);
afterEach(() => vi.unstubAllGlobals());

describe('ProgressPanel', { timeout: 20_000 }, () => {
  it('renders nothing before the first scored attempt', async () => {
    const requests = serve({
      totalInterviews: 2,
      completedInterviews: 0,
    });
    const { container } = renderWithProviders(<ProgressPanel />);
    await vi.waitFor(() => expect(requests.map((r) => r.url)).toContain('/api/user/stats'));
    expect(container.textContent).toBe('');
  });

  it("shows the page's aside beside the chart, and alone before the first scored attempt", async () => {
    serve({
      totalInterviews: 2,
      completedInterviews: 2,
      averageScore: 55,
      trend: [scorePoint(1, 50), scorePoint(2, 60)],
    });
    renderWithProviders(<ProgressPanel aside={<p>Practise next here</p>} />);
    expect(await screen.findByText('Your progress')).toBeTruthy();
    expect(screen.getByText('Practise next here')).toBeTruthy();
  });

  it('shows only the aside without a scored attempt', async () => {
    const requests = serve({ totalInterviews: 1, completedInterviews: 0 });
    const { container } = renderWithProviders(<ProgressPanel aside={<p>Practise next here</p>} />);
    await vi.waitFor(() => expect(requests.map((r) => r.url)).toContain('/api/user/stats'));
    expect(container.textContent).toBe('Practise next here');
  });

  it('charts one interview set at one level at a time, chosen from a list grouped by category', async () => {
    const js = { interviewSetId: 'js', title: 'JavaScript Fundamentals', categoryName: 'Frontend' };
    serve({
      totalInterviews: 5,
      completedInterviews: 5,
      averageScore: 60,
      trend: [
        scorePoint(1, 40),
        scorePoint(2, 90, { ...js, difficulty: 'junior' }),
        scorePoint(3, 55),
        scorePoint(4, 20, { difficulty: 'senior' }),
        scorePoint(5, 85, { ...js, difficulty: 'junior' }),
      ],
    });
    renderWithProviders(<ProgressPanel />);
    const select = await screen.findByLabelText('Interview set');
    // The set practised last comes first; each set and level is its own line.
    expect((select as HTMLSelectElement).value).toBe('js|junior');
    expect(screen.getByTestId('progress-summary').textContent).toBe(
      '2 attempts from 2 Feb 2026 to 5 Feb 2026: overall 90% → 85%.',
    );
    const groups = within(select).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual(['Backend', 'Frontend']);
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['REST API Design · Senior (1 attempt)', 'REST API Design · Mid (2 attempts)']);

    fireEvent.change(select, { target: { value: 'rest|mid' } });
    expect(screen.getByTestId('progress-summary').textContent).toBe(
      '2 attempts from 1 Feb 2026 to 3 Feb 2026: overall 40% → 55%.',
    );
    fireEvent.change(select, { target: { value: 'rest|senior' } });
    expect(screen.getByTestId('progress-summary').textContent).toBe(
      'One attempt so far (4 Feb 2026): take this set again to see your trend.',
    );
  });

  it('gives the chart’s figures as a table, each attempt with its report’s scores (issue 28)', async () => {
    serve({
      totalInterviews: 2,
      completedInterviews: 2,
      averageScore: 55,
      trend: [scorePoint(1, 50), scorePoint(2, 60)],
    });
    renderWithProviders(<ProgressPanel />);
    const table = await screen.findByTestId('progress-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Attempt', 'Overall', 'Communication', 'Problem Solving', 'Confidence']);
    const second = table.querySelector('tr[data-attempt="i2"]')!;
    expect([...second.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      '60%',
      '65%',
      '50%',
      '—',
    ]);
  });

  it('names the only set instead of offering a choice of one', async () => {
    serve({
      totalInterviews: 2,
      completedInterviews: 2,
      averageScore: 55,
      trend: [scorePoint(1, 50), scorePoint(2, 60)],
    });
    renderWithProviders(<ProgressPanel />);
    expect(await screen.findByText('Your progress')).toBeTruthy();
    expect(screen.queryByLabelText('Interview set')).toBeNull();
    expect(screen.getByText(/REST API Design · Mid/)).toBeTruthy();
  });

  it("reads the dashboard's fresh stats instead of asking again", async () => {
    const stats: UserStats = userStats({
      totalInterviews: 1,
      completedInterviews: 1,
      averageScore: 70,
      trend: [scorePoint(1, 70)],
      categoryAverages: [{ category: 'Backend', average: 70, count: 1 }],
    });
    const requests = serve(stats);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['user', 'stats'], stats); // as the Dashboard's own request left it
    renderWithProviders(<ProgressPanel />, { client });
    expect(await screen.findByText('Your progress')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
  });
});

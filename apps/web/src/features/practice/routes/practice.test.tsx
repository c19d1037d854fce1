import type { AvailableCategory, InterviewSetSummary } from '@candor/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fake-server';
import { setSummary } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { PracticePage } from './practice';

// The HTTP boundary only: the page, its queries, filters and tabs are the real ones.
function serve(sets: InterviewSetSummary[], categories: AvailableCategory[], status = 200) {
  fakeServer({
    fallback: ({ path }) =>
      status !== 200
        ? { status, body: { message: 'Database unavailable' } }
        : { body: path.includes('/categories/') ? categories : sets },
  });
}

const cat = (name: string, count: number, icon = ''): AvailableCategory => ({
  id: name,
  name,
  description: '',
  icon,
  count,
});
const react = setSummary({
  title: 'React Deep Dive',
  topics: ['Hooks', 'Suspense', 'Server Components', 'Testing', 'Performance'],
  completedCount: 2,
});
const sql = setSummary({
  title: 'SQL Basics',
  description: 'Joins and indexes',
  categoryName: 'Backend',
  category: { id: 'Backend', name: 'Backend' },
  difficulty: 'junior',
  type: 'fixed',
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.innerWidth = 1024;
});

const titles = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('PracticePage', () => {
  it('lists the sets with every card element and the Start Practice link', async () => {
    serve([react, sql], [cat('Frontend', 1, '🎨'), cat('Backend', 1)]);
    renderWithProviders(<PracticePage />, { path: '/practice' });
    expect(screen.getByText('Loading practice sessions...')).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: 'Showing 2 interviews in All Categories' }),
    ).toBeTruthy();
    expect(titles()).toEqual(['React Deep Dive', 'SQL Basics']);
    expect(screen.getByText('Practice Frontend interview questions and scenarios.')).toBeTruthy();
    expect(screen.getByText('+2 more')).toBeTruthy();
    expect(screen.getByText('2 completed')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Start Practice: SQL Basics' }).getAttribute('href'),
    ).toBe(`/interview/${sql.id}?category=backend&difficulty=junior&type=fixed`);
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['All Categories2', '🎨Frontend1', 'Backend1']);
  });

  it('filters by search, type, difficulty and category, and Clear All Filters resets them', async () => {
    serve([react, sql], [cat('Frontend', 1), cat('Backend', 1)]);
    const user = userEvent.setup();
    renderWithProviders(<PracticePage />, { path: '/practice' });
    const search = await screen.findByPlaceholderText('Search by technology, role, or topic...');
    await user.type(search, 'SUSPENSE');
    expect(titles()).toEqual(['React Deep Dive']);
    await user.clear(search);

    await user.selectOptions(screen.getByLabelText('Interview type'), 'fixed');
    expect(titles()).toEqual(['SQL Basics']);
    expect(
      within(screen.getByLabelText('Interview type'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Types', 'Fixed Questions', 'Topic-Based']);
    await user.selectOptions(screen.getByLabelText('Interview type'), 'all');

    expect(
      within(screen.getByLabelText('Difficulty'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All Levels',
      'Junior (0-2 years)',
      'Mid-Level (2-5 years)',
      'Senior (5+ years)',
      'Staff/Principal',
    ]);
    await user.selectOptions(screen.getByLabelText('Difficulty'), 'mid');
    expect(titles()).toEqual(['React Deep Dive']);

    await user.click(screen.getByRole('tab', { name: /Backend/ }));
    expect(screen.getByRole('heading', { name: 'Showing 0 interviews in Backend' })).toBeTruthy();
    expect(screen.getByText('No interviews found')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    expect(titles()).toEqual(['React Deep Dive', 'SQL Basics']);
    expect((screen.getByLabelText('Difficulty') as HTMLSelectElement).value).toBe('all');
    expect(screen.getByRole('tab', { name: /All Categories/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('pages the category tabs 2 per page on a narrow screen', async () => {
    window.innerWidth = 500;
    serve([react], [cat('Frontend', 1), cat('Backend', 0), cat('DevOps', 0)]);
    const user = userEvent.setup();
    renderWithProviders(<PracticePage />, { path: '/practice' });
    await screen.findByRole('heading', { name: /^Showing/ });
    const names = () => screen.getAllByRole('tab').map((t) => t.textContent);
    expect(names()).toEqual(['All Categories1', 'Frontend1']);
    expect(
      (screen.getByRole('button', { name: 'Previous categories' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next categories' }));
    expect(names()).toEqual(['Backend0', 'DevOps0']);
    act(() => {
      window.innerWidth = 1400;
      window.dispatchEvent(new Event('resize'));
    });
    expect(names()).toHaveLength(4);
  });

  it('shows fewer tabs than the width allows when that many do not fit whole, the selected one in view', async () => {
    window.innerWidth = 1280; // 6 a page by the specification
    // jsdom has no layout: a tab strip 700 px wide whose tabs need 150 px each.
    const list = () => document.querySelector<HTMLElement>('[role=tablist]');
    const scrollWidth = vi
      .spyOn(HTMLElement.prototype, 'scrollWidth', 'get')
      .mockImplementation(function (this: HTMLElement) {
        return this === list() ? this.children.length * 150 : 0;
      });
    const clientWidth = vi
      .spyOn(HTMLElement.prototype, 'clientWidth', 'get')
      .mockImplementation(function (this: HTMLElement) {
        return this === list() ? 700 : 0;
      });
    const names = ['Backend', 'Behavioral', 'Data', 'DevOps', 'Frontend', 'Mobile', 'Security'];
    serve(
      [react],
      names.map((n) => cat(n, 1)),
    );
    const user = userEvent.setup();
    renderWithProviders(<PracticePage />, { path: '/practice?category=Mobile' });
    await screen.findByRole('heading', { name: /^Showing/ });
    const tabs = () => screen.getAllByRole('tab').map((t) => t.textContent);
    // Mobile, the 7th tab, opens the second page of 6: two tabs, which fit.
    expect(tabs()).toEqual(['Mobile1', 'Security1']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Mobile1');
    // Six would need 900 px: the first page shows 4 (600 px), the most that fit in 700.
    await user.click(screen.getByRole('button', { name: 'Previous categories' }));
    expect(tabs()).toEqual(['All Categories1', 'Backend1', 'Behavioral1', 'Data1']);
    await user.click(screen.getByRole('button', { name: 'Next categories' }));
    expect(tabs()).toEqual(['DevOps1', 'Frontend1', 'Mobile1', 'Security1']);
    expect(
      (screen.getByRole('button', { name: 'Next categories' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    scrollWidth.mockRestore();
    clientWidth.mockRestore();
  });

  it('shows the empty states and the failure with retry', async () => {
    serve([], []);
    const first = renderWithProviders(<PracticePage />, { path: '/practice' });
    expect(await screen.findByText('No Interview Categories')).toBeTruthy();
    first.unmount();

    serve([], [cat('Frontend', 0)]);
    const second = renderWithProviders(<PracticePage />, { path: '/practice' });
    expect(await screen.findByText('No Interview Sets')).toBeTruthy();
    second.unmount();

    serve([], [], 500);
    renderWithProviders(<PracticePage />, { path: '/practice' });
    expect(await screen.findByText('Failed to load practice sessions')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});

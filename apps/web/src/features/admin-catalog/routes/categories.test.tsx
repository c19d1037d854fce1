import type { Category } from '@candor/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { CategoriesPage } from './categories';

const category = (name: string, sets: number, isActive = true): Category => ({
  id: crypto.randomUUID(),
  name,
  description: `${name} questions`,
  icon: '',
  isActive,
  createdAt: '2026-01-01T00:00:00.000Z',
  _count: { interviewSets: sets },
});

/** The HTTP boundary: a stand-in answering like the catalogue API (409 for a category with sets). */
function serve(initial: Category[]) {
  let list = [...initial];
  const calls: { method: string; url: string; body: unknown }[] = [];
  fakeServer({
    fallback: ({ method, url, body }) => {
      calls.push({ method, url, body });
      const json = (data: unknown, status = 200) => ({ status, body: data });
      const target = list.find((c) => url.endsWith(c.id));
      if (method === 'GET') return json(list);
      if (method === 'PUT' && target) {
        const updated = { ...target, ...(body as Partial<Category>) };
        list = list.map((c) => (c.id === target.id ? updated : c));
        return json({ ...updated, category: updated });
      }
      if (method === 'DELETE' && target) {
        if (target._count.interviewSets > 0)
          return json(
            { message: `This category still has ${target._count.interviewSets} interview sets.` },
            409,
          );
        list = list.filter((c) => c !== target);
        return { status: 204, body: null };
      }
      return json({ message: 'unexpected' }, 500);
    },
  });
  return calls;
}

function renderPage() {
  return renderWithProviders(
    <>
      <Toaster />
      <CategoriesPage />
    </>,
    { path: '/admin/categories' },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('CategoriesPage', () => {
  it('counts, searches with "x of y categories" and clears the search', async () => {
    serve([category('Frontend', 2), category('Backend', 1, false)]);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('2 of 2 categories')).toBeTruthy();
    expect(screen.getByText('Total Categories').nextSibling?.textContent).toBe('2');
    expect(screen.getByText('Active Categories').nextSibling?.textContent).toBe('1');
    await user.type(screen.getByLabelText('Search categories'), 'front');
    expect(screen.getByText('1 of 2 categories')).toBeTruthy();
    await user.clear(screen.getByLabelText('Search categories'));
    await user.type(screen.getByLabelText('Search categories'), 'zzz');
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(screen.getByText('2 of 2 categories')).toBeTruthy();
  });

  it('toggles with isActive alone and says so', async () => {
    const frontend = category('Frontend', 2);
    const calls = serve([frontend]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Active: Frontend' }));
    expect(await screen.findByText('Category deactivated')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ isActive: false });
    await waitFor(() =>
      expect(
        screen.getByRole('switch', { name: 'Active: Frontend' }).getAttribute('aria-checked'),
      ).toBe('false'),
    );
  });

  it('confirms a delete in the spec words and shows the server refusal for a category with sets', async () => {
    serve([category('Frontend', 2), category('Empty', 0)]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Frontend' }));
    expect(
      screen.getByText(
        'Are you sure you want to delete the category "Frontend"? This action cannot be undone.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete category')).toBeTruthy();
    expect(screen.getByText('This category still has 2 interview sets.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete Empty' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Category deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Empty' })).toBeNull());
  });

  it('offers to create the first category when there are none', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No Categories Available')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create First Category' })).toBeTruthy();
  });
});

import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { availableCategoriesQueryOptions } from '@/features/practice/api/get-available-categories';
import { availableSetsQueryOptions } from '@/features/practice/api/get-available-sets';
import { fakeServer } from '@/test/fake-server';
import { readFirst } from './first-queries';
import { createQueryClient } from './providers';

/*
 * A screen opened cold is drawn once, with its first reads (issue 32): its route waits for them,
 * and the screen that then mounts with them does not ask for them again. Only the page as opened
 * waits; moving between screens afterwards does not.
 */

function SetsCount() {
  const sets = useQuery(availableSetsQueryOptions);
  return <p>{sets.data ? `${sets.data.length} sets` : 'Loading'}</p>;
}

describe('the first reads of the page as opened', () => {
  it('are read once, before the screen draws them, and only for the page as opened', async () => {
    const { requests } = fakeServer({
      fallback: (request) => ({
        body: request.path === '/api/interview/sets/available' ? [{ id: 's1' }, { id: 's2' }] : [],
      }),
    });
    const client = createQueryClient();
    const reads = [availableSetsQueryOptions, availableCategoriesQueryOptions];
    await readFirst(client, new Request(window.location.href), reads);
    expect(requests.map((r) => r.path).sort()).toEqual([
      '/api/interview/categories/available',
      '/api/interview/sets/available',
    ]);

    // Drawn with its figures at once, and not asked again.
    render(
      <QueryClientProvider client={client}>
        <SetsCount />
      </QueryClientProvider>,
    );
    expect(screen.getByText('2 sets')).toBeTruthy();
    expect(client.getQueryState(availableSetsQueryOptions.queryKey)?.fetchStatus).toBe('idle');
    expect(requests).toHaveLength(2);

    // A later navigation (or another address) draws at once: nothing is waited for.
    await readFirst(client, new Request(window.location.href), [
      { queryKey: ['other'], queryFn: () => 1 },
    ]);
    expect(client.getQueryData(['other'])).toBeUndefined();
  });
});

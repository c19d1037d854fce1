import { queryOptions, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { api, type Query } from './api-client';

/** What a GET's query may add to its key and fetch: when it runs, and what shows meanwhile. */
type Extra<T> = Pick<UseQueryOptions<T, Error, T>, 'enabled' | 'placeholderData' | 'staleTime'>;

/**
 * The query options of one GET: `path` (and its `query` string) under `queryKey`, cancelled through
 * the query's signal when no screen needs the answer any more. The API files' queries are made
 * with it, so each file says only its key, its path and what it returns.
 */
export function getQueryOptions<T>(
  queryKey: QueryKey,
  path: string,
  { query, ...extra }: { query?: Query } & Extra<T> = {},
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get<T>(path, query, signal),
    ...extra,
  });
}

import {
  hashKey,
  type FetchQueryOptions,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';

/**
 * What a screen draws first, as query options: a screen module exports them as `firstQueries`
 * (given the route's params), the reads the server preloads with the page (@candor/shared's
 * firstReads).
 */
export type FirstQueries = (
  params: Record<string, string | undefined>,
  url: URL,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen's reads differ in type
) => FetchQueryOptions<any, any, any, any>[];

/** An id in an address: only a uuid can name an attempt or a set (anything else is refused). */
export const isId = (id: string | undefined): id is string =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id ?? '');

/**
 * How long a screen opened cold waits for its first reads before it draws its loading states
 * instead. Preloaded with the page, they are usually there before the screen's code is.
 */
const WAIT_MS = 800;

/**
 * The clients whose page has had its first navigation. One client lives as long as its page
 * (app/providers.tsx), so "the page as opened" is the first navigation a client's router makes;
 * kept per client rather than per module so that tests, which share a module across files, each
 * start as a page opened cold.
 */
const opened = new WeakSet<QueryClient>();
const withoutFragment = (url: string) => url.split('#')[0];

/**
 * A screen opened cold is drawn once with its first reads in the cache rather than twice (its
 * loading states, then its figures). The route's loader waits for them (app/router.tsx), so
 * the one drawing is part of the router's transition, which React splits into short slices; a
 * query answering after the first drawing re-renders synchronously, and on a phone's slower CPU
 * that was a single task of 150–375 ms (Lighthouse's blocking time, issue 32). Only the first
 * screen of a visit waits: moving between screens shows the next one at once, as before.
 */
export async function readFirst(
  client: QueryClient,
  request: Request,
  queries: ReturnType<FirstQueries>,
): Promise<null> {
  const cold =
    !opened.has(client) &&
    typeof window !== 'undefined' &&
    withoutFragment(request.url) === withoutFragment(window.location.href);
  opened.add(client);
  if (!cold) return null;
  for (const query of queries) readFirstHashes.add(hashKey(query.queryKey));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(queries.map((query) => client.prefetchQuery(query))),
    new Promise((resolve) => (timer = setTimeout(resolve, WAIT_MS))),
  ]);
  clearTimeout(timer);
  return null;
}

const readFirstHashes = new Set<string>();
/** How long a first read counts as just read. */
const JUST_READ_MS = 2000;

/**
 * A first read answered a moment ago: the screen that mounts with it does not ask again (a read
 * is stale at once by default, and a stale read is asked again when a screen mounts with it).
 */
export function justReadFirst(query: Query): boolean {
  return (
    readFirstHashes.has(query.queryHash) &&
    query.state.status === 'success' &&
    Date.now() - query.state.dataUpdatedAt < JUST_READ_MS
  );
}

/**
 * What the screens people open cold read first, as the page asks for it (the exact URL, query in
 * the page's order). The server preloads these with the page itself (its `Link` header), so on a
 * slow phone the screen's data is on its way while its code downloads, instead of after the code
 * has run (issue 32). The web's route tests check that each screen asks for exactly these.
 */
const UUID = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';

const FIRST_READS: [RegExp, (id: string) => string[]][] = [
  [
    /^\/$/,
    () => [
      '/api/interview/quick-practice',
      '/api/user/stats',
      '/api/interview?status=completed&page=1&limit=3',
    ],
  ],
  [/^\/practice$/, () => ['/api/interview/sets/available', '/api/interview/categories/available']],
  [
    new RegExp(`^/reports/${UUID}$`, 'i'),
    (id) => [
      `/api/report/interview/${id}`,
      `/api/interview/${id}`,
      `/api/interview/${id}/recordings`,
    ],
  ],
  [
    new RegExp(`^/interview/${UUID}$`, 'i'),
    (id) => [
      `/api/interview/sets/${id}`,
      '/api/interview/speech',
      `/api/interview?status=not_completed&setId=${id}&page=1&limit=3`,
    ],
  ],
  [/^\/admin\/dashboard$/, () => ['/api/admin/analytics', '/api/admin/analytics/usage?days=30']],
];

const RESUMED = new RegExp(`^/interview/${UUID}\\?(.*)$`, 'i');
const IS_UUID = new RegExp(`^${UUID}$`, 'i');

/**
 * The API reads the screen at `url` (a path, with or without a query) makes first; none for other
 * screens, and none when the address carries a query (a filtered list, an assignment), whose
 * reads differ, except the live interview resumed by its address (`?attempt=`): its set, the
 * attempt and who recognises speech.
 */
export function firstReads(url: string): string[] {
  const resumed = RESUMED.exec(url);
  if (resumed) {
    const attempt = new URLSearchParams(resumed[2]).get('attempt') ?? '';
    return IS_UUID.test(attempt)
      ? [`/api/interview/sets/${resumed[1]}`, `/api/interview/${attempt}`, '/api/interview/speech']
      : [];
  }
  if (url.includes('?')) return [];
  for (const [pattern, reads] of FIRST_READS) {
    const m = pattern.exec(url);
    if (m) return reads(m[1] ?? '');
  }
  return [];
}

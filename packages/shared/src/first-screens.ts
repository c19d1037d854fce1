/**
 * The web app's screen modules (paths under apps/web, as its build manifest names them) that
 * draw the page at a URL people open cold. The server lists their code in the page itself
 * (`<link rel="modulepreload">`), so on a slow phone a screen's code downloads beside the main
 * script instead of after it has run and matched the route: one round trip and a queue of small
 * requests less before the first paint (issue 32). apps/web/src/app/first-reads.test.tsx
 * checks that each of these URLs loads exactly these modules.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CANDIDATE_LAYOUT = 'src/app/candidate-layout.tsx';
const ADMIN_LAYOUT = 'src/app/admin-layout.tsx';

const FIRST_SCREENS: [RegExp, string[]][] = [
  [/^\/login$/, ['src/features/auth/routes/login.tsx']],
  [/^\/signup$/, ['src/features/auth/routes/signup.tsx']],
  [/^\/$/, [CANDIDATE_LAYOUT, 'src/app/routes/dashboard-route.tsx']],
  [/^\/practice$/, [CANDIDATE_LAYOUT, 'src/features/practice/routes/practice.tsx']],
  [new RegExp(`^/reports/${UUID}$`, 'i'), [CANDIDATE_LAYOUT, 'src/app/routes/report-route.tsx']],
  // The pre-start screen, and the live one resumed by its address (its own code is fetched then).
  [new RegExp(`^/interview/${UUID}$`, 'i'), ['src/app/routes/interview-route.tsx']],
  [/^\/admin\/login$/, ['src/features/admin-auth/routes/admin-login.tsx']],
  [
    /^\/admin\/dashboard$/,
    [ADMIN_LAYOUT, 'src/features/admin-dashboard/routes/admin-dashboard.tsx'],
  ],
];

/**
 * The live interview's own code: the interview route fetches it once it knows it draws the live
 * screen. Opened by its address (`?attempt=`, a reload or a resumed attempt) it is known from the
 * address already, so it is listed with the route's code rather than asked for after it has run.
 */
export const LIVE_SCREEN = 'src/features/interview/components/live-attempt.tsx';
const INTERVIEW = new RegExp(`^/interview/${UUID}$`, 'i');

/**
 * The screen modules drawing the page at `url`, outermost first: the routes' by the path, then
 * the live screen's when the address resumes an attempt.
 */
export function firstScreens(url: string): string[] {
  const [path = '', query = ''] = url.split('?');
  const routes = FIRST_SCREENS.find(([pattern]) => pattern.test(path))?.[1] ?? [];
  return INTERVIEW.test(path) && new URLSearchParams(query).has('attempt')
    ? [...routes, LIVE_SCREEN]
    : routes;
}

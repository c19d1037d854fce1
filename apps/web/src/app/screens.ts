/**
 * The code of the screens people open cold (a link, a bookmark, a reload), and which of them a
 * path opens with. The router loads them lazily (router.tsx); preload-screen.ts asks for them as
 * soon as the page's HTML has run, beside the app's main script rather than after it, so on a
 * slow phone the screen's code is not one more round trip behind everything else. A screen's
 * chunk is fetched once either way (the browser shares the module).
 */
export const screens = {
  login: () => import('@/features/auth/routes/login'),
  signup: () => import('@/features/auth/routes/signup'),
  adminLogin: () => import('@/features/admin-auth/routes/admin-login'),
  adminLayout: () => import('./admin-layout'),
  adminDashboard: () => import('@/features/admin-dashboard/routes/admin-dashboard'),
  candidateLayout: () => import('./candidate-layout'),
  dashboard: () => import('./routes/dashboard-route'),
  practice: () => import('@/features/practice/routes/practice'),
  history: () => import('@/features/history/routes/history'),
  report: () => import('./routes/report-route'),
  settings: () => import('@/features/settings/routes/settings'),
  interview: () => import('./routes/interview-route'),
};
export type ScreenName = keyof typeof screens;

const FIRST_SCREENS: [RegExp, ScreenName[]][] = [
  [/^\/login\/?$/, ['login']],
  [/^\/signup\/?$/, ['signup']],
  [/^\/admin\/login\/?$/, ['adminLogin']],
  [/^\/admin\/dashboard\/?$/, ['adminLayout', 'adminDashboard']],
  [/^\/$/, ['candidateLayout', 'dashboard']],
  [/^\/practice\/?$/, ['candidateLayout', 'practice']],
  [/^\/history\/?$/, ['candidateLayout', 'history']],
  [/^\/reports\/[^/]+\/?$/, ['candidateLayout', 'report']],
  [/^\/settings\/?$/, ['candidateLayout', 'settings']],
  [/^\/interview\/[^/]+\/?$/, ['interview']],
];

/** The screens `pathname` opens with (its layout's and its own), or none for other paths. */
export function firstScreens(pathname: string): ScreenName[] {
  return FIRST_SCREENS.find(([pattern]) => pattern.test(pathname))?.[1] ?? [];
}

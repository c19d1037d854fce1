import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Splash } from '@/components/splash';
import { RouteError } from './route-error';
import { screens, type ScreenName } from './screens';
import { RedirectIfAdmin, RedirectIfSignedIn, RequireAdmin, RequireCandidate } from './guards';

// Every screen is its own chunk (route-level code splitting); features meet only here. The two
// portals' layouts (navigation, drawer, toasts) are chunks too, so the sign-in screens load neither.
const lazy =
  <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) =>
  async () => ({
    Component: (await load())[name] as React.ComponentType,
  });

/** A screen of app/screens.ts (also preloaded from the HTML), named in the route's handle. */
function screen<N extends ScreenName>(
  key: N,
  name: keyof Awaited<ReturnType<(typeof screens)[N]>>,
): Pick<RouteObject, 'lazy' | 'handle'> {
  return {
    lazy: lazy(screens[key] as () => Promise<Record<string, unknown>>, name as string),
    handle: { screen: key },
  };
}

export const routes: RouteObject[] = [
  {
    // The first lazy route loads before anything renders: the splash index.html painted stays.
    HydrateFallback: Splash,
    // Anything a screen throws ends here instead of a blank page.
    ErrorBoundary: RouteError,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: '/login', ...screen('login', 'LoginPage') },
          {
            path: '/signup',
            ...screen('signup', 'SignUpPage'),
          },
          {
            path: '/forgot-password',
            lazy: lazy(
              () => import('@/features/auth/routes/forgot-password'),
              'ForgotPasswordPage',
            ),
          },
        ],
      },
      {
        path: '/reset-password',
        lazy: lazy(() => import('@/features/auth/routes/reset-password'), 'ResetPasswordPage'),
      },
      {
        path: '/admin',
        children: [
          { index: true, element: <Navigate to="/admin/dashboard" replace /> },
          {
            element: <RedirectIfAdmin />,
            children: [
              {
                path: 'login',
                ...screen('adminLogin', 'AdminLoginPage'),
              },
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              {
                ...screen('adminLayout', 'AdminLayout'),
                children: [
                  {
                    path: 'dashboard',
                    ...screen('adminDashboard', 'AdminDashboardPage'),
                  },
                  {
                    path: 'categories',
                    lazy: lazy(
                      () => import('@/features/admin-catalog/routes/categories'),
                      'CategoriesPage',
                    ),
                  },
                  {
                    path: 'interviews',
                    lazy: lazy(
                      () => import('@/features/admin-catalog/routes/interview-sets'),
                      'InterviewSetsPage',
                    ),
                  },
                  {
                    path: 'questions/:interviewId',
                    lazy: lazy(
                      () => import('@/features/admin-catalog/routes/questions'),
                      'QuestionsPage',
                    ),
                  },
                  {
                    path: 'candidates',
                    lazy: lazy(
                      () => import('@/features/admin-candidates/routes/candidates'),
                      'CandidatesPage',
                    ),
                  },
                  {
                    path: 'candidates/:id',
                    lazy: lazy(
                      () => import('./routes/coach-candidate-route'),
                      'CoachCandidateRoute',
                    ),
                  },
                  {
                    path: 'candidates/:id/reports/:attemptId',
                    lazy: lazy(() => import('./routes/coach-report-route'), 'CoachReportRoute'),
                  },
                  {
                    path: 'results',
                    lazy: lazy(
                      () => import('@/features/coach-review/routes/results-audit'),
                      'ResultsAuditPage',
                    ),
                  },
                  {
                    path: 'settings',
                    lazy: lazy(
                      () => import('@/features/admin-settings/routes/admin-settings'),
                      'AdminSettingsPage',
                    ),
                  },
                  { path: '*', element: <Navigate to="/admin/dashboard" replace /> },
                ],
              },
            ],
          },
        ],
      },
      {
        element: <RequireCandidate />,
        children: [
          // Full screen, outside the layout.
          {
            path: '/interview/:id?',
            ...screen('interview', 'InterviewRoute'),
          },
          {
            path: '/interview/job/:attemptId',
            lazy: lazy(() => import('./routes/tailored-interview-route'), 'TailoredInterviewRoute'),
          },
          {
            path: '/interview/retry/:attemptId',
            lazy: lazy(() => import('./routes/retry-interview-route'), 'RetryInterviewRoute'),
          },
          {
            ...screen('candidateLayout', 'CandidateLayout'),
            children: [
              {
                path: '/',
                ...screen('dashboard', 'DashboardRoute'),
              },
              {
                path: '/practice',
                ...screen('practice', 'PracticePage'),
              },
              {
                path: '/practice/job',
                lazy: lazy(
                  () => import('@/features/tailored/routes/practise-for-a-job'),
                  'PractiseForAJobPage',
                ),
              },
              {
                path: '/history',
                ...screen('history', 'HistoryPage'),
              },
              {
                path: '/interview/:id/check',
                lazy: lazy(() => import('./routes/check-answers-route'), 'CheckAnswersRoute'),
              },
              {
                path: '/reports/:id',
                ...screen('report', 'ReportRoute'),
              },
              {
                path: '/settings',
                ...screen('settings', 'SettingsPage'),
              },
              { path: '*', element: <Navigate to="/" replace /> },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

import {
  createBrowserRouter,
  Navigate,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { readFirst, type FirstQueries } from './first-queries';
import { queryClient } from './providers';
import { RouteError } from './route-error';
import {
  RedirectIfAdmin,
  RedirectIfSignedIn,
  RequireAdmin,
  RequireAdministrator,
  RequireCandidate,
} from './guards';

// Every screen is its own chunk (route-level code splitting); features meet only here. The two
// portals' layouts (navigation, drawer, toasts) are chunks too, so the sign-in screens load neither.
// A screen that exports `firstQueries` (what it draws first) gets a loader that waits for them
// when the page was opened at it (first-queries.ts); only then, not on a change of its address.
const lazy =
  <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) =>
  async () => {
    const module = await load();
    const queries = module.firstQueries as FirstQueries | undefined;
    return {
      Component: module[name] as React.ComponentType,
      ...(queries
        ? {
            loader: ({ params, request }: LoaderFunctionArgs) =>
              readFirst(queryClient, request, queries(params, new URL(request.url))),
            shouldRevalidate: () => false,
          }
        : {}),
    };
  };

export const routes: RouteObject[] = [
  {
    // The first lazy route loads before anything renders: render nothing meanwhile.
    HydrateFallback: () => null,
    // Anything a screen throws ends here instead of a blank page.
    ErrorBoundary: RouteError,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: '/login', lazy: lazy(() => import('@/features/auth/routes/login'), 'LoginPage') },
          {
            path: '/signup',
            lazy: lazy(() => import('@/features/auth/routes/signup'), 'SignUpPage'),
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
        path: '/shared/:token',
        lazy: lazy(() => import('./routes/shared-report-route'), 'SharedReportRoute'),
      },
      {
        // An invite link to a cohort (decision 046): read by anyone, joined once signed in.
        path: '/join/:token',
        lazy: lazy(() => import('@/features/cohort-invite/routes/join'), 'JoinCohortPage'),
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
                lazy: lazy(
                  () => import('@/features/admin-auth/routes/admin-login'),
                  'AdminLoginPage',
                ),
              },
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              {
                lazy: lazy(() => import('./admin-layout'), 'AdminLayout'),
                children: [
                  {
                    // The catalogue, analytics and platform figures: administrators only.
                    element: <RequireAdministrator />,
                    children: [
                      {
                        path: 'dashboard',
                        lazy: lazy(
                          () => import('@/features/admin-dashboard/routes/admin-dashboard'),
                          'AdminDashboardPage',
                        ),
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
                    ],
                  },
                  {
                    path: 'cohorts',
                    lazy: lazy(
                      () => import('@/features/admin-cohorts/routes/cohorts'),
                      'CohortsPage',
                    ),
                  },
                  {
                    path: 'cohorts/:id',
                    lazy: lazy(
                      () => import('@/features/admin-cohorts/routes/cohort'),
                      'CohortPage',
                    ),
                  },
                  {
                    path: 'assignments',
                    lazy: lazy(
                      () => import('@/features/admin-assignments/routes/assignments'),
                      'AssignmentsPage',
                    ),
                  },
                  {
                    path: 'assignments/:id',
                    lazy: lazy(
                      () => import('@/features/admin-assignments/routes/assignment'),
                      'AssignmentPage',
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
                    path: 'rubrics',
                    lazy: lazy(
                      () => import('@/features/coach-feedback/routes/rubrics'),
                      'RubricsPage',
                    ),
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
            lazy: lazy(() => import('./routes/interview-route'), 'InterviewRoute'),
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
            path: '/interview/drill/:attemptId',
            lazy: lazy(() => import('./routes/drill-interview-route'), 'DrillInterviewRoute'),
          },
          {
            lazy: lazy(() => import('./candidate-layout'), 'CandidateLayout'),
            children: [
              {
                path: '/',
                lazy: lazy(() => import('./routes/dashboard-route'), 'DashboardRoute'),
              },
              {
                path: '/practice',
                lazy: lazy(() => import('@/features/practice/routes/practice'), 'PracticePage'),
              },
              {
                path: '/practice/job',
                lazy: lazy(
                  () => import('@/features/tailored/routes/practise-for-a-job'),
                  'PractiseForAJobPage',
                ),
              },
              {
                path: '/progress',
                lazy: lazy(() => import('./routes/progress-route'), 'ProgressRoute'),
              },
              {
                path: '/stories',
                lazy: lazy(
                  () => import('@/features/practice-loop/routes/my-stories'),
                  'MyStoriesPage',
                ),
              },
              {
                path: '/history',
                lazy: lazy(() => import('@/features/history/routes/history'), 'HistoryPage'),
              },
              {
                path: '/interview/:id/check',
                lazy: lazy(() => import('./routes/check-answers-route'), 'CheckAnswersRoute'),
              },
              {
                path: '/reports/:id',
                lazy: lazy(() => import('./routes/report-route'), 'ReportRoute'),
              },
              {
                path: '/settings',
                lazy: lazy(() => import('@/features/settings/routes/settings'), 'SettingsPage'),
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

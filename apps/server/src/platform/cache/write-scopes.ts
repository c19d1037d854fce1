import { CATALOGUE, type Invalidation } from './read-cache';

/**
 * What each writing route changes in the read cache, once it has answered with success
 * (decision 008). A refused request (400, 401, 403, 404, 409, 429…) wrote nothing and drops
 * nothing; a success drops only the entries of the users and shared data it touched.
 *
 * Every non-GET route must appear here (cache/refused-requests.test.ts checks the route table); one
 * that does not drops the whole cache after each success and logs a warning.
 */

export interface WriteContext {
  /** The route's path parameters. */
  params: unknown;
  /** The signed-in user who made the request, when a guard (or, for sign-out and the like, the auth hook) found one. */
  writer: string | null;
  /** For better-auth's routes: the endpoint after the portal's prefix, e.g. `/sign-out`. */
  authEndpoint?: string;
}

type Rule = (w: WriteContext) => Invalidation[];

const catalogue: Rule = () => [{ kind: 'tag', tag: CATALOGUE }];
const theWriter: Rule = (w) => (w.writer ? [{ kind: 'user', userId: w.writer }] : []);
const userInPath: Rule = (w) => {
  const id = (w.params as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? [{ kind: 'user', userId: id }] : [];
};

/**
 * better-auth endpoints that only create (a session, an account, a token): no cached entry can
 * show anything they change, since the absence of a session is never cached.
 */
const CREATING = [
  /^\/sign-in\//,
  /^\/sign-up\//,
  /^\/callback\//,
  /^\/oauth2\//,
  /^\/request-password-reset$/,
  /^\/forget-password$/,
  /^\/send-verification-email$/,
];

/** The endpoint of a better-auth request, without its portal prefix and query string. */
export function authEndpoint(url: string): string {
  const path = url.split('?')[0]!;
  return path.replace(/^\/api\/(admin-)?auth/, '');
}

/** Whether the auth hook must find who is signed in before the endpoint runs (sign-out ends the session it would be found by). */
export function authEndpointNeedsWriter(endpoint: string): boolean {
  return endpoint !== '/reset-password' && !CREATING.some((r) => r.test(endpoint));
}

/**
 * Sign-out, password change, profile update, session revocation…: the signed-in user's entries.
 * A password reset ends the sessions of an account known only by its token: everything goes
 * (it needs a valid token, so no stranger can repeat it).
 */
const auth: Rule = (w) => {
  const endpoint = w.authEndpoint ?? '';
  if (endpoint === '/reset-password') return [{ kind: 'all' }];
  if (!authEndpointNeedsWriter(endpoint)) return [];
  return theWriter(w);
};

export const WRITE_SCOPES: Readonly<Record<string, Rule>> = {
  // The administrators' catalogue: what candidates browse.
  'POST /api/admin/categories': catalogue,
  'PUT /api/admin/categories/:id': catalogue,
  'DELETE /api/admin/categories/:id': catalogue,
  'POST /api/admin/categories/import': catalogue,
  'POST /api/admin/interview-sets': catalogue,
  'PUT /api/admin/interview-sets/:id': catalogue,
  'DELETE /api/admin/interview-sets/:id': catalogue,
  'POST /api/admin/questions': catalogue,
  'PUT /api/admin/questions/reorder': catalogue,
  'PUT /api/admin/questions': catalogue,
  'DELETE /api/admin/questions/:id': catalogue,
  // People: a disabled candidate's sessions end; an administrator's own account.
  'PUT /api/admin/candidates/:id/status': userInPath,
  'DELETE /api/admin/candidates/:id': userInPath,
  'PUT /api/admin/profile': theWriter,
  'PUT /api/admin/password': theWriter,
  // Credits (decision 025): what is left shows in the stats, which are not cached; the candidate's
  // own entries go all the same, and the platform's limit is in no cached entry.
  'PUT /api/admin/candidates/:id/credits': userInPath,
  'PUT /api/admin/settings/credits': () => [],
  // Cohorts (decision 046): nothing cached shows them; a role change changes the cached session.
  'POST /api/admin/cohorts': () => [],
  'PUT /api/admin/cohorts/:id': () => [],
  'DELETE /api/admin/cohorts/:id': () => [],
  'POST /api/admin/cohorts/:id/members': () => [],
  'DELETE /api/admin/cohorts/:id/members/:userId': () => [],
  'POST /api/admin/cohorts/:id/invites': () => [],
  'DELETE /api/admin/cohorts/:id/invites/:inviteId': () => [],
  'PUT /api/admin/coaches/:id': userInPath,
  'DELETE /api/admin/coaches/:id': userInPath,
  'POST /api/cohort-invites/:token/join': theWriter,
  // Assignments (issue 31) are read uncached; Start makes an attempt as POST /api/interview does.
  'POST /api/admin/assignments': () => [],
  'PUT /api/admin/assignments/:id': () => [],
  'DELETE /api/admin/assignments/:id': () => [],
  'POST /api/assignments/:id/sets/:setId/start': theWriter,
  // A candidate's own attempts, profile and preferences.
  'POST /api/interview': theWriter,
  'PUT /api/interview/:id': theWriter,
  // "Check your answers": the attempt's transcript, then its report (decision 024).
  'PATCH /api/interview/:id/answers/:answerId': theWriter,
  'POST /api/interview/:id/check': theWriter,
  // A code run is read only through the attempt's own uncached routes; dropping the writer's
  // cached reads keeps the rule simple (one write per run, a few per minute at most).
  'POST /api/interview/:id/code-runs': theWriter,
  'PUT /api/interview/:id/whiteboard': theWriter,
  // A candidate's documents are read only through their own uncached list.
  'POST /api/tailored/job-descriptions': theWriter,
  'POST /api/tailored/resumes': theWriter,
  'DELETE /api/tailored/documents/:id': theWriter,
  'POST /api/tailored/interviews': theWriter,
  // A retry of one question (issue 30): a new attempt in the candidate's history.
  'POST /api/interview/:id/retries': theWriter,
  // Practise next (issue 30): the drill is a new attempt in the candidate's history.
  'POST /api/user/drills': theWriter,
  // Share links (issue 30): the candidate's own list; the signed-out read behind a link is never cached.
  'POST /api/interview/:id/share-links': theWriter,
  'DELETE /api/interview/:id/share-links/:linkId': theWriter,
  // Coach feedback (issue 31): the candidate's report and dashboard notice are read uncached;
  // the rubric library holds nobody's data and is never cached.
  'PUT /api/admin/candidates/:id/attempts/:attemptId/feedback': userInPath,
  'POST /api/admin/rubrics': () => [],
  'PUT /api/admin/rubrics/:id': () => [],
  'DELETE /api/admin/rubrics/:id': () => [],
  'POST /api/report/interview/:id/coach-feedback/seen': theWriter,
  // My stories (issue 30): read only through their own uncached list.
  'POST /api/user/stories': theWriter,
  'PUT /api/user/stories/:id': theWriter,
  'DELETE /api/user/stories/:id': theWriter,
  'PUT /api/user/profile': theWriter,
  'PUT /api/user/preferences': theWriter,
  'DELETE /api/user/account': theWriter,
  // The audio of answers (issue 14): the report and Settings read what these change.
  'PUT /api/interview/:id/answers/:answerId/recording': theWriter,
  'DELETE /api/user/recordings': theWriter,
  // better-auth, both portals.
  'POST /api/auth/*': auth,
  'POST /api/admin-auth/*': auth,
};

/** The invalidations of a successful write, or null when the route declared none. */
export function scopesOfWrite(method: string, routeUrl: string, w: WriteContext) {
  const rule = WRITE_SCOPES[`${method} ${routeUrl}`];
  return rule ? rule(w) : null;
}

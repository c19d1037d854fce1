import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { interviewMessages, interviews } from '../db/schema';
import { cookiesFrom, useTestApp } from '../test/harness';
import { insertAttempt, insertCatalogueRows } from '../test/fixtures';
import { insertAssignment, insertCohort, signInCoach } from '../test/cohorts';
import { LTI_PLATFORMS_FOR_TESTS, fillCatalogueIds, type RouteIds } from './route-ids';
import {
  ORIGIN,
  TEST_PASSWORD,
  signIn,
  signInAdmin,
  signUpCandidate,
  type SignedIn,
  signOut,
} from '../test/users';

/**
 * The callers. Two coaches (decision 046) signed in to the admin portal: `coachOfB` coaches the
 * cohort candidate B is in (the cohort and candidate the routes' ids name), `coachElsewhere` a
 * cohort with candidate A only. The last two carry a candidate-app session under the admin
 * portal's cookie name (both cookies are signed with one secret, so renaming one is all it
 * takes): a candidate's, and an administrator's own candidate-app session after they signed out
 * of the portal. A session opens only the portal it was signed in to, so both are nobody (issue
 * 12, finding 1).
 */
type Who =
  | 'anonymous'
  | 'candidateA'
  | 'candidateB'
  | 'admin'
  | 'coachOfB'
  | 'coachElsewhere'
  | 'candidateCookieAsAdmin'
  | 'adminsCandidateCookieAsAdmin';
/** Expected outcome per caller: 'ok' is any answer but 401/403 (a 2xx or a 4xx about the input). */
type Outcome = 'ok' | 401 | 403 | 404 | '403|404';
type Row = Record<Who, Outcome>;

const RENAMED = { candidateCookieAsAdmin: 401, adminsCandidateCookieAsAdmin: 401 } as const;
/** A coach's admin-portal session opens nothing in the candidate app (nor a scraper's door). */
const NO_COACH = { coachOfB: 401, coachElsewhere: 401 } as const;
const PUBLIC: Row = {
  anonymous: 'ok',
  candidateA: 'ok',
  candidateB: 'ok',
  admin: 'ok',
  coachOfB: 'ok',
  coachElsewhere: 'ok',
  candidateCookieAsAdmin: 'ok',
  adminsCandidateCookieAsAdmin: 'ok',
};
const CANDIDATE: Row = {
  anonymous: 401,
  candidateA: 'ok',
  candidateB: 'ok',
  admin: 401,
  ...NO_COACH,
  ...RENAMED,
};
/** Routes about candidate A's own attempt: B is refused, and so is an admin cookie (portal only). */
const OWNER: Row = {
  anonymous: 401,
  candidateA: 'ok',
  candidateB: '403|404',
  admin: 401,
  ...NO_COACH,
  ...RENAMED,
};
/** Prometheus's scraper only: a bearer token (METRICS_TOKEN), which no session cookie is. */
const SCRAPER: Row = {
  anonymous: 401,
  candidateA: 401,
  candidateB: 401,
  admin: 401,
  ...NO_COACH,
  ...RENAMED,
};
/**
 * A recording of candidate A's answer: B is refused, and staff too (403: played to its owner
 * only, unless the operator turns on COACH_REVIEW_RECORDINGS).
 */
const RECORDING: Row = {
  anonymous: 401,
  candidateA: 'ok',
  candidateB: '403|404',
  admin: 403,
  coachOfB: 403,
  coachElsewhere: 403,
  ...RENAMED,
};
/** Administrators only: the catalogue, platform settings, credits, people's status, cohorts' changes. */
const ADMIN: Row = {
  anonymous: 401,
  candidateA: 403,
  candidateB: 403,
  admin: 'ok',
  coachOfB: 403,
  coachElsewhere: 403,
  ...RENAMED,
};
/**
 * Administrators and coaches: lists (a coach's holds their cohorts only: security/coach-scope
 * .test.ts reads them) and the signed-in member of staff's own account.
 */
const STAFF: Row = { ...ADMIN, coachOfB: 'ok', coachElsewhere: 'ok' };
/** About candidate B or B's cohort: their coach may read it; another coach finds nothing (404). */
const COACHED: Row = { ...ADMIN, coachOfB: 'ok', coachElsewhere: 404 };

/** A candidate-app cookie presented under the admin portal's cookie name, same signed value. */
function asAdminCookie(cookie: string): string {
  return cookie.replace(/(^|;\s*)candor\.session_token=/, '$1candor-admin.session_token=');
}

/**
 * Every route the server registers, with who may call it. Generated routes (better-auth's
 * catch-alls, static files, docs) are matched by prefix. A route missing here fails the test.
 */
const MATRIX: Record<string, Row> = {
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,
  'GET /metrics': SCRAPER,
  'GET /api/auth/providers': PUBLIC,
  'GET /api/auth/me': CANDIDATE,
  'GET /api/admin-auth/me': STAFF,
  'PUT /api/user/preferences': CANDIDATE,
  'PUT /api/user/profile': CANDIDATE,
  'GET /api/user/account': CANDIDATE,
  // A candidate's own documents (ownership: modules/tailored/tailored.test.ts).
  'POST /api/tailored/job-descriptions': CANDIDATE,
  'POST /api/tailored/resumes': CANDIDATE,
  'GET /api/tailored/documents': CANDIDATE,
  'DELETE /api/tailored/documents/:id': CANDIDATE,
  // A tailored attempt from the candidate's own documents (tailored-interview.test.ts).
  'POST /api/tailored/interviews': CANDIDATE,
  'GET /api/user/export': CANDIDATE,
  'DELETE /api/user/account': CANDIDATE,
  'GET /api/user/stats': CANDIDATE,
  'GET /api/interview': CANDIDATE,
  'POST /api/interview': CANDIDATE,
  'GET /api/interview/:id': OWNER,
  'PUT /api/interview/:id': OWNER,
  'PATCH /api/interview/:id/answers/:answerId': OWNER,
  'POST /api/interview/:id/check': OWNER,
  'GET /api/interview/:id/coding': OWNER,
  'POST /api/interview/:id/code-runs': OWNER,
  // A system-design question's board (ownership: modules/whiteboard/whiteboard.test.ts).
  'GET /api/interview/:id/whiteboard': OWNER,
  'PUT /api/interview/:id/whiteboard': OWNER,
  'GET /api/interview/:id/live': OWNER,
  'GET /api/interview/:id/comparison': OWNER,
  'GET /api/report/interview/:id': OWNER,
  // Retry one question of one's own report (modules/retries/retries.test.ts).
  'POST /api/interview/:id/retries': OWNER,
  'GET /api/interview/:id/retry-outcome': OWNER,
  'GET /api/user/question-progress': CANDIDATE,
  'GET /api/interview/:id/model-answers': OWNER,
  'GET /api/interview/:id/story-draft': OWNER,
  // Practise next as a drill (modules/drills/drills.test.ts).
  'GET /api/user/drill': CANDIDATE,
  'POST /api/user/drills': CANDIDATE,
  'GET /api/interview/:id/drill': OWNER,
  // A candidate's own stories (ownership: modules/stories/stories.test.ts).
  'GET /api/user/stories': CANDIDATE,
  'POST /api/user/stories': CANDIDATE,
  'PUT /api/user/stories/:id': CANDIDATE,
  'DELETE /api/user/stories/:id': CANDIDATE,
  // A report to share (ownership, expiry, revocation: modules/report-share/report-share.test.ts).
  'GET /api/interview/:id/report.pdf': OWNER,
  'GET /api/interview/:id/share-links': OWNER,
  'POST /api/interview/:id/share-links': OWNER,
  'DELETE /api/interview/:id/share-links/:linkId': OWNER,
  // Whoever holds a live link, signed in or not; rate-limited per address (SHARED_REPORT_RATE_LIMIT).
  'GET /api/shared/:token': PUBLIC,
  'GET /api/shared/:token/answers/:answerId/recording': PUBLIC,
  'GET /api/interview/:id/recordings': OWNER,
  'PUT /api/interview/:id/answers/:answerId/recording': OWNER,
  'GET /api/interview/:id/answers/:answerId/recording': RECORDING,
  'GET /api/user/recordings': CANDIDATE,
  'DELETE /api/user/recordings': CANDIDATE,
  'GET /api/interview/quick-practice': CANDIDATE,
  'GET /api/interview/speech': CANDIDATE,
  'GET /api/interview/categories/available': CANDIDATE,
  'GET /api/interview/sets/available': CANDIDATE,
  'GET /api/interview/sets/:id': CANDIDATE,
  'GET /api/admin/categories': ADMIN,
  'POST /api/admin/categories': ADMIN,
  'PUT /api/admin/categories/:id': ADMIN,
  'DELETE /api/admin/categories/:id': ADMIN,
  'GET /api/admin/categories/:id/export': ADMIN,
  'POST /api/admin/categories/import': ADMIN,
  'GET /api/admin/interview-sets': ADMIN,
  'POST /api/admin/interview-sets': ADMIN,
  'PUT /api/admin/interview-sets/:id': ADMIN,
  'DELETE /api/admin/interview-sets/:id': ADMIN,
  'GET /api/admin/questions/:interviewId': ADMIN,
  'POST /api/admin/questions': ADMIN,
  'PUT /api/admin/questions': ADMIN,
  'PUT /api/admin/questions/reorder': ADMIN,
  'DELETE /api/admin/questions/:id': ADMIN,
  'GET /api/admin/analytics': ADMIN,
  'GET /api/admin/candidates': STAFF,
  'PUT /api/admin/candidates/:id/status': ADMIN,
  'DELETE /api/admin/candidates/:id': ADMIN,
  'GET /api/admin/candidates/:id/credits': ADMIN,
  'PUT /api/admin/candidates/:id/credits': ADMIN,
  'GET /api/admin/settings/credits': ADMIN,
  'PUT /api/admin/settings/credits': ADMIN,
  'GET /api/admin/analytics/usage': ADMIN,
  'GET /api/admin/candidates/:id': COACHED,
  'GET /api/admin/candidates/:id/attempts': COACHED,
  'GET /api/admin/candidates/:id/attempts/:attemptId/report': COACHED,
  'GET /api/admin/candidates/:id/attempts/:attemptId/report.pdf': COACHED,
  'GET /api/admin/results.csv': STAFF,
  'GET /api/admin/audit-log': ADMIN,
  'PUT /api/admin/profile': STAFF,
  'PUT /api/admin/password': STAFF,
  // Cohorts (decision 046): a coach reads their own; every change is an administrator's.
  'GET /api/admin/cohorts': STAFF,
  'GET /api/admin/cohorts/:id': COACHED,
  'POST /api/admin/cohorts': ADMIN,
  'PUT /api/admin/cohorts/:id': ADMIN,
  'DELETE /api/admin/cohorts/:id': ADMIN,
  'POST /api/admin/cohorts/:id/members': ADMIN,
  'DELETE /api/admin/cohorts/:id/members/:userId': ADMIN,
  'GET /api/admin/cohorts/:id/invites': ADMIN,
  'POST /api/admin/cohorts/:id/invites': ADMIN,
  'DELETE /api/admin/cohorts/:id/invites/:inviteId': ADMIN,
  'GET /api/admin/coaches': ADMIN,
  'PUT /api/admin/coaches/:id': ADMIN,
  'DELETE /api/admin/coaches/:id': ADMIN,
  // Assignments (issue 31): staff, a coach's own cohorts only; a candidate's own "Assigned to you".
  'GET /api/admin/assignments': STAFF,
  'GET /api/admin/assignments/sets': STAFF,
  'POST /api/admin/assignments': STAFF,
  'GET /api/admin/assignments/:id': COACHED,
  'PUT /api/admin/assignments/:id': COACHED,
  'DELETE /api/admin/assignments/:id': COACHED,
  'GET /api/admin/assignments/:id/grid': COACHED,
  'GET /api/admin/assignments/:id/grid.csv': COACHED,
  'GET /api/assignments': CANDIDATE,
  'POST /api/assignments/:id/sets/:setId/start': CANDIDATE,
  // Coach feedback (issue 31, slice 3): B's coach writes on B's reports; another coach finds
  // nothing. The rubric library holds nobody's data: every member of staff edits it.
  'GET /api/admin/candidates/:id/attempts/:attemptId/feedback': COACHED,
  'PUT /api/admin/candidates/:id/attempts/:attemptId/feedback': COACHED,
  'GET /api/admin/rubrics': STAFF,
  'POST /api/admin/rubrics': STAFF,
  'PUT /api/admin/rubrics/:id': STAFF,
  'DELETE /api/admin/rubrics/:id': STAFF,
  // The candidate reads the feedback on their own report only (coach-feedback.test.ts).
  'GET /api/report/interview/:id/coach-feedback': OWNER,
  'POST /api/report/interview/:id/coach-feedback/seen': OWNER,
  'GET /api/user/coach-feedback': CANDIDATE,
  // The join page reads a link's cohort for anyone; joining is a signed-in candidate's.
  'GET /api/cohort-invites/:token': PUBLIC,
  'POST /api/cohort-invites/:token/join': CANDIDATE,
  // LTI 1.3 (decision 047): the platform's redirects and form posts, protected by its signature,
  // the state bound to the browser and the nonce used once (modules/lti/lti.test.ts).
  'GET /lti/login': PUBLIC,
  'POST /lti/login': PUBLIC,
  'POST /lti/launch': PUBLIC,
  'GET /.well-known/jwks.json': PUBLIC,
};
const GENERATED = ['/api/auth/*', '/api/admin-auth/*', '/api/docs', '/*', '/'];

describe('the authorisation matrix', () => {
  const ctx = useTestApp('pglite', {
    SIGN_IN_RATE_LIMIT: '1000',
    METRICS_TOKEN: 'matrix-metrics-token-0123',
    LTI_PLATFORMS: LTI_PLATFORMS_FOR_TESTS,
  });
  const routes: string[] = [];
  const sessions = {} as Record<Who, SignedIn | null>;
  let ids: RouteIds & { answer: string };

  beforeAll(async () => {
    for (const { method, url } of ctx.app.routeTable) {
      if (method === 'HEAD' || method === 'OPTIONS' || url.startsWith('/api/docs')) continue;
      routes.push(`${method} ${url}`);
    }
    sessions.anonymous = null;
    sessions.candidateA = await signUpCandidate(ctx.app);
    sessions.candidateB = await signUpCandidate(ctx.app);
    sessions.admin = await signInAdmin(ctx.app);
    sessions.coachOfB = await signInCoach(ctx.app, ctx.database.db);
    sessions.coachElsewhere = await signInCoach(ctx.app, ctx.database.db);
    sessions.candidateCookieAsAdmin = {
      ...sessions.candidateB,
      cookie: asAdminCookie(sessions.candidateB.cookie),
    };
    // An administrator who also practises: signed in to the app, then out of the portal.
    const practising = await signInAdmin(ctx.app);
    const appSignIn = await signIn(ctx.app, practising.email, TEST_PASSWORD, 'candidate');
    const out = await signOut(ctx.app, practising.cookie, 'admin');
    if (out.statusCode !== 200) throw new Error(`portal sign-out failed: ${out.statusCode}`);
    sessions.adminsCandidateCookieAsAdmin = {
      ...practising,
      cookie: asAdminCookie(cookiesFrom(appSignIn.headers['set-cookie'])),
    };
    const db = ctx.database.db;
    const rows = await insertCatalogueRows(db, sessions.candidateA.userId, 'Matrix');
    // One answer of A's with a recording, so the owner's playback is a real 200.
    const answer = 'matrix-answer';
    await db.insert(interviewMessages).values({
      id: answer,
      interviewId: rows.attempt,
      seq: 1,
      speaker: 'User',
      message: 'Okay, so… the cache goes in front.',
    });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/interview/${rows.attempt}/answers/${answer}/recording?durationMs=1000`,
      headers: { origin: ORIGIN, cookie: sessions.candidateA.cookie, 'content-type': 'audio/ogg' },
      payload: Buffer.from('OggS recorded answer'),
    });
    if (put.statusCode !== 200) throw new Error(`recording upload failed: ${put.body}`);
    const cohort = await insertCohort(db, {
      name: 'Cohort of B',
      coachIds: [sessions.coachOfB.userId],
      memberIds: [sessions.candidateB.userId],
    });
    await insertCohort(db, {
      name: 'Cohort of A',
      coachIds: [sessions.coachElsewhere.userId],
      memberIds: [sessions.candidateA.userId],
    });
    const assignment = await insertAssignment(db, cohort, rows.set);
    ids = { ...rows, answer, candidate: sessions.candidateB.userId, cohort, assignment };
  });

  it('knows every registered route', () => {
    expect(routes.length).toBeGreaterThan(30);
    const unknown = routes.filter((r) => !MATRIX[r] && !GENERATED.some((g) => r.endsWith(` ${g}`)));
    expect(unknown, 'routes without an entry in the authorisation matrix').toEqual([]);
    const stale = Object.keys(MATRIX).filter((r) => !routes.includes(r));
    expect(stale, 'matrix entries without a route').toEqual([]);
  });

  const fill = (route: string) => {
    const path = route.split(' ')[1]!;
    if (path.startsWith('/api/interview/:id') || path.startsWith('/api/report/'))
      return path.replace(':id', ids.attempt).replace(':answerId', ids.answer);
    return fillCatalogueIds(path, ids) ?? path;
  };

  it('answers each caller as the matrix says', async () => {
    const failures: string[] = [];
    for (const [route, row] of Object.entries(MATRIX)) {
      const [method] = route.split(' ');
      // Destructive staff calls are checked for refusal only; their success is covered elsewhere
      // (making candidate B a coach would change whose cohort B is in).
      const destructive =
        method === 'DELETE' ||
        route.endsWith('/password') ||
        route.endsWith('/status') ||
        route === 'PUT /api/admin/coaches/:id';
      for (const who of Object.keys(row) as Who[]) {
        const staff = who === 'admin' || who === 'coachOfB' || who === 'coachElsewhere';
        if (staff && destructive && row[who] === 'ok') continue;
        const res = await ctx.app.inject({
          method: method as 'GET',
          url: fill(route),
          headers: { origin: ORIGIN, ...(sessions[who] ? { cookie: sessions[who]!.cookie } : {}) },
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const expected = row[who];
        const ok =
          expected === 'ok'
            ? res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500
            : expected === '403|404'
              ? res.statusCode === 403 || res.statusCode === 404
              : res.statusCode === expected;
        if (ok && expected === 404 && res.json().code !== 'NOT_FOUND')
          failures.push(`${route} as ${who}: 404 without code NOT_FOUND`);
        if (!ok) failures.push(`${route} as ${who}: ${res.statusCode} (expected ${expected})`);
        // A refusal says why in a code the client acts on (better-auth's endpoints have their own).
        const ours = !/^\/api\/(admin-)?auth\//.test(route.split(' ')[1]!);
        if (ours && res.statusCode === 401 && res.json().code !== 'UNAUTHENTICATED')
          failures.push(`${route} as ${who}: 401 without code UNAUTHENTICATED`);
      }
    }
    expect(failures).toEqual([]);
  });

  // Decision 038: Discard removes an attempt nobody answered, and Start gives such an attempt
  // back; both are the owner's alone.
  it("another candidate neither removes nor is given back an unanswered attempt of A's", async () => {
    const db = ctx.database.db;
    const mine = await insertAttempt(db, sessions.candidateA!.userId, 'in_progress', {
      interviewSetId: ids.set,
      answered: false,
    });
    const put = (who: Who) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/interview/${mine}`,
        headers: { origin: ORIGIN, ...(sessions[who] ? { cookie: sessions[who]!.cookie } : {}) },
        payload: { status: 'cancelled' },
      });
    for (const who of ['anonymous', 'candidateB', 'candidateCookieAsAdmin'] as const) {
      expect([401, 403, 404]).toContain((await put(who)).statusCode);
    }
    expect(await db.select().from(interviews).where(eq(interviews.id, mine))).toHaveLength(1);
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/interview',
      headers: { origin: ORIGIN, cookie: sessions.candidateB!.cookie },
      payload: { interviewSetId: ids.set },
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().id).not.toBe(mine);
    expect((await put('candidateA')).statusCode).toBe(200);
    expect(await db.select().from(interviews).where(eq(interviews.id, mine))).toEqual([]);
  });
});

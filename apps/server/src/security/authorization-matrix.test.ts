import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { interviewMessages, interviews } from '../db/schema';
import { cookiesFrom, useTestApp } from '../test/harness';
import { insertAttempt, insertCatalogueRows } from '../test/fixtures';
import { fillCatalogueIds, type RouteIds } from './route-ids';
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
 * The callers. The last two carry a candidate-app session under the admin portal's cookie name
 * (both cookies are signed with one secret, so renaming one is all it takes): a candidate's, and an
 * administrator's own candidate-app session after they signed out of the portal. A session opens
 * only the portal it was signed in to, so both are nobody (issue 12, finding 1).
 */
type Who =
  | 'anonymous'
  | 'candidateA'
  | 'candidateB'
  | 'admin'
  | 'candidateCookieAsAdmin'
  | 'adminsCandidateCookieAsAdmin';
/** Expected outcome per caller: 'ok' is any answer but 401/403 (a 2xx or a 4xx about the input). */
type Outcome = 'ok' | 401 | 403 | '403|404';
type Row = Record<Who, Outcome>;

const RENAMED = { candidateCookieAsAdmin: 401, adminsCandidateCookieAsAdmin: 401 } as const;
const PUBLIC: Row = {
  anonymous: 'ok',
  candidateA: 'ok',
  candidateB: 'ok',
  admin: 'ok',
  candidateCookieAsAdmin: 'ok',
  adminsCandidateCookieAsAdmin: 'ok',
};
const CANDIDATE: Row = {
  anonymous: 401,
  candidateA: 'ok',
  candidateB: 'ok',
  admin: 401,
  ...RENAMED,
};
/** Routes about candidate A's own attempt: B is refused, and so is an admin cookie (portal only). */
const OWNER: Row = {
  anonymous: 401,
  candidateA: 'ok',
  candidateB: '403|404',
  admin: 401,
  ...RENAMED,
};
/** Prometheus's scraper only: a bearer token (METRICS_TOKEN), which no session cookie is. */
const SCRAPER: Row = {
  anonymous: 401,
  candidateA: 401,
  candidateB: 401,
  admin: 401,
  ...RENAMED,
};
/**
 * A recording of candidate A's answer: B is refused, and an administrator too (403: played to its
 * owner only, unless the operator turns on COACH_REVIEW_RECORDINGS).
 */
const RECORDING: Row = {
  anonymous: 401,
  candidateA: 'ok',
  candidateB: '403|404',
  admin: 403,
  ...RENAMED,
};
const ADMIN: Row = { anonymous: 401, candidateA: 403, candidateB: 403, admin: 'ok', ...RENAMED };

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
  'GET /api/admin-auth/me': ADMIN,
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
  'GET /api/admin/candidates': ADMIN,
  'PUT /api/admin/candidates/:id/status': ADMIN,
  'DELETE /api/admin/candidates/:id': ADMIN,
  'GET /api/admin/candidates/:id/credits': ADMIN,
  'PUT /api/admin/candidates/:id/credits': ADMIN,
  'GET /api/admin/settings/credits': ADMIN,
  'PUT /api/admin/settings/credits': ADMIN,
  'GET /api/admin/analytics/usage': ADMIN,
  'GET /api/admin/candidates/:id': ADMIN,
  'GET /api/admin/candidates/:id/attempts': ADMIN,
  'GET /api/admin/candidates/:id/attempts/:attemptId/report': ADMIN,
  'GET /api/admin/candidates/:id/attempts/:attemptId/report.pdf': ADMIN,
  'GET /api/admin/results.csv': ADMIN,
  'GET /api/admin/audit-log': ADMIN,
  'PUT /api/admin/profile': ADMIN,
  'PUT /api/admin/password': ADMIN,
};
const GENERATED = ['/api/auth/*', '/api/admin-auth/*', '/api/docs', '/*', '/'];

describe('the authorisation matrix', () => {
  const ctx = useTestApp('pglite', {
    SIGN_IN_RATE_LIMIT: '1000',
    METRICS_TOKEN: 'matrix-metrics-token-0123',
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
    ids = { ...rows, answer, candidate: sessions.candidateB.userId };
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
      // Destructive admin calls are checked for refusal only; the admin's own success is covered elsewhere.
      const destructive =
        method === 'DELETE' || route.endsWith('/password') || route.endsWith('/status');
      for (const who of Object.keys(row) as Who[]) {
        if (who === 'admin' && destructive) continue;
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

import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHARE_LINK_GONE, SHARE_LINKS_PER_REPORT_MAX, type ReportContent } from '@candor/shared';
import {
  auditLog,
  interviewMessages,
  interviews,
  reports,
  shareLinkViews,
  shareLinks,
} from '../../db/schema';
import { testClock } from '../../test/clock';
import { insertAttempt } from '../../test/fixtures';
import { databaseKinds, useTestApp } from '../../test/harness';
import { webmBody } from '../../test/recordings';
import { flat, pdfText, reportContentOf } from '../../test/report-pdf';
import {
  ORIGIN,
  TEST_PASSWORD,
  signInAdmin,
  signUpCandidate,
  type SignedIn,
} from '../../test/users';

/**
 * A report to share (issue 30): the PDF of one's own report, read back; share links that only
 * their owner makes, lists and revokes; a link that opens the report signed out, read-only, with
 * recordings only when chosen, every opening counted; expired, revoked and unknown links alike
 * 404 (the clock is moved, never waited for); links gone with the attempt and the account, and
 * in the data export.
 */

const DAY = 86_400_000;

describe.each(databaseKinds())('a report to share on %s', (kind) => {
  const clock = testClock();
  const ctx = useTestApp(kind, { SHARED_REPORT_RATE_LIMIT: '100000' }, { now: clock.now });
  let content: ReportContent;
  let zoe: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    content = reportContentOf(3);
    zoe = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien-Smith" });
    other = await signUpCandidate(ctx.app, { firstName: 'Nguyễn', lastName: 'Thị Minh' });
  });

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    who: SignedIn | null,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
      ...(payload ? { payload } : {}),
    });

  /** A completed attempt of `who` with the report, one stored answer and its recording. */
  async function reported(who: SignedIn, status: 'completed' | 'pending' = 'completed') {
    const db = ctx.database.db;
    const id = await insertAttempt(db, who.userId, 'completed', { title: 'Backend practice' });
    await db.insert(reports).values({
      interviewId: id,
      userId: who.userId,
      status,
      ...(status === 'completed'
        ? {
            overallScore: content.overallScore,
            communicationScore: content.communicationScore,
            problemSolvingScore: content.problemSolvingScore,
            confidenceScore: content.confidenceScore,
            content,
            provider: 'builtin',
            model: 'builtin',
          }
        : {}),
    });
    const answerId = crypto.randomUUID();
    await db.insert(interviewMessages).values({
      id: answerId,
      interviewId: id,
      seq: 1,
      speaker: 'User',
      message: content.questionReports[0]!.answer,
    });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/interview/${id}/answers/${answerId}/recording?durationMs=1000`,
      headers: { origin: ORIGIN, cookie: who.cookie, 'content-type': 'audio/webm' },
      payload: webmBody(),
    });
    expect(put.statusCode).toBe(200);
    return { id, answerId };
  }

  const share = (who: SignedIn | null, id: string, body: object) =>
    call('POST', `/api/interview/${id}/share-links`, who, body);

  it("the PDF of one's own report says its scores and answers, in the candidate's name", async () => {
    const { id } = await reported(zoe);
    const res = await call('GET', `/api/interview/${id}/report.pdf`, zoe);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="candor-report-/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain("Zoë O'Brien-Smith");
    expect(text).toContain(`Overall score: ${Math.round(content.overallScore)}%`);
    expect(text).toContain(`Communication ${Math.round(content.communicationScore)}%`);
    for (const q of content.questionReports) {
      expect(text).toContain(`Score ${Math.round(q.score! / 10)}/10`);
      expect(text).toContain(flat(q.answer));
    }

    const theirs = await reported(other);
    const them = await call('GET', `/api/interview/${theirs.id}/report.pdf`, other);
    expect((await pdfText(them.rawPayload)).text).toContain('Nguyễn Thị Minh');
    // Someone else's report, nobody's, and one not ready yet.
    expect((await call('GET', `/api/interview/${theirs.id}/report.pdf`, zoe)).statusCode).toBe(403);
    expect((await call('GET', `/api/interview/${id}/report.pdf`, null)).statusCode).toBe(401);
    const pending = await reported(zoe, 'pending');
    expect((await call('GET', `/api/interview/${pending.id}/report.pdf`, zoe)).statusCode).toBe(
      409,
    );
    const none = await insertAttempt(ctx.database.db, zoe.userId, 'completed');
    expect((await call('GET', `/api/interview/${none}/report.pdf`, zoe)).statusCode).toBe(404);
  });

  it('a link opens the report signed out, read-only, without recordings unless chosen', async () => {
    const { id, answerId } = await reported(zoe);
    const made = await share(zoe, id, { expiresInDays: 7 });
    expect(made.statusCode).toBe(200);
    const link = made.json();
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.path).toBe(`/shared/${link.token}`);
    expect(link).toMatchObject({ includeRecordings: false, views: 0, lastViewedAt: null });
    expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(7 * DAY);
    // Only the token's hash is kept: nothing stored opens the report.
    const [row] = await ctx.database.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(JSON.stringify(row)).not.toContain(link.token);
    expect(row!.tokenHash).toBe(crypto.createHash('sha256').update(link.token).digest('base64url'));

    const opened = await call('GET', `/api/shared/${link.token}`, null);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    const shared = opened.json();
    const own = (await call('GET', `/api/report/interview/${id}`, zoe)).json();
    expect(shared.report).toEqual(own);
    expect(shared.candidateName).toBe("Zoë O'Brien-Smith");
    expect(shared.conversation.map((m: { id: string }) => m.id)).toEqual([answerId]);
    expect(shared.recordings).toEqual([]);
    const audio = `/api/shared/${link.token}/answers/${answerId}/recording`;
    expect((await call('GET', audio, null)).statusCode).toBe(404);

    const withVoice = (await share(zoe, id, { expiresInDays: 1, includeRecordings: true })).json();
    const voiced = (await call('GET', `/api/shared/${withVoice.token}`, null)).json();
    expect(voiced.recordings).toEqual([answerId]);
    const played = await call(
      'GET',
      `/api/shared/${withVoice.token}/answers/${answerId}/recording`,
      null,
    );
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/webm');
    expect(played.rawPayload.readUInt32BE(0)).toBe(0x1a45dfa3);
  });

  it('every opening is counted, and a coach opening it is in the audit log', async () => {
    const { id } = await reported(zoe);
    const link = (await share(zoe, id, { expiresInDays: 30 })).json();
    await call('GET', `/api/shared/${link.token}`, null);
    await call('GET', `/api/shared/${link.token}`, other);
    const coach = await signInAdmin(ctx.app);
    await call('GET', `/api/shared/${link.token}`, coach);
    const listed = (await call('GET', `/api/interview/${id}/share-links`, zoe)).json();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: link.id, views: 3 });
    expect(listed[0].lastViewedAt).not.toBeNull();
    expect(listed[0]).not.toHaveProperty('token');
    const views = await ctx.database.db
      .select()
      .from(shareLinkViews)
      .where(eq(shareLinkViews.linkId, link.id));
    expect(views.map((v) => [v.viewerId, v.viewerPortal]).sort()).toEqual(
      [
        [null, null],
        [other.userId, 'candidate'],
        [coach.userId, 'admin'],
      ].sort(),
    );
    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, coach.userId));
    expect(audited).toMatchObject([
      {
        action: 'report_viewed',
        candidateId: zoe.userId,
        interviewId: id,
        details: { via: 'share link' },
      },
    ]);
  });

  it('expired, revoked and unknown links answer the same 404', async () => {
    const { id } = await reported(zoe);
    const day = (await share(zoe, id, { expiresInDays: 1 })).json();
    const week = (await share(zoe, id, { expiresInDays: 7 })).json();
    const revoked = (await share(zoe, id, { expiresInDays: 30 })).json();
    expect(
      (await call('DELETE', `/api/interview/${id}/share-links/${revoked.id}`, zoe)).json(),
    ).toEqual({ success: true });
    // Revoking twice, or someone else's, finds nothing to revoke.
    expect(
      (await call('DELETE', `/api/interview/${id}/share-links/${revoked.id}`, zoe)).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/interview/${id}/share-links/${week.id}`, other)).statusCode,
    ).toBe(403);

    clock.advance(DAY + 1000);
    try {
      const gone = await Promise.all(
        [day.token, revoked.token, crypto.randomBytes(32).toString('base64url'), 'not-a-token'].map(
          (t) => call('GET', `/api/shared/${t}`, null),
        ),
      );
      for (const res of gone) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(gone[0]!.json());
      }
      expect(gone[0]!.json().message).toBe(SHARE_LINK_GONE);
      expect((await call('GET', `/api/shared/${week.token}`, null)).statusCode).toBe(200);
      const listed = (await call('GET', `/api/interview/${id}/share-links`, zoe)).json();
      expect(listed.map((l: { id: string }) => l.id)).toEqual([week.id]);
      clock.advance(6 * DAY);
      expect((await call('GET', `/api/shared/${week.token}`, null)).statusCode).toBe(404);
    } finally {
      clock.advance(-7 * DAY - 1000);
    }
  });

  it("only the owner makes, lists and revokes a report's links; a bad body names its field", async () => {
    const { id } = await reported(zoe);
    expect((await share(other, id, { expiresInDays: 7 })).statusCode).toBe(403);
    expect((await share(other, id, {})).statusCode).toBe(403);
    expect((await share(null, id, { expiresInDays: 7 })).statusCode).toBe(401);
    expect((await call('GET', `/api/interview/${id}/share-links`, other)).statusCode).toBe(403);
    const bad = await share(zoe, id, { expiresInDays: 2 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['expiresInDays']);
    const notBool = await share(zoe, id, { expiresInDays: 1, includeRecordings: 'yes' });
    expect(Object.keys(notBool.json().fields)).toEqual(['includeRecordings']);
    const pending = await reported(zoe, 'pending');
    expect((await share(zoe, pending.id, { expiresInDays: 1 })).statusCode).toBe(409);
    expect((await call('DELETE', `/api/interview/${id}/share-links/nope`, zoe)).statusCode).toBe(
      404,
    );
  });

  it(`a report has at most ${SHARE_LINKS_PER_REPORT_MAX} live links`, async () => {
    const { id } = await reported(zoe);
    const made = [];
    for (let i = 0; i < SHARE_LINKS_PER_REPORT_MAX; i++) {
      made.push((await share(zoe, id, { expiresInDays: 1 })).json());
    }
    expect((await share(zoe, id, { expiresInDays: 1 })).statusCode).toBe(409);
    await call('DELETE', `/api/interview/${id}/share-links/${made[0].id}`, zoe);
    expect((await share(zoe, id, { expiresInDays: 1 })).statusCode).toBe(200);
  });

  it('links die with the attempt and the account, and are in the data export', async () => {
    const db = ctx.database.db;
    const { id } = await reported(other);
    const link = (await share(other, id, { expiresInDays: 7 })).json();
    await db.delete(interviews).where(eq(interviews.id, id));
    expect((await call('GET', `/api/shared/${link.token}`, null)).statusCode).toBe(404);

    const leaving = await signUpCandidate(ctx.app, { firstName: 'Søren', lastName: 'Ærø' });
    const kept = await reported(leaving);
    const first = (
      await share(leaving, kept.id, { expiresInDays: 7, includeRecordings: true })
    ).json();
    await share(leaving, kept.id, { expiresInDays: 1 });
    await call('DELETE', `/api/interview/${kept.id}/share-links/${first.id}`, leaving);
    const exported = (await call('GET', '/api/user/export', leaving)).json();
    expect(exported.shareLinks).toHaveLength(2);
    expect(exported.shareLinks[0]).toMatchObject({
      interviewId: kept.id,
      includeRecordings: true,
      views: [],
    });
    expect(exported.shareLinks[0].revokedAt).not.toBeNull();
    expect(JSON.stringify(exported)).not.toContain(first.token);

    const gone = await call('DELETE', '/api/user/account', leaving, { password: TEST_PASSWORD });
    expect(gone.statusCode).toBe(200);
    const left = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(shareLinks)
      .where(eq(shareLinks.userId, leaving.userId));
    expect(left[0]!.n).toBe(0);
  });

  it("a coach downloads a candidate's PDF through the admin portal, and it is audited", async () => {
    const { id } = await reported(zoe);
    const coach = await signInAdmin(ctx.app);
    const res = await call(
      'GET',
      `/api/admin/candidates/${zoe.userId}/attempts/${id}/report.pdf`,
      coach,
    );
    expect(res.statusCode).toBe(200);
    expect((await pdfText(res.rawPayload)).text).toContain("Zoë O'Brien-Smith");
    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, coach.userId));
    expect(audited).toMatchObject([
      {
        action: 'report_viewed',
        candidateId: zoe.userId,
        interviewId: id,
        details: { format: 'pdf' },
      },
    ]);
    // Another candidate's attempt under Zoë's id is not found.
    const theirs = await reported(other);
    const wrong = `/api/admin/candidates/${zoe.userId}/attempts/${theirs.id}/report.pdf`;
    expect((await call('GET', wrong, coach)).statusCode).toBe(404);
    expect((await call('GET', wrong, zoe)).statusCode).toBe(403);
  });
});

describe('the shared page is rate-limited per address', () => {
  const ctx = useTestApp('pglite', { SHARED_REPORT_RATE_LIMIT: '3' });

  it('answers 429 with Retry-After past the limit, whatever the token', async () => {
    const token = crypto.randomBytes(32).toString('base64url');
    const open = () =>
      ctx.app.inject({ method: 'GET', url: `/api/shared/${token}`, remoteAddress: '203.0.113.9' });
    for (let i = 0; i < 3; i++) expect((await open()).statusCode).toBe(404);
    const limited = await open();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is counted apart.
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: `/api/shared/${token}`,
      remoteAddress: '198.51.100.7',
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

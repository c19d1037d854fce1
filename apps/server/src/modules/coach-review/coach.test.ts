import { RESULTS_CSV_COLUMNS, type AuditEntry } from '@candor/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, interviews, reports, user } from '../../db/schema';
import { useTestApp, databaseKinds } from '../../test/harness';
import { insertAttempt, insertCandidate } from '../../test/fixtures';
import { insertSet } from '../../test/interviews';
import { ORIGIN, signInAdmin, signUpCandidate, type SignedIn } from '../../test/users';
import { EXPORT_BATCH } from './service';

/** RFC 4180 read back: quoted cells, doubled quotes, line breaks inside quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) throw new Error('the CSV does not end with CRLF');
  return rows;
}

describe.each(databaseKinds())('coach review on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });
  let admin: SignedIn;
  let zoe: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    admin = await signInAdmin(ctx.app);
    zoe = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien-Smith" });
    other = await signUpCandidate(ctx.app, { firstName: 'Ada', lastName: 'Lovelace' });
  });

  const get = (url: string, who: SignedIn | null) =>
    ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const auditRows = () => ctx.database.db.select().from(auditLog);
  async function latestAudit(): Promise<AuditEntry> {
    const res = await get('/api/admin/audit-log?limit=10', admin);
    expect(res.statusCode).toBe(200);
    return res.json().entries[0];
  }

  it('refuses every coach view to candidates (403) and to anonymous callers (401), recording none', async () => {
    const attempt = await insertAttempt(ctx.database.db, zoe.userId, 'completed', { score: 70 });
    const urls = [
      `/api/admin/candidates/${zoe.userId}`,
      `/api/admin/candidates/${zoe.userId}/attempts`,
      `/api/admin/candidates/${zoe.userId}/attempts/${attempt}/report`,
      '/api/admin/results.csv',
      '/api/admin/audit-log',
    ];
    const before = (await auditRows()).length;
    for (const url of urls) {
      const anonymous = await get(url, null);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().code).toBe('UNAUTHENTICATED');
      // Zoë herself, asking for her own data through the coach's door, is refused too.
      expect((await get(url, zoe)).statusCode, url).toBe(403);
      expect((await get(url, other)).statusCode, url).toBe(403);
    }
    expect((await auditRows()).length).toBe(before);
  });

  it('opens a candidate: profile and progress as she sees them, and the view is audited', async () => {
    await insertAttempt(ctx.database.db, zoe.userId, 'completed', {
      score: 80,
      dims: [90, 70, 80],
      title: 'Frontend Basics',
    });
    const res = await get(`/api/admin/candidates/${zoe.userId}`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.candidate).toMatchObject({
      id: zoe.userId,
      firstName: 'Zoë',
      lastName: "O'Brien-Smith",
      email: zoe.email,
    });
    // The same figures as her own dashboard.
    const own = (await get('/api/user/stats', zoe)).json();
    expect(body.stats).toEqual(own);
    expect(body.stats.trend.length).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('no-store');

    const entry = await latestAudit();
    expect(entry).toMatchObject({
      action: 'candidate_viewed',
      actor: { id: admin.userId, email: admin.email },
      candidate: { id: zoe.userId, name: "Zoë O'Brien-Smith", email: zoe.email },
      interviewId: null,
    });
    expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
  });

  it("lists a candidate's attempts with History's filters, only hers, audited", async () => {
    await insertAttempt(ctx.database.db, other.userId, 'completed', { score: 50 });
    const res = await get(`/api/admin/candidates/${zoe.userId}/attempts?status=completed`, admin);
    expect(res.statusCode).toBe(200);
    const mine = (await get('/api/interview?status=completed', zoe)).json();
    expect(res.json()).toEqual(mine);
    expect(res.json().interviews.length).toBeGreaterThan(0);
    expect(await latestAudit()).toMatchObject({
      action: 'attempts_viewed',
      candidate: { id: zoe.userId },
      details: { page: 1, status: 'completed' },
    });
    expect(
      (await get(`/api/admin/candidates/${zoe.userId}/attempts?limit=7`, admin)).json(),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it("reads one report with its transcript; another candidate's attempt is not found", async () => {
    const attempt = await insertAttempt(ctx.database.db, zoe.userId, 'completed', {
      score: 64,
      title: 'System Design',
    });
    const res = await get(`/api/admin/candidates/${zoe.userId}/attempts/${attempt}/report`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.report).toMatchObject({
      interviewId: attempt,
      status: 'completed',
      interview: { title: 'System Design' },
    });
    expect(body.conversation).toEqual([]);
    expect(body.recordingsAllowed).toBe(false);
    expect(body.recordings).toEqual([]);
    expect(await latestAudit()).toMatchObject({
      action: 'report_viewed',
      candidate: { id: zoe.userId },
      interviewId: attempt,
    });

    const before = (await auditRows()).length;
    const foreign = await insertAttempt(ctx.database.db, other.userId, 'completed', { score: 1 });
    const wrong = await get(
      `/api/admin/candidates/${zoe.userId}/attempts/${foreign}/report`,
      admin,
    );
    expect(wrong.statusCode).toBe(404);
    // Without a report yet: 404 as on the candidate's side, and nothing recorded as seen.
    const bare = await insertAttempt(ctx.database.db, zoe.userId, 'in_progress');
    expect(
      (await get(`/api/admin/candidates/${zoe.userId}/attempts/${bare}/report`, admin)).statusCode,
    ).toBe(404);
    expect((await auditRows()).length).toBe(before);
  });

  it('answers 404 for an unknown candidate or an administrator, 400 naming a malformed id', async () => {
    const before = (await auditRows()).length;
    expect((await get(`/api/admin/candidates/${crypto.randomUUID()}`, admin)).statusCode).toBe(404);
    expect((await get(`/api/admin/candidates/${admin.userId}`, admin)).statusCode).toBe(404);
    const bad = await get('/api/admin/candidates/not-an-id/attempts/also-not/report', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id must be a valid id/);
    expect((await auditRows()).length).toBe(before);
  });

  it('exports completed attempts as CSV: names, formulas and line breaks survive the round trip', async () => {
    const set = { id: await insertSet(ctx.database.db, { type: 'fixed', title: 'Export set' }) };
    // Sign-up refuses such a name; one written before the rules (or by a sign-in provider) is not.
    const evilId = await insertCandidate(ctx.database.db, 1, {
      firstName: '=HYPERLINK("x")',
      lastName: 'Doe',
    });
    const [evil] = await ctx.database.db
      .select({ userId: user.id, email: user.email })
      .from(user)
      .where(eq(user.id, evilId));
    if (!evil) throw new Error('fixture missing');
    const when = new Date('2031-03-04T10:00:00Z');
    const a = await insertAttempt(ctx.database.db, zoe.userId, 'completed', {
      title: 'Arrays, "strings"\nand maps',
      interviewSetId: set.id,
      score: 81.6,
      dims: [90, 70.4, 80],
      completedAt: when,
    });
    await ctx.database.db
      .update(interviews)
      // What its clock counted when it ended (decision 038): the CSV's minutes.
      .set({ startedAt: new Date(when.getTime() - 40 * 60_000), activeMs: 25.5 * 60_000 })
      .where(eq(interviews.id, a));
    await insertAttempt(ctx.database.db, evil.userId, 'completed', {
      title: '@risk',
      interviewSetId: set.id,
      reportStatus: 'failed',
      completedAt: new Date('2031-03-05T23:59:00Z'),
    });
    // Not results: unfinished, outside the dates, another set.
    await insertAttempt(ctx.database.db, zoe.userId, 'in_progress', { interviewSetId: set.id });
    await insertAttempt(ctx.database.db, zoe.userId, 'completed', {
      interviewSetId: set.id,
      score: 10,
      completedAt: new Date('2031-03-06T00:00:01Z'),
    });
    await insertAttempt(ctx.database.db, zoe.userId, 'completed', {
      score: 10,
      completedAt: when,
    });

    const res = await get(
      `/api/admin/results.csv?from=2031-03-04&to=2031-03-05&setId=${set.id}`,
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="candor-results-/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows).toEqual([
      [...RESULTS_CSV_COLUMNS],
      [
        "Zoë O'Brien-Smith",
        zoe.email,
        'Arrays, "strings"\nand maps',
        'Frontend',
        'mid',
        '2031-03-04T10:00:00.000Z',
        '82',
        '90',
        '70',
        '80',
        '25.5',
        // A fixture's report holds no content: no speech card to count answers from.
        '',
        '',
      ],
      [
        `'=HYPERLINK("x") Doe`,
        evil.email,
        "'@risk",
        'Frontend',
        'mid',
        '2031-03-05T23:59:00.000Z',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ],
    ]);
    expect(await latestAudit()).toMatchObject({
      action: 'results_exported',
      candidate: null,
      details: { from: '2031-03-04', to: '2031-03-05', setId: set.id },
    });
  });

  it(`streams a cohort larger than one batch (${EXPORT_BATCH} rows) in order, each attempt once`, async () => {
    const total = EXPORT_BATCH * 2 + 3;
    // Many at the very same instant: the cursor must still neither repeat nor skip one.
    const at = new Date('2040-01-01T00:00:00Z');
    const rows = await ctx.database.db
      .insert(interviews)
      .values(
        Array.from({ length: total }, (_, i) => ({
          userId: other.userId,
          roomId: 'room',
          title: `Bulk ${i}`,
          categoryName: 'Bulk',
          difficulty: 'mid' as const,
          type: 'fixed',
          duration: 30,
          status: 'completed' as const,
          completedAt: i % 3 === 0 ? at : new Date(at.getTime() + i * 1000),
          answeredAt: at,
        })),
      )
      .returning({ id: interviews.id });
    await ctx.database.db.insert(reports).values(
      rows.map((r) => ({
        interviewId: r.id,
        userId: other.userId,
        status: 'completed' as const,
      })),
    );
    const res = await get('/api/admin/results.csv?from=2040-01-01&to=2040-01-02', admin);
    expect(res.statusCode).toBe(200);
    const body = parseCsv(res.body.slice(1)).slice(1);
    expect(body).toHaveLength(total);
    expect(new Set(body.map((r) => r[2])).size).toBe(total);
    const times = body.map((r) => Date.parse(r[5]!));
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });

  it('refuses bad export filters with a 400 naming the field, recording nothing', async () => {
    const before = (await auditRows()).length;
    for (const [query, field] of [
      ['from=2031-13-45', 'from'],
      ['to=yesterday', 'to'],
      ['from=2031-03-05&to=2031-03-04', 'to'],
      ['setId=nope', 'setId'],
    ] as const) {
      const res = await get(`/api/admin/results.csv?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(field);
    }
    expect((await auditRows()).length).toBe(before);
  });

  it('reads the audit log newest first, a page at a time; a deleted candidate leaves no trace in it', async () => {
    const gone = await signUpCandidate(ctx.app, { firstName: 'Gone', lastName: 'Soon' });
    const second = await signInAdmin(ctx.app);
    await get(`/api/admin/candidates/${gone.userId}`, second);
    await get(`/api/admin/candidates/${gone.userId}/attempts`, admin);
    const page1 = (await get('/api/admin/audit-log?limit=10&page=1', admin)).json();
    expect(page1.entries[0]).toMatchObject({
      action: 'attempts_viewed',
      actor: { id: admin.userId },
    });
    expect(page1.entries[1]).toMatchObject({
      action: 'candidate_viewed',
      actor: { id: second.userId, email: second.email },
      candidate: { id: gone.userId, name: 'Gone Soon' },
    });
    const count = (await auditRows()).length;
    expect(page1.pagination).toEqual({
      totalCount: count,
      totalPages: Math.ceil(count / 10),
      currentPage: 1,
      limit: 10,
    });
    const page2 = (await get('/api/admin/audit-log?limit=10&page=2', admin)).json();
    const ids = new Set(page1.entries.map((e: AuditEntry) => e.id));
    expect(page2.entries.some((e: AuditEntry) => ids.has(e.id))).toBe(false);
    const times = [...page1.entries, ...page2.entries].map((e: AuditEntry) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect((await get('/api/admin/audit-log?limit=13', admin)).statusCode).toBe(400);

    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/candidates/${gone.userId}`,
      headers: { cookie: admin.cookie, origin: ORIGIN },
    });
    expect(del.statusCode).toBe(200);
    const left = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.candidateId, gone.userId));
    expect(left).toEqual([]);
    const after = (await get('/api/admin/audit-log?limit=10', admin)).json();
    // The deletion is recorded (who, when), and the views stay recorded (who looked, when),
    // without whose data it was.
    expect(after.entries[0]).toMatchObject({
      action: 'candidate_deleted',
      kind: 'change',
      actor: { id: admin.userId },
      candidate: null,
      subject: null,
      before: null,
      after: null,
    });
    expect(JSON.stringify(after.entries)).not.toContain(gone.email);
    expect(JSON.stringify(after.entries)).not.toContain(gone.userId);
    expect(after.entries[2]).toMatchObject({ action: 'candidate_viewed', candidate: null });
  });
});

import { TAILORED_DOCUMENTS_MAX } from '@candor/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tailoredDocuments, user } from '../../db/schema';
import { JOB_DESCRIPTIONS } from './fixtures/job-descriptions';
import { ZOE_RESUME, docxOf, pdfOf, zipOf } from '../documents/fixtures/documents';
import { useTestApp, databaseKinds } from '../../test/harness';
import { ORIGIN, signUpCandidate, type SignedIn } from '../../test/users';

/**
 * The candidate's documents through the API (issue 15): a job description read into requirements,
 * résumés uploaded as PDF, DOCX and text, the refusals naming `file` with nothing written, the
 * owner alone seeing and deleting them, and the account taking them along when it goes.
 */

const ADVERT = JOB_DESCRIPTIONS[0]!.text;

describe.each(databaseKinds())('the candidate’s documents on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });

  const upload = (who: SignedIn | null, body: Buffer, name = 'cv.pdf', type = 'application/pdf') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/tailored/resumes?name=${encodeURIComponent(name)}`,
      headers: { ...(who ? { cookie: who.cookie } : {}), origin: ORIGIN, 'content-type': type },
      payload: body,
    });
  const call = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { cookie: who.cookie, origin: ORIGIN }, payload });
  const rows = (userId: string) =>
    ctx.database.db.select().from(tailoredDocuments).where(eq(tailoredDocuments.userId, userId));

  it('reads a job description into its role, level and skills', async () => {
    const zoe = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien-Smith" });
    const res = await call(zoe, 'POST', '/api/tailored/job-descriptions', {
      jobDescription: ADVERT,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.kind).toBe('job-description');
    expect(body.requirements.required.length).toBeGreaterThan(0);
    expect(body.name).toBe(body.requirements.role);
    const short = await call(zoe, 'POST', '/api/tailored/job-descriptions', {
      jobDescription: 'Go dev',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toHaveProperty('jobDescription');
  });

  it('takes a résumé as PDF, DOCX or text, whatever type the browser declared', async () => {
    const zoe = await signUpCandidate(ctx.app);
    const pdf = await upload(zoe, pdfOf([ZOE_RESUME]), "Zoë O'Brien-Smith CV.pdf");
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json()).toMatchObject({ kind: 'resume', name: "Zoë O'Brien-Smith CV.pdf" });
    expect(pdf.json().profile.skills).toContain('Kubernetes');
    expect(pdf.json().profile.projects[0].name).toBe('Stripe-like Payments Platform');
    const docx = await upload(
      zoe,
      docxOf(ZOE_RESUME),
      'C:\\Users\\zoe\\cv.docx',
      'application/octet-stream',
    );
    expect(docx.statusCode, docx.body).toBe(201);
    expect(docx.json().name).toBe('cv.docx');
    const text = await upload(zoe, Buffer.from(ZOE_RESUME.join('\n')), 'cv.txt', 'text/plain');
    expect(text.statusCode).toBe(201);
    const list = (await call(zoe, 'GET', '/api/tailored/documents')).json().documents;
    expect(list.map((d: { name: string }) => d.name)).toEqual([
      'cv.txt',
      'cv.docx',
      "Zoë O'Brien-Smith CV.pdf",
    ]);
    expect(list[0].preview.length).toBeLessThanOrEqual(200);
    expect(JSON.stringify(list)).not.toContain('Trinity College');
  });

  it('refuses what is not a readable résumé, naming the file, and writes nothing', async () => {
    const zoe = await signUpCandidate(ctx.app);
    const cases: [Buffer, string, number, RegExp][] = [
      [pdfOf([['']], { textless: true }), 'scan.pdf', 400, /it may be a scan/],
      [zipOf({ 'a.jpg': 'x' }), 'photos.docx', 400, /PDF, DOCX or text/],
      [
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]),
        'me.txt',
        400,
        /PDF, DOCX or text/,
      ],
      [
        Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 1)]),
        'broken.pdf',
        400,
        /could not be read/,
      ],
      [Buffer.alloc(2 * 1024 * 1024 + 1, 0x61), 'huge.txt', 413, /at most 2 MB/],
    ];
    for (const [bytes, name, status, message] of cases) {
      const res = await upload(zoe, bytes, name);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().fields?.file ?? res.json().message, name).toMatch(message);
    }
    const noName = await ctx.app.inject({
      method: 'POST',
      url: '/api/tailored/resumes',
      headers: { cookie: zoe.cookie, origin: ORIGIN, 'content-type': 'text/plain' },
      payload: ZOE_RESUME.join('\n'),
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields).toHaveProperty('name');
    expect(await rows(zoe.userId)).toHaveLength(0);
    expect((await upload(null, Buffer.from('x'))).statusCode).toBe(401);
  });

  it('shows and deletes a document for its owner only, and deletes them all with the account', async () => {
    const owner = await signUpCandidate(ctx.app);
    const other = await signUpCandidate(ctx.app);
    const id = (await upload(owner, docxOf(ZOE_RESUME))).json().id;
    expect((await call(other, 'GET', '/api/tailored/documents')).json().documents).toEqual([]);
    expect((await call(other, 'DELETE', `/api/tailored/documents/${id}`)).statusCode).toBe(404);
    expect(await rows(owner.userId)).toHaveLength(1);
    expect((await call(owner, 'DELETE', `/api/tailored/documents/${id}`)).statusCode).toBe(204);
    expect((await call(owner, 'DELETE', `/api/tailored/documents/${id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', '/api/tailored/documents/not-an-id')).statusCode).toBe(400);

    await upload(owner, Buffer.from(ZOE_RESUME.join('\n')));
    await ctx.database.db.delete(user).where(eq(user.id, owner.userId));
    expect(await rows(owner.userId)).toHaveLength(0);
  });

  it(`keeps at most ${TAILORED_DOCUMENTS_MAX} per candidate, counted right when thirty arrive at once`, async () => {
    const zoe = await signUpCandidate(ctx.app);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        upload(
          zoe,
          Buffer.from(`${ZOE_RESUME.join('\n')}\nVersion ${i}`),
          `cv-${i}.txt`,
          'text/plain',
        ),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(TAILORED_DOCUMENTS_MAX);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30 - TAILORED_DOCUMENTS_MAX);
    expect(await rows(zoe.userId)).toHaveLength(TAILORED_DOCUMENTS_MAX);
  });
});

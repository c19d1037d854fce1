import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tailoredDocuments } from '../../db/schema';
import { ZOE_RESUME, docxBomb, docxOf, pdfBomb } from '../documents/fixtures/documents';
import { RESUME_MESSAGES } from '../documents';
import { databaseKinds, useTestApp } from '../../test/harness';
import { ORIGIN, signUpCandidate } from '../../test/users';

/**
 * Issue 24, finding 6: the 14 KB PDF whose ten pages share one 4 MB deflated content stream held
 * health checks 7–10 s, and the 179 KB DOCX whose document.xml inflates to 50 MB took the server
 * to 3.5 GB for up to a minute, both read on the main thread and both then stored. Through the
 * API now: each is a 400 naming `file`, nothing is written, `/api/health` answers promptly all the
 * while, and the reader goes on reading ordinary résumés afterwards.
 */
describe.each(databaseKinds())('résumé bombs uploaded on %s', (kind) => {
  const ctx = useTestApp(
    kind,
    { SIGN_IN_RATE_LIMIT: '1000' },
    // The server's deadline is 5 s; a shorter one keeps the PDF bomb cheap here.
    { documentReader: { deadlineMs: 1_500 } },
  );

  /**
   * Uploads `bytes` while asking for health every 10 ms; the upload's answer and the longest
   * time between two health answers (a stalled event loop delays the next ask as well).
   */
  async function uploadWhileProbing(cookie: string, bytes: Buffer, name: string) {
    const waits: number[] = [];
    let done = false;
    const probing = (async () => {
      let last = performance.now();
      while (!done) {
        const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(200);
        waits.push(performance.now() - last);
        last = performance.now();
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/tailored/resumes?name=${name}`,
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    done = true;
    await probing;
    return { res, longestWait: Math.max(...waits), probes: waits.length };
  }

  it('refuses both bombs naming the file, writes nothing, and answers health meanwhile', async () => {
    const zoe = await signUpCandidate(ctx.app);
    const pdf = await uploadWhileProbing(zoe.cookie, pdfBomb(), 'bomb.pdf');
    const docx = await uploadWhileProbing(zoe.cookie, docxBomb(), 'bomb.docx');
    console.log(
      `[résumé bombs, ${kind}] PDF: ${pdf.res.statusCode} after ${pdf.probes} health probes, longest ${Math.round(pdf.longestWait)} ms; DOCX: ${docx.res.statusCode} after ${docx.probes} probes, longest ${Math.round(docx.longestWait)} ms`,
    );
    expect(pdf.res.statusCode, pdf.res.body).toBe(400);
    expect(pdf.res.json().fields).toEqual({ file: RESUME_MESSAGES['too-slow'] });
    expect(docx.res.statusCode, docx.res.body).toBe(400);
    expect(docx.res.json().fields).toEqual({ file: RESUME_MESSAGES['too-large'] });
    // Generous for a shared 2-core machine (10 ms between asks included); the old reading held
    // health for seconds.
    expect(pdf.longestWait).toBeLessThan(500);
    expect(docx.longestWait).toBeLessThan(500);
    const rows = await ctx.database.db
      .select()
      .from(tailoredDocuments)
      .where(eq(tailoredDocuments.userId, zoe.userId));
    expect(rows).toHaveLength(0);

    const after = await ctx.app.inject({
      method: 'POST',
      url: '/api/tailored/resumes?name=cv.docx',
      headers: { cookie: zoe.cookie, origin: ORIGIN, 'content-type': 'application/octet-stream' },
      payload: docxOf(ZOE_RESUME, { deflate: true }),
    });
    expect(after.statusCode, after.body).toBe(201);
    expect(after.json().profile.skills).toContain('Kubernetes');
  });
});

import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { TAILORED_DOCUMENTS_MAX, type AiUsageReport } from '@candor/shared';
import { aiUsage, tailoredDocuments, user } from '../../db/schema';
import { MESSAGES } from '../../engine/messages';
import {
  fakeTokens,
  startFakeOpenAiServer,
  type FakeMode,
  openAiStandInConfig,
} from '../../test/fake-openai-server';
import { databaseKinds, useStarted, useTestApp } from '../../test/harness';
import { waitForReport } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { ORIGIN, signInAdmin, signUpCandidate, type SignedIn } from '../../test/users';
import { ZOE_RESUME, pdfOf } from '../documents/fixtures/documents';
import { TAILORED_ADVERT as ADVERT } from './fixtures/job-descriptions';

/**
 * A tailored interview with an OpenAI-compatible model (issue 15), against the local stand-in that
 * speaks the real protocol: the model reads the job description (its skills made canonical), and a
 * model that fails twice leaves the builtin reading; the interviewer's prompt knows the job, the
 * questions drawn, the style and the follow-up depth; the model's invitation and answers to the
 * candidate's questions are tagged as such; a failed turn is apologised for and the interview goes on.
 */
describe.each(databaseKinds())('tailored interviews with a model on %s', (kind) => {
  const fake = useStarted(startFakeOpenAiServer);
  const ctx = useTestApp(kind, () => openAiStandInConfig(fake.url, { AI_TIMEOUT_MS: '1000' }), {
    listen: true,
  });
  afterEach(() => fake.reset());

  const call = (who: SignedIn, url: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { cookie: who.cookie, origin: ORIGIN },
      payload,
    });

  it('the model reads the job description; its skills are written as the vocabulary writes them', async () => {
    const zoe = await signUpCandidate(ctx.app);
    const before = fake.requests.length;
    const res = await call(zoe, '/api/tailored/job-descriptions', { jobDescription: ADVERT });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().requirements).toEqual({
      role: 'Senior Backend Engineer',
      level: 'senior',
      required: ['PostgreSQL', 'Kubernetes', 'Go'],
      niceToHave: ['Kafka'],
    });
    const request = fake.requests[before]!;
    expect(request.body.response_format).toEqual({ type: 'json_object' });
    expect(request.body.messages.at(-1)!.content).toBe(ADVERT);
  });

  it.each<FakeMode>(['http-500', 'invalid-json', 'wrong-shape', 'empty'])(
    'a model that gives %s twice leaves the builtin reading',
    async (mode) => {
      const zoe = await signUpCandidate(ctx.app);
      fake.mode.report = mode;
      const before = fake.requests.length;
      const res = await call(zoe, '/api/tailored/job-descriptions', { jobDescription: ADVERT });
      expect(res.statusCode, res.body).toBe(201);
      // Tried, retried once, then read by the builtin vocabulary (its own order).
      expect(fake.requests.length - before).toBe(2);
      expect(res.json().requirements.required).toEqual(['Go', 'PostgreSQL', 'Kubernetes']);
    },
  );

  it('a document read by the model is the candidate’s usage: every try recorded, shown under them, gone with them', async () => {
    const zoe = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien-Smith" });
    const before = fake.requests.length;
    expect(
      (await call(zoe, '/api/tailored/job-descriptions', { jobDescription: ADVERT })).statusCode,
    ).toBe(201);
    fake.mode.report = 'http-500';
    expect(
      (await call(zoe, '/api/tailored/job-descriptions', { jobDescription: ADVERT })).statusCode,
    ).toBe(201);
    expect(fake.requests.length - before).toBe(3);
    await ctx.app.flushUsage();
    const rows = await ctx.database.db.select().from(aiUsage).where(eq(aiUsage.userId, zoe.userId));
    expect(rows.map((r) => r.purpose)).toEqual(['document', 'document', 'document']);
    expect(rows.every((r) => r.interviewId === null)).toBe(true);
    // The read that succeeded counts the tokens the host reported; the failed tries count none.
    const tokens = rows.map((r) => r.promptTokens).sort((a, b) => b - a);
    expect(tokens[0]).toBe(
      fake.requests[before]!.body.messages.reduce((n, m) => n + fakeTokens(m.content), 0),
    );
    expect(tokens.slice(1)).toEqual([0, 0]);

    const admin = await signInAdmin(ctx.app);
    const usage = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/analytics/usage?days=7',
      headers: { cookie: admin.cookie, origin: ORIGIN },
    });
    expect(usage.statusCode, usage.body).toBe(200);
    const mine = (usage.json() as AiUsageReport).byCandidate.find((c) => c.userId === zoe.userId);
    expect(mine).toMatchObject({ name: "Zoë O'Brien-Smith", calls: 3, promptTokens: tokens[0] });

    await ctx.database.db.delete(user).where(eq(user.id, zoe.userId));
    expect(
      await ctx.database.db.select().from(aiUsage).where(eq(aiUsage.userId, zoe.userId)),
    ).toEqual([]);
  });

  it(`a candidate keeping ${TAILORED_DOCUMENTS_MAX} documents is refused before the model is asked`, async () => {
    const zoe = await signUpCandidate(ctx.app);
    await ctx.database.db.insert(tailoredDocuments).values(
      Array.from({ length: TAILORED_DOCUMENTS_MAX }, (_, i) => ({
        userId: zoe.userId,
        kind: 'job-description' as const,
        name: `Advert ${i + 1}`,
        text: ADVERT,
      })),
    );
    const before = fake.requests.length;
    const advert = await call(zoe, '/api/tailored/job-descriptions', { jobDescription: ADVERT });
    expect(advert.statusCode).toBe(409);
    expect(advert.json().message).toMatch(/delete one in Settings first/);
    const resume = await ctx.app.inject({
      method: 'POST',
      url: '/api/tailored/resumes?name=cv.pdf',
      headers: { cookie: zoe.cookie, origin: ORIGIN, 'content-type': 'application/pdf' },
      payload: pdfOf([ZOE_RESUME]),
    });
    expect(resume.statusCode).toBe(409);
    expect(fake.requests.length).toBe(before);
  });

  it('the model reads a résumé; a model that fails twice leaves the builtin reading', async () => {
    const zoe = await signUpCandidate(ctx.app);
    const upload = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/tailored/resumes?name=cv.pdf',
        headers: { cookie: zoe.cookie, origin: ORIGIN, 'content-type': 'application/pdf' },
        payload: pdfOf([ZOE_RESUME]),
      });
    const read = await upload();
    expect(read.statusCode, read.body).toBe(201);
    expect(read.json().profile).toMatchObject({
      skills: ['PostgreSQL', 'Go', 'Kubernetes'],
      projects: [{ name: 'Payments platform' }],
      years: 7,
    });
    fake.mode.report = 'wrong-shape';
    const before = fake.requests.length;
    const fallback = await upload();
    expect(fallback.statusCode, fallback.body).toBe(201);
    expect(fake.requests.length - before).toBe(2);
    expect(fallback.json().profile.projects[0].name).toBe('Stripe-like Payments Platform');
  });

  it('runs the interview with a prompt that knows the job; tags the invitation and the answers', async () => {
    const zoe = await signUpCandidate(ctx.app);
    const job = (
      await call(zoe, '/api/tailored/job-descriptions', { jobDescription: ADVERT })
    ).json();
    const created = await call(zoe, '/api/tailored/interviews', {
      jobDescriptionId: job.id,
      requirements: job.requirements,
      duration: 20,
      difficulty: 'senior',
      followUpDepth: 2,
      interviewerStyle: 'demanding',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    const live = await LiveClient.connect(ctx.app, id, zoe.cookie);
    live.start();
    await live.next('state');
    await live.next('reply.end');
    const system = fake.requests.filter((r) => r.body.stream).at(-1)!.body.messages[0]!.content;
    expect(system).toContain('practises for a specific job: Senior Backend Engineer');
    expect(system).toContain('Required skills: PostgreSQL, Kubernetes, Go');
    expect(system).toMatch(/Ask these questions, in this order.*1\. /);
    expect(system).toContain('Be demanding');
    expect(system).toContain('up to 2 follow-ups');
    expect(system).toContain('"Do you have any questions for me?"');
    expect(system).toContain('Every change is reviewed by a teammate');

    fake.mode.chat = 'http-500';
    const failed = await live.answer('Okay, so I build payment services in Go.');
    expect(failed.reply.message).toBe(MESSAGES.turnFailure);
    fake.mode.chat = 'ok';
    fake.lines = () => 'Thanks. We are nearly out of time: do you have any questions for me?';
    const invite = await live.answer('I would use a worker pool with bounded channels.');
    expect(invite.reply.meta?.kind).toBe('invite-questions');
    fake.lines = () => 'The team is six engineers and a product manager. Anything else?';
    const answer = await live.answer('How big is the team?');
    expect(answer.reply.meta?.kind).toBe('answer-to-candidate');
    fake.lines = () => 'Thank you for your time, and good luck.';
    const bye = await live.answer('No, that is all.');
    expect(bye.reply.meta?.kind).toBe('closing');
    live.send({ type: 'end', early: true });
    await live.next('ended');
    live.close();
    const report = await waitForReport(ctx.app, zoe.cookie, id);
    expect(report.status).toBe('completed');
    expect(report.jobFit.skills.map((s: { skill: string }) => s.skill)).toEqual([
      'PostgreSQL',
      'Kubernetes',
      'Go',
    ]);
    expect(report.candidateQuestions.questions).toHaveLength(1);
    expect(report.candidateQuestions.questions[0]).toMatchObject({
      question: 'How big is the team?',
      answer: 'The team is six engineers and a product manager. Anything else?',
    });
  });
});

/**
 * The model's readings are capped per candidate per day (AI_DOCUMENT_READS_PER_DAY, decision
 * 035): past the cap the builtin rules read the document, so a candidate deleting and uploading
 * in a loop is never refused and costs the operator nothing more.
 */
describe.each(databaseKinds())('model readings of documents per day on %s', (kind) => {
  const fake = useStarted(startFakeOpenAiServer);
  const ctx = useTestApp(kind, () =>
    openAiStandInConfig(fake.url, { AI_DOCUMENT_READS_PER_DAY: '2' }),
  );

  const advert = (who: SignedIn) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/tailored/job-descriptions',
      headers: { cookie: who.cookie, origin: ORIGIN },
      payload: { jobDescription: ADVERT },
    });
  const resume = (who: SignedIn) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/tailored/resumes?name=cv.pdf',
      headers: { cookie: who.cookie, origin: ORIGIN, 'content-type': 'application/pdf' },
      payload: pdfOf([ZOE_RESUME]),
    });

  it('reads two documents with the model, then the rest with the builtin rules; another candidate has their own two', async () => {
    const zoe = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien-Smith" });
    const asked = async (upload: Promise<{ statusCode: number; body: string }>) => {
      const before = fake.requests.length;
      const res = await upload;
      expect(res.statusCode, res.body).toBe(201);
      return fake.requests.length - before;
    };
    expect(await asked(advert(zoe))).toBe(1);
    expect(await asked(resume(zoe))).toBe(1);
    // Spent: both kinds are read on the server, and still stored and answered.
    expect(await asked(advert(zoe))).toBe(0);
    expect(await asked(resume(zoe))).toBe(0);
    const [third] = await ctx.database.db
      .select()
      .from(tailoredDocuments)
      .where(eq(tailoredDocuments.userId, zoe.userId))
      .then((rows) => rows.filter((r) => r.kind === 'job-description').slice(-1));
    expect((third!.extraction as { required: string[] }).required).toContain('PostgreSQL');

    const ana = await signUpCandidate(ctx.app);
    expect(await asked(advert(ana))).toBe(1);
  });

  it('a document refused for its file spends no reading', async () => {
    const zoe = await signUpCandidate(ctx.app);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/tailored/resumes?name=cv.pdf',
      headers: { cookie: zoe.cookie, origin: ORIGIN, 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF-1.7 not really a PDF'),
    });
    expect(bad.statusCode).toBe(400);
    const before = fake.requests.length;
    expect((await advert(zoe)).statusCode).toBe(201);
    expect((await resume(zoe)).statusCode).toBe(201);
    expect(fake.requests.length - before).toBe(2);
  });
});

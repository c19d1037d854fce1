import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANNOT_ANSWER } from '../../ai/builtin/candidate-questions';
import { interviews } from '../../db/schema';
import { MESSAGES } from '../../engine/messages';
import { createTestApp, databaseKinds, type TestContext } from '../../test/harness';
import { finishAnswerCheck, waitForReport } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { signInAdmin, signUpCandidate, type SignedIn } from '../../test/users';

/**
 * The candidate's questions in a fixed set (issue 15): a set made now invites them after its last
 * question unless the admin says not (sets migrated from before close as they did); the choice
 * travels with export and import and is copied onto each attempt; the interviewer answers from
 * the set's description or the answer bank, says honestly when it cannot, and closes after
 * "no, that's all"; the report judges the questions and never scores them as answers.
 */
describe.each(databaseKinds())('a fixed set inviting the candidate’s questions on %s', (kind) => {
  let ctx: TestContext;
  let admin: SignedIn;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await signInAdmin(ctx.app);
  });
  afterAll(async () => ctx?.close());

  const call = (method: string, url: string, who: SignedIn, payload?: unknown) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie: who.cookie, origin: 'http://localhost:3000' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const DESCRIPTION =
    'You would join a platform team of five engineers who own the database layer. Every change is reviewed by a teammate before it ships.';
  const QUESTION = {
    questionText: 'What is an index, and when would you add one?',
    expectedAnswer: null,
  };

  it('is on unless said, refused when not a boolean, and travels with export and import', async () => {
    const category = (
      await call('POST', '/api/admin/categories', admin, { name: 'Invite' })
    ).json();
    const base = { categoryId: category.id, title: 'Invite', type: 'fixed', questions: [QUESTION] };
    const plain = await call('POST', '/api/admin/interview-sets', admin, base);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().inviteQuestions).toBe(true);
    for (const bad of ['yes', 1, null]) {
      const res = await call('POST', '/api/admin/interview-sets', admin, {
        ...base,
        inviteQuestions: bad,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('inviteQuestions');
    }
    const updated = await call('PUT', `/api/admin/interview-sets/${plain.json().id}`, admin, {
      inviteQuestions: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().inviteQuestions).toBe(false);
    const exported = (
      await call('GET', `/api/admin/categories/${category.id}/export`, admin)
    ).json();
    expect(exported.sets[0].inviteQuestions).toBe(false);
    exported.category.name = 'Invite copy';
    const imported = await call('POST', '/api/admin/categories/import', admin, exported);
    expect(imported.statusCode, imported.body).toBe(201);
    const copy = (await call('GET', '/api/admin/interview-sets?limit=100', admin)).json();
    const list = (copy.data ?? copy.sets ?? copy) as {
      categoryName: string;
      inviteQuestions: boolean;
    }[];
    expect(list.find((s) => s.categoryName === 'Invite copy')?.inviteQuestions).toBe(false);
  });

  it('invites questions after the last one, answers them from the set, and closes on "no"', async () => {
    const category = (
      await call('POST', '/api/admin/categories', admin, { name: 'Invite live' })
    ).json();
    const set = (
      await call('POST', '/api/admin/interview-sets', admin, {
        categoryId: category.id,
        title: 'Indexes',
        description: DESCRIPTION,
        type: 'fixed',
        followUpDepth: 0,
        questions: [QUESTION],
      })
    ).json();
    const zoe = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien-Smith" });
    const created = await call('POST', '/api/interview', zoe, { interviewSetId: set.id });
    const { id } = created.json();
    const [row] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, id));
    expect(row!.inviteQuestions).toBe(true);

    const live = await LiveClient.connect(ctx.app, id, zoe.cookie);
    live.start();
    await live.next('reply.end');
    const voice = { mode: 'voice', confidence: 0.92 };
    const last = await live.answer(
      'Okay, so an index is a separate structure, usually a B-tree, that lets the database find rows by a column without reading the whole table. I add one when a frequent query filters or sorts on that column, and I check with EXPLAIN ANALYZE that the planner uses it, because every index also slows down writes.',
      voice,
    );
    expect(last.reply.meta?.kind).toBe('invite-questions');
    expect(last.reply.message).toBe(MESSAGES.fixedInvitation);
    expect(last.reply.message).toContain('Do you have any questions for me?');
    const team = await live.answer('Okay so how big is the team I would be joining', voice);
    expect(team.reply.meta?.kind).toBe('answer-to-candidate');
    expect(team.reply.message).toContain('The interview description says:');
    expect(team.reply.message).toContain('platform team of five engineers');
    const founders = await live.answer('And who founded the company', voice);
    expect(founders.reply.message).toContain(CANNOT_ANSWER);
    const done = await live.answer("No, that's all from me, thank you", voice);
    expect(done.reply.meta?.kind).toBe('closing');
    expect(done.reply.message).toBe(MESSAGES.fixedFarewell);
    expect((await live.next('completed')).reason).toBe('questions-exhausted');
    live.send({ type: 'end' });
    await live.next('ended');
    live.close();
    await finishAnswerCheck(ctx.app, zoe.cookie, id);

    const report = await waitForReport(ctx.app, zoe.cookie, id);
    expect(report.status).toBe('completed');
    expect(report.questionReports).toHaveLength(1);
    expect(report.questionReports[0].answer).toContain('EXPLAIN ANALYZE');
    expect(report.questionReports[0].answer).not.toContain('how big is the team');
    expect(
      report.candidateQuestions.questions.map((q: { question: string }) => q.question),
    ).toEqual(['Okay so how big is the team I would be joining', 'And who founded the company']);
    expect(report.candidateQuestions.questions[0].answer).toContain('platform team of five');
  });

  it('a set that does not invite them closes after its last question, as before', async () => {
    const category = (
      await call('POST', '/api/admin/categories', admin, { name: 'No invite' })
    ).json();
    const set = (
      await call('POST', '/api/admin/interview-sets', admin, {
        categoryId: category.id,
        title: 'Scripted',
        type: 'fixed',
        followUpDepth: 0,
        inviteQuestions: false,
        questions: [QUESTION],
      })
    ).json();
    const zoe = await signUpCandidate(ctx.app);
    const { id } = (await call('POST', '/api/interview', zoe, { interviewSetId: set.id })).json();
    const live = await LiveClient.connect(ctx.app, id, zoe.cookie);
    live.start();
    await live.next('reply.end');
    const last = await live.answer('An index lets the database find rows without a full scan.');
    expect(last.reply.message).toBe(MESSAGES.fixedClosing);
    expect((await live.next('completed')).reason).toBe('questions-exhausted');
    live.close();
  });
});

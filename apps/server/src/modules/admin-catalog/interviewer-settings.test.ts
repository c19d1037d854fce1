import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CANNOT_ANSWER } from '../../ai/builtin/candidate-questions';
import { interviews } from '../../db/schema';
import { MESSAGES } from '../../engine/messages';
import { useTestApp, databaseKinds } from '../../test/harness';
import { finishAnswerCheck, waitForReport } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { requestAs, type SignedIn, signInAdmin, signUpCandidate } from '../../test/users';

/**
 * How a set's interviewer behaves (issue 15), each chosen by the admin, exported and imported
 * with the set, and copied onto each attempt:
 * - follow-ups per question: 0, 1 or 2 (1 when not said); a fixed set with follow-ups probes a
 *   thin answer about what it left out, once, before moving on;
 * - the candidate's questions: a fixed set made now invites them after its last question unless
 *   the admin says not (sets migrated from before close as they did); the interviewer answers
 *   from the set's description or the answer bank, says honestly when it cannot, and closes after
 *   "no, that's all"; the report judges the questions and never scores them as answers.
 */
describe.each(databaseKinds())('a set’s follow-ups and the candidate’s questions on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' }, { listen: true });
  let admin: SignedIn;
  beforeAll(async () => {
    admin = await signInAdmin(ctx.app);
  });

  const call = (method: string, url: string, who: SignedIn, payload?: unknown) =>
    requestAs(ctx.app, method, url, who, payload);

  const QUESTION = {
    questionText: 'How does PostgreSQL reclaim the space of deleted rows?',
    expectedAnswer:
      'Deleted rows stay as dead tuples until vacuuming reclaims them. Autovacuum runs in the background based on thresholds.',
  };

  it.each([
    { field: 'followUpDepth', unsaid: 1, bad: [3, -1, 1.5, '2'], chosen: 2 },
    { field: 'inviteQuestions', unsaid: true, bad: ['yes', 1, null], chosen: false },
  ])(
    '$field is $unsaid unless said, refused when not allowed, and travels with export and import',
    async ({ field, unsaid, bad, chosen }) => {
      const name = `Setting ${field}`;
      const category = (await call('POST', '/api/admin/categories', admin, { name })).json();
      const base = { categoryId: category.id, title: name, type: 'fixed', questions: [QUESTION] };
      const plain = await call('POST', '/api/admin/interview-sets', admin, base);
      expect(plain.statusCode, plain.body).toBe(201);
      expect(plain.json()[field]).toBe(unsaid);
      for (const value of bad) {
        const res = await call('POST', '/api/admin/interview-sets', admin, {
          ...base,
          [field]: value,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toHaveProperty(field);
      }
      const updated = await call('PUT', `/api/admin/interview-sets/${plain.json().id}`, admin, {
        [field]: chosen,
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()[field]).toBe(chosen);
      const exported = await call('GET', `/api/admin/categories/${category.id}/export`, admin);
      expect(exported.statusCode, exported.body).toBe(200);
      const doc = exported.json();
      expect(doc.sets[0][field]).toBe(chosen);
      doc.category.name = `${name} copy`;
      const imported = await call('POST', '/api/admin/categories/import', admin, doc);
      expect(imported.statusCode, imported.body).toBe(201);
      const sets = (await call('GET', '/api/admin/interview-sets?limit=100', admin)).json();
      const list = (sets.data ?? sets.sets ?? sets) as Record<string, unknown>[];
      expect(list.filter((s) => s.title === name).map((s) => s[field])).toEqual([chosen, chosen]);
    },
  );

  it('a fixed set with follow-ups probes a thin answer about what it left out, once', async () => {
    const category = (
      await call('POST', '/api/admin/categories', admin, { name: 'Depth live' })
    ).json();
    const set = (
      await call('POST', '/api/admin/interview-sets', admin, {
        categoryId: category.id,
        title: 'Vacuum',
        type: 'fixed',
        followUpDepth: 1,
        questions: [QUESTION, { questionText: 'What is an index?', expectedAnswer: null }],
      })
    ).json();
    const candidate = await signUpCandidate(ctx.app);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/interview',
      headers: { cookie: candidate.cookie, origin: 'http://localhost:3000' },
      payload: { interviewSetId: set.id },
    });
    const { id } = created.json();
    const [row] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, id));
    expect(row!.followUpDepth).toBe(1);
    const live = await LiveClient.connect(ctx.app, id, candidate.cookie);
    live.start();
    await live.next('reply.end');
    const thin = await live.answer('Okay, so it deletes them later, I think.');
    expect(thin.reply.meta?.kind).toBe('follow-up');
    // The probe names what was left out without saying the point.
    expect(thin.reply.message).toMatch(/what about (vacuuming|autovacuum|thresholds|background)\?/);
    const still = await live.answer('Hmm, I am not sure.');
    expect(still.reply.meta?.kind).toBe('question');
    expect(still.reply.message).toContain('What is an index?');
    live.close();
  });

  const DESCRIPTION =
    'You would join a platform team of five engineers who own the database layer. Every change is reviewed by a teammate before it ships.';
  const INDEX_QUESTION = {
    questionText: 'What is an index, and when would you add one?',
    expectedAnswer: null,
  };

  /** A fixed set of one question in a category of its own, and a candidate's attempt of it. */
  async function attemptOf(name: string, settings: object) {
    const category = (await call('POST', '/api/admin/categories', admin, { name })).json();
    const set = await call('POST', '/api/admin/interview-sets', admin, {
      categoryId: category.id,
      title: name,
      type: 'fixed',
      followUpDepth: 0,
      questions: [INDEX_QUESTION],
      ...settings,
    });
    expect(set.statusCode, set.body).toBe(201);
    const zoe = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien-Smith" });
    const created = await call('POST', '/api/interview', zoe, { interviewSetId: set.json().id });
    return { zoe, id: created.json().id as string };
  }

  it('asks for the candidate’s questions after the last one, answers them from the set, closes on "no"', async () => {
    const { zoe, id } = await attemptOf('Invite live', { description: DESCRIPTION });
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
    const { zoe, id } = await attemptOf('No invite', { inviteQuestions: false });
    const live = await LiveClient.connect(ctx.app, id, zoe.cookie);
    live.start();
    await live.next('reply.end');
    const last = await live.answer('An index lets the database find rows without a full scan.');
    expect(last.reply.message).toBe(MESSAGES.fixedClosing);
    expect((await live.next('completed')).reason).toBe('questions-exhausted');
    live.close();
  });
});

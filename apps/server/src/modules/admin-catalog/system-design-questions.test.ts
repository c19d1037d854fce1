import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { interviews } from '../../db/schema';
import { systemDesignWhiteboard } from '../../db/seed-data/system-design-whiteboard';
import { useTestApp, databaseKinds } from '../../test/harness';
import { requestAs, type SignedIn, signInAdmin, signUpCandidate } from '../../test/users';

/** System-design questions (issue 29) through the admin API: the kind, its spec, export/import. */
describe.each(databaseKinds())('system-design questions on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });
  let admin: SignedIn;
  let candidate: SignedIn;
  beforeAll(async () => {
    admin = await signInAdmin(ctx.app);
    candidate = await signUpCandidate(ctx.app);
  });
  const call = (method: string, url: string, who: SignedIn, payload?: unknown) =>
    requestAs(ctx.app, method, url, who, payload);

  const shortener = systemDesignWhiteboard.questions![0]!;
  let n = 0;
  async function fixedSet(questions: object[]) {
    const category = (
      await call('POST', '/api/admin/categories', admin, { name: `Design ${++n}` })
    ).json();
    const res = await call('POST', '/api/admin/interview-sets', admin, {
      categoryId: category.id,
      title: `Design set ${n}`,
      type: 'fixed',
      duration: 30,
      questions,
    });
    expect(res.statusCode).toBe(201);
    return { categoryId: category.id as string, setId: res.json().id as string };
  }
  const questionsOf = async (setId: string) =>
    (await call('GET', `/api/admin/questions/${setId}`, admin)).json().questions;

  it('stores a system-design question with its spec, and keeps the spec from candidates', async () => {
    const { setId } = await fixedSet([shortener]);
    const [stored] = await questionsOf(setId);
    expect(stored.kind).toBe('system-design');
    expect(stored.systemDesign.buildingBlocks.map((b: { name: string }) => b.name)).toContain(
      'Load balancer',
    );
    expect(stored.coding).toBeNull();
    const seen = (await call('GET', `/api/interview/sets/${setId}`, candidate)).json();
    expect(seen.questions[0]).not.toHaveProperty('systemDesign');

    // The attempt keeps its own copy: later edits of the set do not change what it is judged on.
    const attempt = await call('POST', '/api/interview', candidate, {
      title: 'Design',
      category: 'Design',
      difficulty: 'mid',
      type: 'fixed',
      duration: 30,
      topics: [],
      interviewSetId: setId,
    });
    expect(attempt.statusCode).toBeLessThan(300);
    const [row] = await ctx.database.db
      .select()
      .from(interviews)
      .where(eq(interviews.id, attempt.json().id));
    expect(row!.questions[0]!.systemDesign).toEqual(stored.systemDesign);
  });

  it.each([
    [
      { kind: 'system-design' },
      'systemDesign',
      'A system-design question needs its problem spec (systemDesign)',
    ],
    [
      { kind: 'technical', systemDesign: shortener.systemDesign },
      'systemDesign',
      'Only a system-design question has a system-design spec (systemDesign)',
    ],
    [
      { kind: 'system-design', systemDesign: { ...shortener.systemDesign, tradeOffs: ['speed'] } },
      'systemDesign.tradeOffs',
      'Each trade-off names both sides: "A vs B"',
    ],
  ])('refuses %j with a 400 naming %s', async (fields, field, message) => {
    const { setId } = await fixedSet([{ questionText: 'Q?' }]);
    const res = await call('POST', '/api/admin/questions', admin, {
      interviewSetId: setId,
      questionText: 'Design something',
      ...fields,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await questionsOf(setId)).toHaveLength(1);
  });

  it('checks the pairing on update against the stored row', async () => {
    const { setId } = await fixedSet([shortener]);
    const [stored] = await questionsOf(setId);
    const toTechnical = await call('PUT', '/api/admin/questions', admin, {
      id: stored.id,
      kind: 'technical',
    });
    expect(toTechnical.statusCode).toBe(400);
    expect(toTechnical.json().fields.systemDesign).toMatch(/Only a system-design question/);
    const both = await call('PUT', '/api/admin/questions', admin, {
      id: stored.id,
      kind: 'technical',
      systemDesign: null,
    });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({ kind: 'technical', systemDesign: null });
  });

  it('refuses a set whose question lacks its spec, naming questions.N.systemDesign', async () => {
    const category = (
      await call('POST', '/api/admin/categories', admin, { name: `Design ${++n}` })
    ).json();
    const res = await call('POST', '/api/admin/interview-sets', admin, {
      categoryId: category.id,
      title: 'No spec',
      type: 'fixed',
      questions: [{ questionText: 'Design a cache', kind: 'system-design' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['questions.0.systemDesign']).toMatch(/needs its problem spec/);
  });

  it('exports the whole spec and imports it back unchanged', async () => {
    const { categoryId, setId } = await fixedSet(systemDesignWhiteboard.questions!);
    const before = await questionsOf(setId);
    const doc = (await call('GET', `/api/admin/categories/${categoryId}/export`, admin)).json();
    expect(doc.sets[0].questions[2].systemDesign.tradeOffs).toContain('fail open vs fail closed');
    const copy = structuredClone(doc);
    copy.category.name = `Imported design ${n}`;
    const imported = await call('POST', '/api/admin/categories/import', admin, copy);
    expect(imported.statusCode).toBe(201);
    const sets = (await call('GET', '/api/admin/interview-sets', admin)).json();
    const importedSet = sets.find(
      (s: { categoryId: string }) => s.categoryId === imported.json().categoryId,
    );
    const after = await questionsOf(importedSet.id);
    expect(after.map((q: { systemDesign: unknown }) => q.systemDesign)).toEqual(
      before.map((q: { systemDesign: unknown }) => q.systemDesign),
    );
    expect(after.map((q: { kind: string }) => q.kind)).toEqual(Array(3).fill('system-design'));
  });
});

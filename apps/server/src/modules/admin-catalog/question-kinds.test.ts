import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { interviews } from '../../db/schema';
import { useTestApp, databaseKinds } from '../../test/harness';
import { requestAs, type SignedIn, signInAdmin, signUpCandidate } from '../../test/users';

/** A question's kind (which rubric scores it) and explicit key points, through the admin API. */
describe.each(databaseKinds())('question kinds and key points on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });
  let admin: SignedIn;
  let candidate: SignedIn;
  beforeAll(async () => {
    admin = await signInAdmin(ctx.app);
    candidate = await signUpCandidate(ctx.app);
  });

  const call = (method: string, url: string, who: SignedIn, payload?: unknown) =>
    requestAs(ctx.app, method, url, who, payload);

  let n = 0;
  async function fixedSet(questions: object[]) {
    const category = (
      await call('POST', '/api/admin/categories', admin, { name: `Kinds ${++n}` })
    ).json();
    const res = await call('POST', '/api/admin/interview-sets', admin, {
      categoryId: category.id,
      title: `Set ${n}`,
      type: 'fixed',
      duration: 30,
      questions,
    });
    expect(res.statusCode).toBe(201);
    return { categoryId: category.id as string, setId: res.json().id as string };
  }
  const questionsOf = async (setId: string) =>
    (await call('GET', `/api/admin/questions/${setId}`, admin)).json().questions;

  it('stores a kind and a cleaned list of key points, and defaults to technical with none', async () => {
    const { setId } = await fixedSet([
      {
        questionText: 'Tell me about a time you disagreed with a teammate.',
        kind: 'behavioural',
        keyPoints: [
          '  Listened to the other view ',
          '',
          'Used data to decide',
          'Used data to decide',
        ],
      },
      { questionText: 'What is an index?' },
    ]);
    const [story, plain] = await questionsOf(setId);
    expect(story).toMatchObject({
      kind: 'behavioural',
      keyPoints: ['Listened to the other view', 'Used data to decide'],
    });
    expect(plain).toMatchObject({ kind: 'technical', keyPoints: [] });

    const added = await call('POST', '/api/admin/questions', admin, {
      interviewSetId: setId,
      questionText: 'Tell me about yourself.',
      kind: 'warm-up',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ kind: 'warm-up', keyPoints: [], order: 3 });

    // An update changes only what it sends.
    const kindOnly = await call('PUT', '/api/admin/questions', admin, {
      id: story.id,
      kind: 'technical',
    });
    expect(kindOnly.json()).toMatchObject({ kind: 'technical', keyPoints: story.keyPoints });
    const cleared = await call('PUT', '/api/admin/questions', admin, {
      id: story.id,
      keyPoints: [],
    });
    expect(cleared.json()).toMatchObject({ kind: 'technical', keyPoints: [] });
  });

  it.each([
    [
      { kind: 'pairing' },
      'kind',
      'Kind must be warm-up, technical, behavioural, coding or system-design',
    ],
    // A coding question comes with its problem (issue 16).
    [{ kind: 'coding' }, 'coding', 'A coding question needs its problem spec (coding)'],
    [{ keyPoints: 'one, two' }, 'keyPoints', 'Key points must be a list of texts'],
    [{ keyPoints: ['x'.repeat(301)] }, 'keyPoints.0', 'A key point must be at most 300 characters'],
    [
      { keyPoints: Array.from({ length: 13 }, (_, i) => `Point ${i}`) },
      'keyPoints',
      'At most 12 key points',
    ],
    [{ keyPoints: [42] }, 'keyPoints.0', 'Each key point must be text'],
  ])('refuses %j with a 400 naming %s', async (fields, field, message) => {
    const { setId } = await fixedSet([{ questionText: 'Q?' }]);
    const res = await call('POST', '/api/admin/questions', admin, {
      interviewSetId: setId,
      questionText: 'Another?',
      ...fields,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await questionsOf(setId)).toHaveLength(1);
  });

  it('exports and imports kinds and key points; an older file without them imports with defaults', async () => {
    const { categoryId } = await fixedSet([
      { questionText: 'Tell me about yourself.', kind: 'warm-up' },
      { questionText: 'What is a cache?', keyPoints: ['Keeps copies of data near their use'] },
    ]);
    const doc = (await call('GET', `/api/admin/categories/${categoryId}/export`, admin)).json();
    expect(doc.sets[0].questions).toEqual([
      expect.objectContaining({ kind: 'warm-up', keyPoints: [] }),
      expect.objectContaining({
        kind: 'technical',
        keyPoints: ['Keeps copies of data near their use'],
      }),
    ]);

    const copy = structuredClone(doc);
    copy.category.name = `Imported ${n}`;
    const imported = await call('POST', '/api/admin/categories/import', admin, copy);
    expect(imported.statusCode).toBe(201);
    const sets = (await call('GET', '/api/admin/interview-sets', admin)).json();
    const importedSet = sets.find(
      (s: { categoryId: string }) => s.categoryId === imported.json().categoryId,
    );
    expect((await questionsOf(importedSet.id)).map((q: { kind: string }) => q.kind)).toEqual([
      'warm-up',
      'technical',
    ]);

    const old = structuredClone(doc);
    old.category.name = `Old file ${n}`;
    for (const q of old.sets[0].questions) {
      delete q.kind;
      delete q.keyPoints;
    }
    const fromOld = await call('POST', '/api/admin/categories/import', admin, old);
    expect(fromOld.statusCode).toBe(201);
  });

  it('keeps key points from candidates, and gives an attempt its own copy of kind and key points', async () => {
    const { setId } = await fixedSet([
      { questionText: 'What is a cache?', kind: 'technical', keyPoints: ['Copies of data'] },
    ]);
    const seen = (await call('GET', `/api/interview/sets/${setId}`, candidate)).json();
    expect(seen.questions[0]).not.toHaveProperty('keyPoints');
    expect(seen.questions[0]).not.toHaveProperty('expectedAnswer');

    const attempt = await call('POST', '/api/interview', candidate, {
      title: 'Kinds',
      category: 'Kinds',
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
    expect(row!.questions[0]).toMatchObject({ kind: 'technical', keyPoints: ['Copies of data'] });
  });
});

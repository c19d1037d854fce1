import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { interviews, interviewSets, questions } from '../../db/schema';
import { useTestApp, databaseKinds } from '../../test/harness';
import { requestAs, type SignedIn, signInAdmin, signUpCandidate } from '../../test/users';

const NIL = '00000000-0000-4000-8000-000000000000';

describe.each(databaseKinds())('the catalogue API on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });
  let admin: SignedIn;
  let candidate: SignedIn;
  beforeAll(async () => {
    admin = await signInAdmin(ctx.app);
    candidate = await signUpCandidate(ctx.app);
  });

  const call = (method: string, url: string, who: SignedIn | null, payload?: unknown) =>
    requestAs(ctx.app, method, url, who, payload);

  const fixedSet = (categoryId: string, title = 'Fixed set', n = 3) => ({
    categoryId,
    title,
    type: 'fixed',
    difficulty: 'mid',
    duration: 30,
    topics: ['React', ' React ', 'Hooks'],
    showHome: true,
    questions: Array.from({ length: n }, (_, i) => ({
      questionText: `Question ${i + 1}?`,
      expectedAnswer: `Answer ${i + 1}`,
      difficulty: 'medium',
      timeLimit: 300,
    })),
  });

  describe('who may call what', () => {
    const adminRoutes: [string, string, unknown?][] = [
      ['GET', '/api/admin/categories'],
      ['POST', '/api/admin/categories', { name: 'X' }],
      ['PUT', `/api/admin/categories/${NIL}`, { isActive: false }],
      ['DELETE', `/api/admin/categories/${NIL}`],
      ['GET', `/api/admin/categories/${NIL}/export`],
      ['POST', '/api/admin/categories/import', {}],
      ['GET', '/api/admin/interview-sets'],
      ['POST', '/api/admin/interview-sets', {}],
      ['PUT', `/api/admin/interview-sets/${NIL}`, {}],
      ['DELETE', `/api/admin/interview-sets/${NIL}`],
      ['GET', `/api/admin/questions/${NIL}`],
      ['POST', '/api/admin/questions', {}],
      ['PUT', '/api/admin/questions', {}],
      ['PUT', '/api/admin/questions/reorder', {}],
      ['DELETE', `/api/admin/questions/${NIL}`],
    ];
    it.each(adminRoutes)('%s %s: 401 anonymous, 403 candidate', async (method, url, body) => {
      expect((await call(method, url, null, body)).statusCode).toBe(401);
      expect((await call(method, url, candidate, body)).statusCode).toBe(403);
      expect([200, 201, 204, 400, 404]).toContain(
        (await call(method, url, admin, body)).statusCode,
      );
    });

    const candidateRoutes = [
      '/api/interview/quick-practice',
      '/api/interview/categories/available',
      '/api/interview/sets/available',
      `/api/interview/sets/${NIL}`,
    ];
    it.each(candidateRoutes)('GET %s: 401 anonymous, answered for a candidate', async (url) => {
      expect((await call('GET', url, null)).statusCode).toBe(401);
      expect([200, 404]).toContain((await call('GET', url, candidate)).statusCode);
    });
  });

  describe('validation', () => {
    it.each([
      [{ name: '' }, 'name', 'Category name is required'],
      [{ name: ' a ' }, 'name', 'Category name must be at least 2 characters'],
      [{ name: 'Valid', isActive: 'yes' }, 'isActive', undefined],
    ])('category %j → 400 naming %s', async (body, field, message) => {
      const res = await call('POST', '/api/admin/categories', admin, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
      if (message) expect(res.json().fields[field]).toBe(message);
    });

    it('rejects a duplicate category name regardless of case with 409', async () => {
      expect(
        (await call('POST', '/api/admin/categories', admin, { name: 'Mobile' })).statusCode,
      ).toBe(201);
      const dup = await call('POST', '/api/admin/categories', admin, { name: '  mOBILE ' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe('A category named "mOBILE" already exists');
    });

    it.each([
      [{ duration: 4 }, 'duration'],
      [{ duration: 121 }, 'duration'],
      [{ difficulty: 'guru' }, 'difficulty'],
      [{ type: 'freestyle' }, 'type'],
      [{ questions: [] }, 'questions'],
      [{ questions: [{ questionText: '' }] }, 'questions.0.questionText'],
      [{ questions: [{ questionText: 'Q', timeLimit: 59 }] }, 'questions.0.timeLimit'],
      [{ questions: [{ questionText: 'Q', timeLimit: 1810 }] }, 'questions.0.timeLimit'],
      [{ questions: [{ questionText: 'Q', timeLimit: 100 }] }, 'questions.0.timeLimit'],
      [{ questions: [{ questionText: 'Q', difficulty: 'extreme' }] }, 'questions.0.difficulty'],
      [{ title: '' }, 'title'],
      [{ categoryId: 'nope' }, 'categoryId'],
    ])('interview set %j → 400 naming %s', async (change, field) => {
      const category = (
        await call('POST', '/api/admin/categories', admin, { name: `Cat ${Math.random()}` })
      ).json();
      const res = await call('POST', '/api/admin/interview-sets', admin, {
        ...fixedSet(category.id),
        ...change,
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
    });
  });

  describe('interview sets and questions', () => {
    it('creates a fixed set with unique trimmed topics and numbered questions', async () => {
      const category = (
        await call('POST', '/api/admin/categories', admin, { name: 'Frontend A', icon: '🎨' })
      ).json();
      const res = await call('POST', '/api/admin/interview-sets', admin, fixedSet(category.id));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        topics: ['React', 'Hooks'],
        categoryName: 'Frontend A',
        _count: { questions: 3, interviews: 0 },
      });
      const { questions: qs } = (
        await call('GET', `/api/admin/questions/${res.json().id}`, admin)
      ).json();
      expect(qs.map((q: { order: number }) => q.order)).toEqual([1, 2, 3]);
    });

    it('persists reorder and delete, keeping the order 1-based and contiguous', async () => {
      const category = (
        await call('POST', '/api/admin/categories', admin, { name: 'Reorder Cat' })
      ).json();
      const set = (
        await call('POST', '/api/admin/interview-sets', admin, fixedSet(category.id, 'R', 4))
      ).json();
      const before = (await call('GET', `/api/admin/questions/${set.id}`, admin)).json()
        .questions as { id: string }[];
      const reversed = before.map((q) => q.id).reverse();
      const re = await call('PUT', '/api/admin/questions/reorder', admin, {
        interviewSetId: set.id,
        orderedIds: reversed,
      });
      expect(re.statusCode).toBe(200);
      const bad = await call('PUT', '/api/admin/questions/reorder', admin, {
        interviewSetId: set.id,
        orderedIds: reversed.slice(1),
      });
      expect(bad.statusCode).toBe(400);
      expect((await call('DELETE', `/api/admin/questions/${reversed[1]}`, admin)).statusCode).toBe(
        204,
      );
      const after = (await call('GET', `/api/admin/questions/${set.id}`, admin)).json()
        .questions as { id: string; order: number }[];
      expect(after.map((q) => q.id)).toEqual([reversed[0], reversed[2], reversed[3]]);
      expect(after.map((q) => q.order)).toEqual([1, 2, 3]);

      const added = await call('POST', '/api/admin/questions', admin, {
        interviewSetId: set.id,
        questionText: 'New?',
        timeLimit: 600,
      });
      expect(added.json().order).toBe(4);
      const edited = await call('PUT', '/api/admin/questions', admin, {
        id: added.json().id,
        questionText: 'Edited?',
      });
      expect(edited.json()).toMatchObject({ questionText: 'Edited?', order: 4, timeLimit: 600 });
    });

    it('shows candidates only active sets in active categories, without expected answers or prompts', async () => {
      const category = (
        await call('POST', '/api/admin/categories', admin, { name: 'Visible Cat' })
      ).json();
      const set = (
        await call('POST', '/api/admin/interview-sets', admin, fixedSet(category.id, 'Visible set'))
      ).json();
      const detail = await call('GET', `/api/interview/sets/${set.id}`, candidate);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().questions).toHaveLength(3);
      expect(JSON.stringify(detail.json())).not.toContain('Answer 1');
      const titles = async (url: string) =>
        ((await call('GET', url, candidate)).json() as { title: string }[]).map((s) => s.title);
      expect(await titles('/api/interview/sets/available')).toContain('Visible set');
      expect(await titles('/api/interview/quick-practice')).toContain('Visible set');
      const cats = (await call('GET', '/api/interview/categories/available', candidate)).json() as {
        name: string;
        count: number;
      }[];
      expect(cats.find((c) => c.name === 'Visible Cat')?.count).toBe(1);

      const toggle = await call('PUT', `/api/admin/categories/${category.id}`, admin, {
        isActive: false,
      });
      expect(toggle.json().category.isActive).toBe(false);
      expect(await titles('/api/interview/sets/available')).not.toContain('Visible set');
      expect((await call('GET', `/api/interview/sets/${set.id}`, candidate)).statusCode).toBe(404);
    });

    it('refuses to delete a category that still has sets, and keeps attempts readable when a set goes', async () => {
      const category = (
        await call('POST', '/api/admin/categories', admin, { name: 'Doomed Cat' })
      ).json();
      const set = (
        await call('POST', '/api/admin/interview-sets', admin, fixedSet(category.id, 'Doomed set'))
      ).json();
      const refused = await call('DELETE', `/api/admin/categories/${category.id}`, admin);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'This category still has 1 interview set. Move or delete them first.',
      );

      const [attempt] = await ctx.database.db
        .insert(interviews)
        .values({
          userId: candidate.userId,
          interviewSetId: set.id,
          roomId: 'r',
          title: 'Doomed set',
          categoryName: 'Doomed Cat',
          difficulty: 'mid',
          type: 'fixed',
          duration: 30,
        })
        .returning();
      expect((await call('DELETE', `/api/admin/interview-sets/${set.id}`, admin)).statusCode).toBe(
        204,
      );
      const [kept] = await ctx.database.db
        .select()
        .from(interviews)
        .where(eq(interviews.id, attempt!.id));
      expect(kept).toMatchObject({
        interviewSetId: null,
        title: 'Doomed set',
        categoryName: 'Doomed Cat',
      });
      expect(
        await ctx.database.db.select().from(questions).where(eq(questions.interviewSetId, set.id)),
      ).toEqual([]);
      expect((await call('DELETE', `/api/admin/categories/${category.id}`, admin)).statusCode).toBe(
        204,
      );
    });
  });

  describe('import and export', () => {
    it('round-trips a category and refuses a file with one bad question without writing anything', async () => {
      const category = (
        await call('POST', '/api/admin/categories', admin, { name: 'Exported' })
      ).json();
      await call('POST', '/api/admin/interview-sets', admin, fixedSet(category.id, 'Export me'));
      const doc = (await call('GET', `/api/admin/categories/${category.id}/export`, admin)).json();
      expect(doc).toMatchObject({ version: 1, category: { name: 'Exported' } });

      const setsBefore = (await ctx.database.db.select().from(interviewSets)).length;
      const broken = structuredClone(doc);
      broken.category.name = 'Imported';
      broken.sets.push({ ...broken.sets[0], title: 'Second' });
      broken.sets[1].questions[2].timeLimit = 5;
      const bad = await call('POST', '/api/admin/categories/import', admin, broken);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields)).toContain('sets.1.questions.2.timeLimit');
      expect((await ctx.database.db.select().from(interviewSets)).length).toBe(setsBefore);

      broken.sets[1].questions[2].timeLimit = 300;
      const ok = await call('POST', '/api/admin/categories/import', admin, broken);
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({ categories: 1, sets: 2, questions: 6 });
      const again = await call('POST', '/api/admin/categories/import', admin, broken);
      expect(again.statusCode).toBe(409);
      expect((await ctx.database.db.select().from(interviewSets)).length).toBe(setsBefore + 2);
    });
  });
});

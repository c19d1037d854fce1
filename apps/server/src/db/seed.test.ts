import {
  DIFFICULTIES,
  INTERVIEW_TYPES,
  LIMITS,
  codingQuestionIssue,
  systemDesignQuestionIssue,
  questionInputSchema,
} from '@candor/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase } from '../test/harness';
import type { Database } from './client';
import { categories, interviewSets, questions } from './schema';
import { seedCatalogue, seedDemoCatalogue } from './seed';
import { demoCatalogue } from './seed-data';

describe('the demo catalogue data', () => {
  const sets = demoCatalogue.flatMap((c) => c.sets);

  it('has at least 6 categories and 14 sets across every difficulty and both types', () => {
    expect(demoCatalogue.length).toBeGreaterThanOrEqual(6);
    expect(sets.length).toBeGreaterThanOrEqual(14);
    expect(new Set(sets.map((s) => s.difficulty))).toEqual(new Set(DIFFICULTIES));
    expect(new Set(sets.map((s) => s.type))).toEqual(new Set(INTERVIEW_TYPES));
    expect(sets.some((s) => s.showHome)).toBe(true);
  });

  it('gives every fixed set 5–8 questions with a real expected answer and a valid time limit', () => {
    for (const set of sets.filter((s) => s.type === 'fixed')) {
      // A whiteboard round's problems take 15–30 minutes each: three make a set (issue 29).
      const whiteboard = set.questions?.every((q) => q.kind === 'system-design');
      expect(set.questions?.length, set.title).toBeGreaterThanOrEqual(whiteboard ? 3 : 5);
      expect(set.questions?.length, set.title).toBeLessThanOrEqual(8);
      for (const q of set.questions ?? []) {
        expect(q.expectedAnswer.split(/\s+/).length, q.questionText).toBeGreaterThanOrEqual(40);
        expect(q.timeLimit).toBeGreaterThanOrEqual(LIMITS.questionTimeLimitMin);
        expect(q.timeLimit).toBeLessThanOrEqual(LIMITS.questionTimeLimitMax);
        expect(q.timeLimit % LIMITS.questionTimeLimitStep).toBe(0);
      }
    }
  });

  it('gives every fixed question a kind and explicit key points the question form accepts', () => {
    for (const category of demoCatalogue) {
      for (const q of category.sets.flatMap((s) => s.questions ?? [])) {
        // The coding round opens with a warm-up; its problems are coding questions with a spec.
        const opensCodingRound = sets.some(
          (set) => set.questions?.[0] === q && set.questions.some((x) => x.coding),
        );
        const expected =
          category.name === 'Behavioral'
            ? 'behavioural'
            : q.coding
              ? 'coding'
              : q.systemDesign
                ? 'system-design'
                : opensCodingRound
                  ? 'warm-up'
                  : 'technical';
        expect(q.kind, q.questionText).toBe(expected);
        expect(codingQuestionIssue(questionInputSchema.parse(q)), q.questionText).toBeNull();
        expect(systemDesignQuestionIssue(questionInputSchema.parse(q)), q.questionText).toBeNull();
        expect(q.keyPoints.length, q.questionText).toBeGreaterThanOrEqual(4);
        expect(questionInputSchema.parse(q).keyPoints).toEqual(q.keyPoints);
      }
    }
  });

  it('keeps set durations within 5–120 minutes and topics unique', () => {
    for (const set of sets) {
      expect(set.duration).toBeGreaterThanOrEqual(LIMITS.setDurationMin);
      expect(set.duration).toBeLessThanOrEqual(LIMITS.setDurationMax);
      expect(new Set(set.topics).size).toBe(set.topics.length);
      if (set.type === 'topic-based') expect(set.aiPrompt, set.title).toBeTruthy();
    }
  });
});

describe.each(databaseKinds())('seeding on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  const counts = async () => {
    const [c] = await database.db.select({ n: sql<number>`count(*)::int` }).from(categories);
    const [s] = await database.db.select({ n: sql<number>`count(*)::int` }).from(interviewSets);
    const [q] = await database.db.select({ n: sql<number>`count(*)::int` }).from(questions);
    return { categories: c!.n, sets: s!.n, questions: q!.n };
  };

  it('fills an empty catalogue, in order, and is idempotent', async () => {
    const first = await seedDemoCatalogue(database.db);
    const expectedQuestions = demoCatalogue
      .flatMap((c) => c.sets)
      .reduce((n, s) => n + (s.questions?.length ?? 0), 0);
    expect(first).toEqual({ categories: 6, sets: 17, questions: expectedQuestions });
    expect(await counts()).toEqual({ categories: 6, sets: 17, questions: expectedQuestions });

    expect(await seedDemoCatalogue(database.db)).toBeNull();
    expect(await seedCatalogue(database.db)).toEqual({ categories: 0, sets: 0, questions: 0 });
    expect(await counts()).toEqual({ categories: 6, sets: 17, questions: expectedQuestions });

    const [set] = await database.db
      .select()
      .from(interviewSets)
      .where(eq(interviewSets.title, 'React in Practice'));
    const qs = await database.db
      .select()
      .from(questions)
      .where(eq(questions.interviewSetId, set!.id))
      .orderBy(questions.order);
    expect(qs.map((q) => q.order)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

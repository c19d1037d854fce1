import { WHITEBOARD_LIMITS, systemDesignSpecSchema, type WhiteboardScene } from '@candor/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { interviews, whiteboards } from '../../db/schema';
import { systemDesignWhiteboard } from '../../db/seed-data/system-design-whiteboard';
import { INITIAL_STATE } from '../../engine/state';
import { insertAttempt } from '../../test/fixtures';
import { databaseKinds, useTestApp } from '../../test/harness';
import { requestAs, signUpCandidate, type SignedIn } from '../../test/users';
import { boardsOf } from '.';

const SPEC = systemDesignSpecSchema.parse(systemDesignWhiteboard.questions![0]!.systemDesign);

/** A small scene: two labelled boxes and an arrow bound to both. */
const scene = (label = 'Cache'): WhiteboardScene => ({
  elements: [
    { id: 'a', type: 'rectangle', x: 0, y: 0, width: 100, height: 60 },
    { id: 'a-text', type: 'text', text: 'App', containerId: 'a' },
    { id: 'b', type: 'rectangle', x: 200, y: 0, width: 100, height: 60 },
    { id: 'b-text', type: 'text', text: label, containerId: 'b' },
    {
      id: 'arrow',
      type: 'arrow',
      startBinding: { elementId: 'a' },
      endBinding: { elementId: 'b' },
    },
  ],
});

/** The whiteboard's storage (issue 29): owner-only, bounded, versioned, and kept over reloads. */
describe.each(databaseKinds())('whiteboard storage on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });
  let owner: SignedIn;
  let stranger: SignedIn;
  beforeAll(async () => {
    owner = await signUpCandidate(ctx.app);
    stranger = await signUpCandidate(ctx.app);
  });

  /** An attempt whose second question is a system-design one, asked (or not yet). */
  async function attempt(options: { asked?: number; status?: 'in_progress' | 'completed' } = {}) {
    const id = await insertAttempt(ctx.database.db, owner.userId, options.status ?? 'in_progress');
    await ctx.database.db
      .update(interviews)
      .set({
        questions: [
          {
            id: 'q1',
            questionText: 'Warm up',
            expectedAnswer: null,
            difficulty: 'easy',
            timeLimit: 120,
            kind: 'warm-up',
          },
          {
            id: 'q2',
            questionText: 'Design a URL shortener',
            expectedAnswer: null,
            difficulty: 'easy',
            timeLimit: 900,
            kind: 'system-design',
            systemDesign: SPEC,
          },
        ],
        engineState: { ...INITIAL_STATE, questionIndex: options.asked ?? 1 },
      })
      .where(eq(interviews.id, id));
    return id;
  }
  const get = (id: string, who: SignedIn, questionIndex: unknown = 1) =>
    requestAs(
      ctx.app,
      'GET',
      `/api/interview/${id}/whiteboard?questionIndex=${questionIndex}`,
      who,
    );
  const put = (id: string, who: SignedIn, body: unknown) =>
    requestAs(ctx.app, 'PUT', `/api/interview/${id}/whiteboard`, who, body);

  it('starts empty, saves a version at a time, and reads back what was saved', async () => {
    const id = await attempt();
    const empty = await get(id, owner);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      questionIndex: 1,
      designing: true,
      version: 0,
      scene: { elements: [] },
      updatedAt: null,
    });
    const first = await put(id, owner, { questionIndex: 1, baseVersion: 0, scene: scene() });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ questionIndex: 1, version: 1 });
    const second = await put(id, owner, {
      questionIndex: 1,
      baseVersion: 1,
      scene: scene('Redis'),
    });
    expect(second.json()).toEqual({ questionIndex: 1, version: 2 });
    // A reload reads the last save, elements exactly as sent.
    const reloaded = (await get(id, owner)).json();
    expect(reloaded.version).toBe(2);
    expect(reloaded.scene).toEqual(scene('Redis'));
    expect(await boardsOf(ctx.database.db, id)).toEqual([
      { questionIndex: 1, version: 2, scene: scene('Redis') },
    ]);
  });

  it('refuses a save from an older version (another window), keeping the newer board', async () => {
    const id = await attempt();
    await put(id, owner, { questionIndex: 1, baseVersion: 0, scene: scene('First') });
    const again = await put(id, owner, { questionIndex: 1, baseVersion: 0, scene: scene('Late') });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('WHITEBOARD_STALE');
    await put(id, owner, { questionIndex: 1, baseVersion: 1, scene: scene('Second') });
    const behind = await put(id, owner, { questionIndex: 1, baseVersion: 1, scene: scene('Old') });
    expect(behind.statusCode).toBe(409);
    const ahead = await put(id, owner, { questionIndex: 1, baseVersion: 7, scene: scene('Ahead') });
    expect(ahead.statusCode).toBe(409);
    expect((await get(id, owner)).json().scene).toEqual(scene('Second'));
  });

  it('keeps one winner when two windows save the same version at once', async () => {
    const id = await attempt();
    await put(id, owner, { questionIndex: 1, baseVersion: 0, scene: scene('Start') });
    const results = await Promise.all(
      ['Left', 'Right'].map((label) =>
        put(id, owner, { questionIndex: 1, baseVersion: 1, scene: scene(label) }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await get(id, owner)).json().version).toBe(2);
  });

  it('is its owner’s alone: a stranger can neither read nor write it', async () => {
    const id = await attempt();
    await put(id, owner, { questionIndex: 1, baseVersion: 0, scene: scene('Private') });
    expect([403, 404]).toContain((await get(id, stranger)).statusCode);
    const write = await put(id, stranger, { questionIndex: 1, baseVersion: 1, scene: scene('X') });
    expect([403, 404]).toContain(write.statusCode);
    expect((await get(id, owner)).json()).toMatchObject({ version: 1, scene: scene('Private') });
  });

  it('refuses a board past its size, naming the scene, and stores nothing', async () => {
    const id = await attempt();
    const big: WhiteboardScene = {
      elements: Array.from({ length: 40 }, (_, i) => ({
        id: `t${i}`,
        type: 'text',
        text: 'x'.repeat(14_000),
      })),
    };
    const res = await put(id, owner, { questionIndex: 1, baseVersion: 0, scene: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().fields.scene).toBe('the board must be at most 512 KiB');
    const many = await put(id, owner, {
      questionIndex: 1,
      baseVersion: 0,
      scene: {
        elements: Array.from({ length: WHITEBOARD_LIMITS.elementsMax + 1 }, (_, i) => ({
          id: `e${i}`,
          type: 'line',
        })),
      },
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().fields['scene.elements']).toBe('A board holds at most 2000 elements');
    expect(
      await ctx.database.db.select().from(whiteboards).where(eq(whiteboards.interviewId, id)),
    ).toEqual([]);
  });

  it.each([
    [
      { questionIndex: 0, baseVersion: 0 },
      'questionIndex',
      'not a system-design question of this attempt',
    ],
    [
      { questionIndex: 5, baseVersion: 0 },
      'questionIndex',
      'not a system-design question of this attempt',
    ],
    [
      { questionIndex: -1, baseVersion: 0 },
      'questionIndex',
      'questionIndex must be a question of this attempt',
    ],
    [
      { questionIndex: 1, baseVersion: -2 },
      'baseVersion',
      'baseVersion must be the version the board was loaded at',
    ],
    [
      { questionIndex: 1, baseVersion: 0, scene: { elements: [{ type: 'rectangle' }] } },
      'scene.elements.0.id',
      'Each element needs an id',
    ],
  ])('refuses %j with a 400 naming %s', async (body, field, message) => {
    const id = await attempt();
    const res = await put(id, owner, { scene: scene(), ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('refuses a board for a question not asked yet, and any change once the interview ended', async () => {
    const early = await attempt({ asked: 0 });
    const notYet = await put(early, owner, { questionIndex: 1, baseVersion: 0, scene: scene() });
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().fields.questionIndex).toBe('this question has not been asked yet');
    const ended = await attempt({ status: 'completed' });
    const late = await put(ended, owner, { questionIndex: 1, baseVersion: 0, scene: scene() });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('INTERVIEW_ENDED');
    // An ended attempt's board is still readable: the report shows it.
    expect((await get(ended, owner)).statusCode).toBe(200);
    expect((await get(ended, owner, 'two')).statusCode).toBe(400);
    expect((await get(ended, owner, 7)).json().fields.questionIndex).toMatch(/not a system-design/);
    // Another kind of question has no board, which the live screen learns without an error.
    expect((await get(ended, owner, 0)).json()).toMatchObject({ designing: false, version: 0 });
  });
});

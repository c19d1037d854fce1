import {
  WHITEBOARD_LIMITS,
  type Whiteboard,
  type WhiteboardSave,
  type WhiteboardSaved,
  type WhiteboardScene,
} from '@candor/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { whiteboards } from '../../db/schema';
import { readEngineState } from '../../engine/state';
import { AppError, badRequest, conflict } from '../../platform/errors';
import { loadOwned, type InterviewRow, type Tx } from '../interviews';

/**
 * The whiteboard of a system-design question (issue 29): the candidate's scene, saved as they draw
 * and read back after a reload. Saves never take the attempt's row lock (the turns hold it while
 * the interviewer answers, and drawing must not wait on that): the version check is one
 * conditional write on the board's own row instead.
 */

function designQuestion(attempt: InterviewRow, index: number, forSave: boolean): void {
  const question = attempt.questions[index];
  const asked = readEngineState(attempt.engineState).questionIndex;
  const why =
    question?.kind !== 'system-design'
      ? 'not a system-design question of this attempt'
      : forSave && index > asked
        ? 'this question has not been asked yet'
        : null;
  if (why) throw badRequest(`questionIndex: ${why}`, { questionIndex: why });
}

const stale = () =>
  conflict(
    'The whiteboard was saved from another window since this one loaded it: reload to see it',
    'WHITEBOARD_STALE',
  );

export async function getWhiteboard(
  db: Db,
  userId: string,
  attemptId: string,
  questionIndex: number,
): Promise<Whiteboard> {
  const attempt = await loadOwned(db, userId, attemptId);
  const empty = { questionIndex, version: 0, scene: { elements: [] }, updatedAt: null };
  // The live screen asks on every question: another kind of question simply has no board.
  if (
    attempt.questions[questionIndex] &&
    attempt.questions[questionIndex].kind !== 'system-design'
  ) {
    return { ...empty, designing: false };
  }
  designQuestion(attempt, questionIndex, false);
  const [row] = await db
    .select()
    .from(whiteboards)
    .where(
      and(eq(whiteboards.interviewId, attempt.id), eq(whiteboards.questionIndex, questionIndex)),
    );
  return {
    questionIndex,
    designing: true,
    version: row?.version ?? 0,
    scene: row?.scene ?? { elements: [] },
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The scene's size as stored (JSON, UTF-8): the limit is on what the database keeps. */
export const sceneBytes = (scene: WhiteboardScene) => Buffer.byteLength(JSON.stringify(scene));

export async function saveWhiteboard(
  db: Db,
  userId: string,
  attemptId: string,
  save: WhiteboardSave,
): Promise<WhiteboardSaved> {
  const attempt = await loadOwned(db, userId, attemptId);
  if (attempt.status !== 'in_progress') {
    throw conflict(
      attempt.status === 'scheduled'
        ? 'This interview has not started yet: start it to draw'
        : 'This interview has ended: the whiteboard can no longer change',
      'INTERVIEW_ENDED',
    );
  }
  designQuestion(attempt, save.questionIndex, true);
  if (sceneBytes(save.scene) > WHITEBOARD_LIMITS.sceneMaxBytes) {
    const why = `the board must be at most ${WHITEBOARD_LIMITS.sceneMaxBytes / 1024} KiB`;
    throw new AppError(413, `scene: ${why}`, { scene: why }, 'PAYLOAD_TOO_LARGE');
  }
  const key = and(
    eq(whiteboards.interviewId, attempt.id),
    eq(whiteboards.questionIndex, save.questionIndex),
  );
  if (save.baseVersion === 0) {
    // The first save: a board another window created first makes this one stale.
    const [created] = await db
      .insert(whiteboards)
      .values({
        interviewId: attempt.id,
        questionIndex: save.questionIndex,
        scene: save.scene,
        version: 1,
      })
      .onConflictDoNothing()
      .returning({ version: whiteboards.version });
    if (!created) throw stale();
    return { questionIndex: save.questionIndex, version: created.version };
  }
  const [updated] = await db
    .update(whiteboards)
    .set({ scene: save.scene, version: sql`${whiteboards.version} + 1`, updatedAt: sql`now()` })
    .where(and(key, eq(whiteboards.version, save.baseVersion)))
    .returning({ version: whiteboards.version });
  if (!updated) throw stale();
  return { questionIndex: save.questionIndex, version: updated.version };
}

/** Every board of an attempt, by question: what the interviewer and the report read. */
export async function boardsOf(db: Db, attemptId: string) {
  return db
    .select({
      questionIndex: whiteboards.questionIndex,
      scene: whiteboards.scene,
      version: whiteboards.version,
    })
    .from(whiteboards)
    .where(eq(whiteboards.interviewId, attemptId))
    .orderBy(asc(whiteboards.questionIndex));
}

/** The board of one question (the interviewer reads it each turn); an empty scene before any save. */
export async function boardOf(db: Tx, attemptId: string, questionIndex: number) {
  const [row] = await db
    .select({ scene: whiteboards.scene })
    .from(whiteboards)
    .where(
      and(eq(whiteboards.interviewId, attemptId), eq(whiteboards.questionIndex, questionIndex)),
    );
  return row?.scene ?? { elements: [] };
}

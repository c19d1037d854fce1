import {
  TAILORED_DOCUMENTS_MAX,
  type CreateTailoredInterviewBody,
  type ResumeProfile,
  type TailoredAttempt,
  type TailoredDocumentKind,
  type TailoredDocumentSummary,
  type TailoredJobDescription,
  type TailoredResume,
} from '@candor/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tailoredDocuments, user } from '../../db/schema';
import { AppError, conflict, notFound } from '../../platform/errors';
import { randomUUID } from 'node:crypto';
import type { AiProvider } from '../../ai/provider';
import type { Logger } from '../../platform/logger';
import type { Throttle } from '../../platform/auth/throttle';
import { readJobDescription, readResumeText } from './model-extraction';
import { ReaderBusyError, ResumeError, type DocumentReader } from '../documents';
import { aboutTheJob, selectTailoredQuestions } from './select';
import { cut } from './text';
import type { CreditPolicy } from '../credits';
import { insertAttempt } from '../attempts';

/**
 * A candidate's job descriptions and résumés (issue 15): private to their owner, read on the
 * server (never sent anywhere by the builtin provider), listed and deleted from Settings, deleted
 * with the account (the table's foreign key). Only the text is kept, never the uploaded file.
 */

type Row = typeof tailoredDocuments.$inferSelect;

const summary = (row: Row): TailoredDocumentSummary => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  preview: cut(row.text, 200),
  createdAt: row.createdAt.toISOString(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Refuses a candidate who already keeps as many documents as allowed. */
async function refuseWhenFull(db: Pick<Db, 'select'>, userId: string) {
  const [held] = await db
    .select({ n: count() })
    .from(tailoredDocuments)
    .where(eq(tailoredDocuments.userId, userId));
  if ((held?.n ?? 0) >= TAILORED_DOCUMENTS_MAX) {
    throw conflict(
      `You can keep at most ${TAILORED_DOCUMENTS_MAX} job descriptions and résumés: delete one in Settings first`,
    );
  }
}

/**
 * Stores a document under the candidate's row lock, so two uploads at once both count (callers
 * also check before reading, so a full account costs no model call; this check is the one that
 * holds).
 */
async function store(
  db: Db,
  userId: string,
  document: { kind: TailoredDocumentKind; name: string; text: string; extraction: object },
): Promise<Row> {
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    await refuseWhenFull(tx, userId);
    const [row] = await tx
      .insert(tailoredDocuments)
      .values({ userId, ...document, extraction: document.extraction as Record<string, unknown> })
      .returning();
    return row!;
  });
}

/** What reading a candidate's documents needs. */
export interface ReadingDeps {
  db: Db;
  provider: AiProvider;
  log: Logger;
  throttle: Throttle;
  /** Documents the model may read for one candidate per day (AI_DOCUMENT_READS_PER_DAY). */
  modelReadsPerDay: number;
  /** Reads résumé files into text, off the main thread (modules/documents, decision 036). */
  documents: DocumentReader;
}

const STILL_READING = 'Your last file is still being read: wait for it, then try again';

/** The reader's refusals as the candidate is told them, naming `file` where it is theirs to fix. */
function readingRefused(err: unknown): unknown {
  if (err instanceof ResumeError)
    return new AppError(400, `file: ${err.message}`, { file: err.message });
  if (err instanceof ReaderBusyError) {
    if (err.reason === 'owner') {
      return new AppError(429, `file: ${STILL_READING}`, { file: STILL_READING }, 'RATE_LIMITED');
    }
    return new AppError(
      503,
      'Résumés cannot be read right now: please try again in a moment',
      undefined,
      'READER_BUSY',
    );
  }
  return err;
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Who reads this document: the model while the candidate's day has readings left (counted in
 * the database, so every process counts together), else the builtin rules (decision 035). Never
 * a refusal: the candidate still gets a reading to confirm, only the operator's cost is capped.
 */
async function documentReader(deps: ReadingDeps, userId: string) {
  let useModel = deps.provider.name !== 'builtin' && deps.modelReadsPerDay > 0;
  if (useModel) {
    const verdict = await deps.throttle.take(`document-reads:${userId}`, {
      limit: deps.modelReadsPerDay,
      windowSeconds: DAY_SECONDS,
    });
    useModel = verdict.allowed;
    if (!verdict.allowed) {
      deps.log.info(
        { userId, retryAfterSeconds: verdict.retryAfterSeconds },
        "the candidate's model readings for today are spent: the builtin rules read the document",
      );
    }
  }
  return { provider: deps.provider, useModel, log: deps.log };
}

export async function saveJobDescription(
  deps: ReadingDeps,
  userId: string,
  jobDescription: string,
): Promise<TailoredJobDescription> {
  const { db } = deps;
  await refuseWhenFull(db, userId);
  const { requirements } = await readJobDescription(
    await documentReader(deps, userId),
    userId,
    jobDescription,
  );
  const row = await store(db, userId, {
    kind: 'job-description',
    name: requirements.role,
    text: jobDescription,
    extraction: requirements,
  });
  return { ...summary(row), kind: 'job-description', requirements };
}

/** A file name as the list shows it: no folders, no control characters. */
const cleanName = (name: string) =>
  cut(
    [...(name.split(/[\\/]/).at(-1) ?? '')]
      .filter((c) => c >= ' ' && c !== '\u007f')
      .join('')
      .trim(),
    120,
  ) || 'résumé';

export async function saveResume(
  deps: ReadingDeps,
  userId: string,
  fileName: string,
  bytes: Buffer,
): Promise<TailoredResume> {
  await refuseWhenFull(deps.db, userId);
  let text: string;
  try {
    text = await deps.documents.read(bytes, userId);
  } catch (err) {
    throw readingRefused(err);
  }
  const { profile } = await readResumeText(await documentReader(deps, userId), userId, text);
  const row = await store(deps.db, userId, {
    kind: 'resume',
    name: cleanName(fileName),
    text,
    extraction: profile,
  });
  return { ...summary(row), kind: 'resume', profile };
}

export async function listDocuments(db: Db, userId: string): Promise<TailoredDocumentSummary[]> {
  const rows = await db
    .select()
    .from(tailoredDocuments)
    .where(eq(tailoredDocuments.userId, userId))
    .orderBy(desc(tailoredDocuments.createdAt))
    .limit(TAILORED_DOCUMENTS_MAX);
  return rows.map(summary);
}

/** Someone else's document is not found: its existence is not theirs to learn. */
export async function deleteDocument(db: Db, userId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw notFound('Document not found');
  const deleted = await db
    .delete(tailoredDocuments)
    .where(and(eq(tailoredDocuments.id, id), eq(tailoredDocuments.userId, userId)))
    .returning({ id: tailoredDocuments.id });
  if (deleted.length === 0) throw notFound('Document not found');
}

async function ownDocument(db: Db, userId: string, id: string, kind: TailoredDocumentKind) {
  const [row] = await db
    .select()
    .from(tailoredDocuments)
    .where(
      and(
        eq(tailoredDocuments.id, id),
        eq(tailoredDocuments.userId, userId),
        eq(tailoredDocuments.kind, kind),
      ),
    )
    .limit(1);
  return row;
}

/**
 * `POST /api/tailored/interviews`: the attempt, from the candidate's job description and résumé
 * with the skills as they confirmed them (issue 15). The questions are drawn now and kept on the
 * attempt (type `tailored`, run by the topic-based flow), with the advert's sentences about the
 * job for the candidate's own questions. A document that is not the candidate's is not found.
 */
export async function createTailoredInterview(
  db: Db,
  ctx: { policy: CreditPolicy; now: Date; coachesMayListen: boolean },
  userId: string,
  body: CreateTailoredInterviewBody & { followUpDepth: number },
): Promise<{ id: string; roomId: string }> {
  const job = await ownDocument(db, userId, body.jobDescriptionId, 'job-description');
  if (!job) {
    throw new AppError(404, 'jobDescriptionId: Job description not found', {
      jobDescriptionId: 'Job description not found',
    });
  }
  const resume = body.resumeId ? await ownDocument(db, userId, body.resumeId, 'resume') : null;
  if (body.resumeId && !resume) {
    throw new AppError(404, 'resumeId: Résumé not found', { resumeId: 'Résumé not found' });
  }
  const profile = resume ? (resume.extraction as unknown as ResumeProfile) : null;
  const requirements = {
    ...body.requirements,
    required: [...new Set(body.requirements.required)],
    niceToHave: [...new Set(body.requirements.niceToHave)].filter(
      (n) => !body.requirements.required.includes(n),
    ),
  };
  const plan = selectTailoredQuestions({
    requirements,
    difficulty: body.difficulty,
    durationMinutes: body.duration,
    resume: profile,
  });
  const tailored: TailoredAttempt = {
    requirements,
    jobDescriptionId: job.id,
    resumeId: resume?.id ?? null,
    resumeProjects: profile?.projects.map((p) => p.name) ?? [],
    plan,
    jobSentences: aboutTheJob(job.text),
  };
  const id = randomUUID();
  await insertAttempt(db, ctx, userId, {
    id,
    title: cut(`Practise for ${requirements.role}`, 150),
    categoryName: 'Tailored',
    difficulty: body.difficulty,
    type: 'tailored',
    duration: body.duration,
    topics: [...new Set(plan.filter((p) => p.source === 'bank').map((p) => p.topic))],
    followUpDepth: body.followUpDepth,
    interviewerStyle: body.interviewerStyle ?? 'friendly',
    tailored,
  });
  return { id, roomId: `interview-${id}` };
}

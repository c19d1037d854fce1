import {
  CODING_LIMITS,
  candidateCoding,
  type AttemptCoding,
  type CodeRun,
  type CodeRunBody,
  type CodeRunTest,
  type CodingSpec,
} from '@candor/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import {
  CandidateBusyError,
  LanguageUnavailableError,
  RunDroppedError,
  SandboxBusyError,
  SandboxUnavailableError,
  type Sandbox,
  type SubmissionResult,
} from '../sandbox';
import type { Db } from '../../db/client';
import { codeRuns } from '../../db/schema';
import { readEngineState } from '../../engine/state';
import { AppError, badRequest, conflict } from '../../platform/errors';
import { loadOwned, lockOwned, markAnswered, type InterviewRow, type Tx } from '../interviews';

/**
 * The coding round's runs (issue 16): the candidate's code runs on the server's sandbox against a
 * coding question's visible examples ("Run examples") or every test ("Submit"). Each run is kept
 * with the attempt: the interviewer and the report read them. Hidden tests never leave the server:
 * a candidate sees only their verdicts.
 */

export interface CodingDeps {
  db: Db;
  /** The server's sandbox: it refuses a language it does not run (CODE_PYTHON). */
  sandbox: Pick<Sandbox, 'run' | 'prepare'>;
}

type CodeRunRow = typeof codeRuns.$inferSelect;

/** A run as the candidate sees it: hidden tests show their verdict, nothing of their data. */
export function toCandidateRun(row: CodeRunRow): CodeRun {
  return {
    id: row.id,
    questionIndex: row.questionIndex,
    language: row.language,
    mode: row.mode,
    verdict: row.verdict,
    passed: row.passed,
    total: row.total,
    tests: row.tests.map((t): CodeRunTest =>
      t.hidden ? { index: t.index, hidden: true, verdict: t.verdict } : { ...t, hidden: false },
    ),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The last fixed question the interviewer asked (-1 before the first): later ones stay unseen. */
const askedUpTo = (attempt: { engineState: unknown }) =>
  readEngineState(attempt.engineState).questionIndex;

function codingQuestion(attempt: InterviewRow, index: number): CodingSpec {
  const spec = attempt.questions[index]?.coding;
  const why = !spec
    ? 'not a coding question of this attempt'
    : index > askedUpTo(attempt)
      ? 'this question has not been asked yet'
      : null;
  if (why) throw badRequest(`questionIndex: ${why}`, { questionIndex: why });
  return spec!;
}

const ended = (status: InterviewRow['status']) =>
  conflict(
    status === 'scheduled'
      ? 'This interview has not started yet: start it to run code'
      : 'This interview has ended: code can no longer be run',
    'INTERVIEW_ENDED',
  );

const runLimit = (limit: number) =>
  conflict(`This interview has used all its ${limit} code runs`, 'CODE_RUN_LIMIT');

async function runsUsed(db: Tx, interviewId: string): Promise<number> {
  const [used] = await db
    .select({ n: count() })
    .from(codeRuns)
    .where(eq(codeRuns.interviewId, interviewId));
  return used?.n ?? 0;
}

/** The sandbox's refusals as the API says them. */
function refusal(err: unknown): unknown {
  if (err instanceof SandboxBusyError)
    return new AppError(503, err.message, undefined, 'SANDBOX_BUSY');
  if (err instanceof CandidateBusyError) {
    return new AppError(429, err.message, undefined, 'CODE_RUNS_PENDING');
  }
  if (err instanceof RunDroppedError) {
    return err.reason === 'not-wanted' ? ended('completed') : conflict(err.message);
  }
  if (err instanceof LanguageUnavailableError) {
    const why = err.message;
    return badRequest(`language: ${why}`, { language: why });
  }
  if (err instanceof SandboxUnavailableError) {
    return new AppError(503, err.message, undefined, 'SANDBOX_BUSY');
  }
  return err;
}

/**
 * One run of the candidate's code (decision 032). The sandbox's fair queue knows the candidate
 * (`owner`), drops the run if the request is abandoned (`signal`) or the attempt ends while it
 * waits. The run limit is exact (issue 24): it is counted again, and the run kept, inside one
 * transaction holding the attempt's row lock, so concurrent runs never keep more than the limit;
 * the count before the run only spares the sandbox a run that could not be kept.
 */
export async function runCode(
  deps: CodingDeps,
  userId: string,
  interviewId: string,
  body: CodeRunBody,
  signal?: AbortSignal,
): Promise<CodeRun> {
  const { db } = deps;
  const limit = CODING_LIMITS.runsPerAttempt;
  const attempt = await loadOwned(db, userId, interviewId);
  if (attempt.status !== 'in_progress') throw ended(attempt.status);
  const spec = codingQuestion(attempt, body.questionIndex);
  if ((await runsUsed(db, interviewId)) >= limit) throw runLimit(limit);
  const chosen = spec.tests
    .map((test, index) => ({ test, index }))
    .filter(({ test }) => body.mode === 'submit' || !test.hidden);
  let result: SubmissionResult;
  try {
    result = await deps.sandbox.run(
      {
        language: body.language,
        code: body.code,
        entryPoint: spec.entryPoint[body.language],
        tests: chosen.map(({ test }) => ({
          input: test.input,
          expected: test.expected,
          compare: test.compare,
        })),
        timeLimitMs: spec.runLimitMs,
      },
      {
        owner: userId,
        signal,
        stillWanted: async () =>
          (await loadOwned(db, userId, interviewId)).status === 'in_progress',
      },
    );
  } catch (err) {
    throw refusal(err);
  }
  const tests = result.tests.map((t, i) => {
    const { test, index } = chosen[i]!;
    return {
      ...t,
      index,
      hidden: test.hidden,
      input: test.input,
      expected: test.expected,
    };
  });
  const row = await db.transaction(async (tx) => {
    await lockOwned(tx, userId, interviewId);
    if ((await runsUsed(tx, interviewId)) >= limit) throw runLimit(limit);
    const [inserted] = await tx
      .insert(codeRuns)
      .values({
        interviewId,
        questionIndex: body.questionIndex,
        language: body.language,
        mode: body.mode,
        code: body.code,
        verdict: result.verdict,
        passed: tests.filter((t) => t.verdict === 'passed').length,
        total: tests.length,
        tests,
        durationMs: Math.round(result.durationMs),
      })
      .returning();
    // A run is the candidate's work: the attempt is history from it (decision 038).
    await markAnswered(tx, interviewId, inserted!.createdAt);
    return inserted!;
  });
  return toCandidateRun(row);
}

/** Every run of an attempt, oldest first (the interviewer, the report and the live screen). */
export async function listRuns(db: Db, interviewId: string): Promise<CodeRunRow[]> {
  return db
    .select()
    .from(codeRuns)
    .where(eq(codeRuns.interviewId, interviewId))
    .orderBy(asc(codeRuns.createdAt))
    .limit(CODING_LIMITS.runsPerAttempt);
}

/**
 * The submissions (not the example runs) of one question of an attempt, oldest first: what the
 * interviewer is told of a coding answer (modules/turns, coding-facts.ts). Takes the turn's
 * transaction: it is read under the attempt's row lock.
 */
export async function submissionsOf(tx: Tx, interviewId: string, questionIndex: number) {
  return tx
    .select({ verdict: codeRuns.verdict, tests: codeRuns.tests, passed: codeRuns.passed })
    .from(codeRuns)
    .where(
      and(
        eq(codeRuns.interviewId, interviewId),
        eq(codeRuns.questionIndex, questionIndex),
        eq(codeRuns.mode, 'submit'),
      ),
    )
    .orderBy(asc(codeRuns.createdAt));
}

/**
 * `GET /api/interview/:id/coding`: the attempt's coding questions asked so far, as the candidate
 * may see them (a problem not reached yet is not shown ahead of time), with the runs so far and
 * the last code of each (the editor comes back after a reload).
 */
export async function attemptCoding(
  deps: Pick<CodingDeps, 'db' | 'sandbox'>,
  userId: string,
  interviewId: string,
): Promise<AttemptCoding> {
  const { db } = deps;
  const attempt = await loadOwned(db, userId, interviewId);
  const coding = attempt.questions
    .map((q, questionIndex) => ({ q, questionIndex }))
    .filter(({ q, questionIndex }) => q.coding && questionIndex <= askedUpTo(attempt));
  if (coding.length === 0) return { questions: [] };
  // A coding question is on screen: its first run should not wait for a Python child to start.
  if (attempt.status === 'in_progress') void deps.sandbox.prepare().catch(() => undefined);
  const runs = await listRuns(db, interviewId);
  return {
    questions: coding.map(({ q, questionIndex }) => {
      const own = runs.filter((r) => r.questionIndex === questionIndex);
      const last = own.at(-1);
      return {
        questionIndex,
        questionText: q.questionText,
        coding: candidateCoding(q.coding!),
        lastCode: last ? { language: last.language, code: last.code } : null,
        runs: own.map(toCandidateRun),
      };
    }),
  };
}

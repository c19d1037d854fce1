import { desc, eq, gte, sql } from 'drizzle-orm';
import type { AiUsageReport } from '@candor/shared';
import type { AiCallUsage, UsageRecorder } from '../../ai/usage';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { aiUsage, interviewSets, interviews, user } from '../../db/schema';
import type { Logger } from '../../platform/logger';

/**
 * AI usage and its estimated cost (issue 17, decision 025): each provider call made for an
 * attempt is a row of ai_usage, priced when it is recorded at the prices then configured
 * (AI_PRICE_INPUT and AI_PRICE_OUTPUT, per million tokens); the builtin provider costs nothing.
 * Server speech records the seconds it recognised and the characters it voiced in the same table
 * (purpose 'speech'), priced by STT_PRICE_MINUTE and TTS_PRICE_MILLION_CHARACTERS. A job
 * description or résumé read by the model (purpose 'document') is the candidate's, with no attempt.
 */

export interface AiPrices {
  /** Per million prompt and completion tokens. */
  input: number;
  output: number;
  /** Per minute of audio recognised (server speech recognition). */
  speechMinute: number;
  /** Per million characters voiced (the server's interviewer voice). */
  voiceMillionCharacters: number;
}

/** The prices configured now (each call is priced when it is recorded). */
export function aiPrices(config: Config): AiPrices {
  return {
    input: config.AI_PRICE_INPUT,
    output: config.AI_PRICE_OUTPUT,
    speechMinute: config.STT_PRICE_MINUTE,
    voiceMillionCharacters: config.TTS_PRICE_MILLION_CHARACTERS,
  };
}

export function estimatedCost(
  call: Pick<AiCallUsage, 'provider' | 'usage' | 'speech'>,
  prices: AiPrices,
) {
  if (call.provider === 'builtin') return 0;
  const speech = call.speech
    ? (call.speech.seconds / 60) * prices.speechMinute +
      (call.speech.characters * prices.voiceMillionCharacters) / 1_000_000
    : 0;
  return (
    (call.usage.promptTokens * prices.input + call.usage.completionTokens * prices.output) /
      1_000_000 +
    speech
  );
}

/** Rows written per statement at most; a batch this full is written at once. */
export const USAGE_BATCH_MAX = 200;
/** How long a recorded call waits for others to share its statement. */
export const USAGE_FLUSH_MS = 250;

export interface BatchedUsageRecorder {
  record: UsageRecorder;
  /** Writes what is waiting now (shutdown, and tests that read the table). */
  flush: () => Promise<void>;
}

/**
 * The recorder the provider wrapper calls. Rows wait up to `flushMs` and are written together in
 * one statement: under load every answered turn records a call, and a statement of its own would
 * be one round trip in seven of the turn's (decision 028). Usage is analytics, not money owed (the
 * credit is charged on the attempt row, in the turn's transaction), so a crash may lose the last
 * quarter second of it. A failed write is logged, never thrown; a batch that fails (an attempt
 * deleted meanwhile) is written row by row, so one gone attempt does not lose the others' rows.
 */
export function createUsageRecorder(deps: {
  db: Db;
  prices: AiPrices;
  log: Logger;
  now: () => Date;
  flushMs?: number;
}): BatchedUsageRecorder {
  type Row = typeof aiUsage.$inferInsert;
  let waiting: Row[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing = Promise.resolve();

  const write = async (rows: Row[]) => {
    try {
      await deps.db.insert(aiUsage).values(rows);
    } catch (err) {
      if (rows.length === 1) {
        // The attempt may have gone with its account meanwhile; the call itself is done.
        deps.log.warn(
          { err, interviewId: rows[0]!.interviewId, userId: rows[0]!.userId },
          'could not record AI usage',
        );
        return;
      }
      for (const row of rows) await write([row]);
    }
  };
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = waiting;
    waiting = [];
    // One batch at a time, in order.
    writing = writing.then(() => (rows.length > 0 ? write(rows) : undefined));
    return writing;
  };
  const record: UsageRecorder = async (call) => {
    waiting.push({
      interviewId: call.interviewId,
      userId: call.interviewId ? null : (call.userId ?? null),
      purpose: call.purpose,
      provider: call.provider,
      model: call.model,
      promptTokens: call.usage.promptTokens,
      completionTokens: call.usage.completionTokens,
      speechSeconds: call.speech?.seconds ?? 0,
      speechCharacters: call.speech?.characters ?? 0,
      cost: estimatedCost(call, deps.prices),
      createdAt: deps.now(),
    });
    if (waiting.length >= USAGE_BATCH_MAX) void flush();
    else if (!timer) {
      timer = setTimeout(() => void flush(), deps.flushMs ?? USAGE_FLUSH_MS);
      timer.unref();
    }
  };
  return { record, flush };
}

const DAY_MS = 86_400_000;
const ZERO = {
  calls: 0,
  promptTokens: 0,
  completionTokens: 0,
  speechSeconds: 0,
  speechCharacters: 0,
  cost: 0,
};
const TOP = 20;

const figures = {
  calls: sql<number>`count(*)::int`,
  promptTokens: sql<number>`coalesce(sum(${aiUsage.promptTokens}), 0)::bigint`,
  completionTokens: sql<number>`coalesce(sum(${aiUsage.completionTokens}), 0)::bigint`,
  speechSeconds: sql<number>`coalesce(sum(${aiUsage.speechSeconds}), 0)::float8`,
  speechCharacters: sql<number>`coalesce(sum(${aiUsage.speechCharacters}), 0)::bigint`,
  cost: sql<number>`coalesce(sum(${aiUsage.cost}), 0)::float8`,
};

/** Numbers from the driver (bigint sums may arrive as strings), cost rounded to 1/10 000. */
function tidy<
  T extends {
    calls: unknown;
    promptTokens: unknown;
    completionTokens: unknown;
    speechSeconds: unknown;
    speechCharacters: unknown;
    cost: unknown;
  },
>(row: T) {
  return {
    ...row,
    calls: Number(row.calls),
    promptTokens: Number(row.promptTokens),
    completionTokens: Number(row.completionTokens),
    speechSeconds: Math.round(Number(row.speechSeconds) * 10) / 10,
    speechCharacters: Number(row.speechCharacters),
    cost: Math.round(Number(row.cost) * 10_000) / 10_000,
  };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** `GET /api/admin/analytics/usage`: the last `days` UTC days, today included. */
export async function usageReport(
  db: Db,
  prices: AiPrices,
  days: number,
  now: Date,
): Promise<AiUsageReport> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * DAY_MS);
  const inWindow = gte(aiUsage.createdAt, since);
  const day = sql<string>`to_char(${aiUsage.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

  const [totals] = await db.select(figures).from(aiUsage).where(inWindow);
  const perDay = await db
    .select({ date: day, ...figures })
    .from(aiUsage)
    .where(inWindow)
    .groupBy(day);
  const byDate = new Map(perDay.map((r) => [r.date, tidy(r)]));
  const byDay = Array.from({ length: days }, (_, i) => {
    const date = isoDay(new Date(since.getTime() + i * DAY_MS));
    const found = byDate.get(date);
    return found ?? { date, ...ZERO };
  });

  const tokens = sql`sum(${aiUsage.promptTokens} + ${aiUsage.completionTokens})`;
  const byCandidate = await db
    .select({
      userId: user.id,
      first: user.firstName,
      last: user.lastName,
      email: user.email,
      ...figures,
    })
    .from(aiUsage)
    // An attempt's calls are its owner's; a document's call names its candidate itself.
    .leftJoin(interviews, eq(interviews.id, aiUsage.interviewId))
    .innerJoin(user, eq(user.id, sql`coalesce(${aiUsage.userId}, ${interviews.userId})`))
    .where(inWindow)
    .groupBy(user.id)
    .orderBy(desc(figures.cost), desc(tokens), user.email)
    .limit(TOP);

  // A set deleted since keeps its attempts' title (one row per title, with no id). Documents read
  // before any attempt belong to no set: they count in the totals, the days and the candidates.
  const deletedTitle = sql`case when ${interviews.interviewSetId} is null then ${interviews.title} end`;
  const bySet = await db
    .select({
      interviewSetId: interviews.interviewSetId,
      title: sql<string>`coalesce(max(${interviewSets.title}), max(${interviews.title}))`,
      ...figures,
    })
    .from(aiUsage)
    .innerJoin(interviews, eq(interviews.id, aiUsage.interviewId))
    .leftJoin(interviewSets, eq(interviewSets.id, interviews.interviewSetId))
    .where(inWindow)
    .groupBy(interviews.interviewSetId, deletedTitle)
    .orderBy(desc(figures.cost), desc(tokens))
    .limit(TOP);

  return {
    days,
    prices,
    totals: tidy(totals ?? ZERO),
    byDay,
    byCandidate: byCandidate.map(({ first, last, ...r }) => ({
      ...tidy(r),
      name: `${first} ${last}`.trim(),
    })),
    bySet: bySet.map((r) => tidy(r)),
  };
}

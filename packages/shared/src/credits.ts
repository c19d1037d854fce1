import { z } from 'zod';

/*
 * Credits and AI usage (issue 17, decision 025):
 *   GET /api/user/stats                         → UserStats with creditsUsed, creditsLimit, creditsPeriod
 *   GET /api/admin/settings/credits             → CreditSettings
 *   PUT /api/admin/settings/credits { creditsLimit: n | null }        → CreditSettings
 *   GET /api/admin/candidates/:id/credits       → CandidateCredits
 *   PUT /api/admin/candidates/:id/credits { creditsLimit: n | null }  → CandidateCredits
 *   GET /api/admin/analytics/usage?days=30      → AiUsageReport
 * An interview costs one credit, charged when its first answer is stored. A limit of 0 is
 * unlimited; null (in a setting) follows the level above it: candidate → platform → environment.
 */

export const CREDIT_PERIODS = ['month', 'none'] as const;
export type CreditPeriod = (typeof CREDIT_PERIODS)[number];

/** The largest limit an administrator may set (a typo guard, not a business rule). */
export const CREDITS_LIMIT_MAX = 100_000;

/** The machine code of the refusal (403 on the API; the live channel's `credits_exhausted`). */
export const CREDITS_EXHAUSTED = 'CREDITS_EXHAUSTED';

const plural = (n: number) => (n === 1 ? 'interview' : 'interviews');

/** "this month" or nothing: the words after a count of credits. */
function periodWords(period: CreditPeriod): string {
  return period === 'month' ? ' this month' : '';
}

/**
 * What a limited candidate reads on the dashboard and the pre-start screen: "2 of 5 interviews
 * left this month". Null when the candidate is not limited (nothing is shown).
 */
export function creditsLeftText(
  used: number,
  limit: number | null,
  period: CreditPeriod,
): string | null {
  if (limit === null) return null;
  const left = Math.max(0, limit - used);
  return `${left} of ${limit} ${plural(limit)} left${periodWords(period)}`;
}

/** The first day of the next period, e.g. "1 December" (month periods only). */
export function nextPeriodStartText(now: Date): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return next.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
}

/** Why starting (or answering in) a new interview was refused, in the candidate's words. */
export function creditsExhaustedMessage(limit: number, period: CreditPeriod, now: Date): string {
  const none = `You have no interviews left${periodWords(period)} (your limit is ${limit}).`;
  const next =
    period === 'month'
      ? ` More become available on ${nextPeriodStartText(now)}; your administrator can also raise your limit.`
      : ' Your administrator can raise your limit.';
  return none + next;
}

const limitValue = z
  .number({ error: 'creditsLimit must be a whole number' })
  .int('creditsLimit must be a whole number')
  .min(0, 'creditsLimit must be 0 (unlimited) or more')
  .max(CREDITS_LIMIT_MAX, `creditsLimit must be at most ${CREDITS_LIMIT_MAX}`);

/** An administrator's limit: a number (0 unlimited), or null to follow the level above. */
export const creditsLimitBodySchema = z.object({
  creditsLimit: limitValue.nullable(),
});
export type CreditsLimitBody = z.infer<typeof creditsLimitBodySchema>;

export const creditSettingsSchema = z.object({
  /** The administrators' limit for everyone; null follows the environment's default. */
  creditsLimit: z.number().int().nullable(),
  /** CREDITS_DEFAULT_LIMIT (0 unlimited). */
  defaultLimit: z.number().int(),
  /** The limit in force for a candidate without their own (0 unlimited). */
  effectiveLimit: z.number().int(),
  period: z.enum(CREDIT_PERIODS),
});
export type CreditSettings = z.infer<typeof creditSettingsSchema>;

export const candidateCreditsSchema = z.object({
  userId: z.string(),
  /** Credits used in the current period. */
  creditsUsed: z.number().int(),
  /** The candidate's own limit; null follows the platform's. */
  ownLimit: z.number().int().nullable(),
  /** The limit in force for them; null when unlimited. */
  creditsLimit: z.number().int().nullable(),
  /** The platform's limit they follow without their own (0 unlimited). */
  platformLimit: z.number().int(),
  period: z.enum(CREDIT_PERIODS),
});
export type CandidateCredits = z.infer<typeof candidateCreditsSchema>;

export const AI_USAGE_DAY_OPTIONS = [7, 30, 90, 365] as const;

export const aiUsageQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a whole number' })
    .int('days must be a whole number')
    .refine((d) => (AI_USAGE_DAY_OPTIONS as readonly number[]).includes(d), {
      error: `days must be one of ${AI_USAGE_DAY_OPTIONS.join(', ')}`,
    })
    .default(30),
});
export type AiUsageQuery = z.input<typeof aiUsageQuerySchema>;

const usageFigures = {
  calls: z.number().int(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  /** Server speech: seconds of answers recognised, characters of replies voiced. */
  speechSeconds: z.number(),
  speechCharacters: z.number().int(),
  /** Estimated, in the currency of the configured prices. */
  cost: z.number(),
};

export const aiUsageReportSchema = z.object({
  days: z.number().int(),
  /**
   * Per million tokens (AI_PRICE_INPUT, AI_PRICE_OUTPUT), per minute recognised
   * (STT_PRICE_MINUTE), per million characters voiced (TTS_PRICE_MILLION_CHARACTERS).
   */
  prices: z.object({
    input: z.number(),
    output: z.number(),
    speechMinute: z.number(),
    voiceMillionCharacters: z.number(),
  }),
  totals: z.object(usageFigures),
  /** Every day of the window, oldest first (UTC dates, YYYY-MM-DD), zero when nothing ran. */
  byDay: z.array(z.object({ date: z.string(), ...usageFigures })),
  /** The costliest first (then most tokens); at most 20. */
  byCandidate: z.array(
    z.object({ userId: z.string(), name: z.string(), email: z.string(), ...usageFigures }),
  ),
  /** The costliest first; a deleted set keeps its attempts' title with a null id. */
  bySet: z.array(
    z.object({ interviewSetId: z.string().nullable(), title: z.string(), ...usageFigures }),
  ),
});
export type AiUsageReport = z.infer<typeof aiUsageReportSchema>;

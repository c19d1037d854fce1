import { z } from 'zod';
import { AI_USAGE_DAY_OPTIONS, CREDIT_PERIODS, CREDITS_LIMIT_MAX } from './credit-limits';

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

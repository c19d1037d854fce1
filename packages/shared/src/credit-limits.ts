/*
 * Credits in words and numbers, without a schema: what the dashboard and the pre-start screen
 * show loads without zod (credits.ts, the API's schemas, builds on these).
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

/** The windows of the administrators' AI usage report, in days. */
export const AI_USAGE_DAY_OPTIONS = [7, 30, 90, 365] as const;

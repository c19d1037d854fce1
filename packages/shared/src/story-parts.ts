/*
 * A story's parts and limits and which stories fit a set, without a schema: the pre-start
 * screen and the report use them without loading zod (stories.ts, the API's schemas, builds on
 * these).
 */

export const STORY_LIMITS = {
  /** Stories one candidate keeps. */
  max: 100,
  titleMax: 120,
  partMax: 2_000,
  skillsMax: 12,
  skillMax: 60,
} as const;

export const STAR_PARTS = ['situation', 'task', 'action', 'result'] as const;
export type StarPart = (typeof STAR_PARTS)[number];

/** The stories whose skills meet the given ones (a set's topics), best fit first. */
export function storiesThatFit<T extends { skills: string[] }>(list: T[], skills: string[]): T[] {
  const wanted = new Set(skills.map((s) => s.trim().toLowerCase()));
  return list
    .map((story) => ({
      story,
      n: story.skills.filter((s) => wanted.has(s.trim().toLowerCase())).length,
    }))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n)
    .map((x) => x.story);
}

import { SKILLS, type Skill } from './skills-vocabulary';

/**
 * Which skills of the vocabulary (skills-vocabulary.ts) a text names: the builtin reading of a job
 * advert and of a résumé (modules/tailored) and the report's job fit (job-fit.ts) all find them
 * this one way.
 */

const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * All aliases in one alternation per case rule, longest first, so that at any position the longest
 * name wins ("React Native" before "React") and the text is scanned once, not once per alias.
 * Not inside a longer word, nor right after a dot ("js" in "Node.js"), nor before + or #.
 */
function aliasPattern(pairs: readonly (readonly [string, Skill])[], flags: string) {
  const byAlias = new Map<string, Skill>();
  const key = (alias: string) => (flags.includes('i') ? alias.toLowerCase() : alias);
  for (const [alias, skill] of pairs) byAlias.set(key(alias), skill);
  const alternation = [...byAlias.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');
  return {
    re: new RegExp(`(?<![\\p{L}\\p{N}+#.])(?:${alternation})(?![\\p{L}\\p{N}+#])`, flags),
    skillOf: (match: string) => byAlias.get(key(match))!,
  };
}

const namesOf = (skill: Skill) => [skill.name, ...skill.aliases];
const EXACT = aliasPattern(
  SKILLS.flatMap((k) =>
    [...(k.exactCase ? namesOf(k) : []), ...(k.exactAliases ?? [])].map(
      (alias) => [alias, k] as const,
    ),
  ),
  'gu',
);
const ANY_CASE = aliasPattern(
  SKILLS.filter((k) => !k.exactCase).flatMap((k) => namesOf(k).map((alias) => [alias, k] as const)),
  'giu',
);

/** One place a text names a skill: where, and as which skill. */
export interface SkillMention {
  skill: Skill;
  start: number;
  end: number;
}

/** Every mention of a skill in a text, in order; a longer alias wins its span. */
export function skillMentions(text: string): SkillMention[] {
  const found: SkillMention[] = [];
  for (const { re, skillOf } of [EXACT, ANY_CASE]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (found.some((f) => start < f.end && end > f.start)) continue;
      found.push({ skill: skillOf(m[0]), start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The skills a piece of text names, in order of first mention; a longer alias wins its span. */
export function skillsIn(text: string): Skill[] {
  const out: Skill[] = [];
  for (const { skill } of skillMentions(text)) if (!out.includes(skill)) out.push(skill);
  return out;
}

import type { StarPart, StoryUse } from '@candor/shared';
import { frequencyRank } from '../../ai/builtin/embeddings';
import { analyse } from '../../ai/builtin/nlp';
import { actions, storyEvidence } from '../../ai/builtin/story';

/**
 * Which saved story a behavioural answer told, and whether it covered each STAR part (issue 30,
 * decision 045), by the builtin reader: no model needed, the same answer always gives the same
 * verdict. A model, where the report uses one, judges the same (model-match.ts) and falls back
 * to this.
 */

/** A saved story as the matcher reads it. */
export interface StoryText {
  id: string;
  title: string;
  situation: string;
  task: string;
  action: string;
  result: string;
}

/**
 * The share of a story's words (weighted by how rare they are) that the answer says, at or above
 * which the answer tells that story. Chosen on the tuned part of the corpus (matching/tuned.json);
 * measured once on the held-out part (decision 045).
 */
export const STORY_MATCH_MIN = 0.21;

/** Parts of speech that carry what a story is about. */
const CONTENT = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'NUM']);

/**
 * How much a word says about which story it is: common words ("team", "work", "time") little,
 * rare ones ("canary", "Stripe", "rota") much. Words the vectors do not know (names, products) are
 * taken as rare.
 */
function rarity(word: string): number {
  const rank = frequencyRank(word);
  if (rank === null) return 4;
  return Math.min(5, Math.max(0.3, Math.log2(1 + rank / 400)));
}

/** The text's content words (by concept: synonyms are one), each with its rarity. */
export function wordsOf(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of analyse(text).tokens) {
    if (t.stop || !CONTENT.has(t.pos) || t.weight === 0) continue;
    const key = t.concept || t.lemma;
    if (!out.has(key)) out.set(key, rarity(t.lemma.toLowerCase()));
  }
  return out;
}

/** How much of the story the answer tells: the weighted share of the story's words it says. */
export function storyCoverage(answer: Map<string, number>, story: StoryText): number {
  const told = wordsOf(
    [story.title, story.situation, story.task, story.action, story.result].join('. '),
  );
  let all = 0;
  let said = 0;
  for (const [word, weight] of told) {
    all += weight;
    if (answer.has(word)) said += weight;
  }
  return all === 0 ? 0 : said / all;
}

/** The story the answer tells, if any: the best covered one at STORY_MATCH_MIN or more. */
export function matchingStory<S extends StoryText>(
  answer: string,
  stories: readonly S[],
): { story: S; coverage: number } | null {
  if (!answer.trim() || stories.length === 0) return null;
  const words = wordsOf(answer);
  let best: { story: S; coverage: number } | null = null;
  for (const story of stories) {
    const coverage = storyCoverage(words, story);
    if (!best || coverage > best.coverage) best = { story, coverage };
  }
  return best && best.coverage >= STORY_MATCH_MIN ? best : null;
}

/**
 * Each STAR part of the answer: the first sentence that tells it, or null ("missing"). The action
 * is the first sentence where the candidate acts in the first person ("I wrote", "I added"): one
 * is enough to have told it (the rubric asks more of it, for the score).
 */
export function starEvidence(answer: string): Record<StarPart, string | null> {
  const a = analyse(answer);
  const found = storyEvidence(a);
  const acted =
    found.action ??
    a.sentences.find(
      (_, i) => actions({ ...a, tokens: a.tokens.filter((t) => t.sentence === i) }, 'i').length > 0,
    ) ??
    null;
  return {
    situation: found.situation,
    task: found.task,
    action: acted,
    result: found.result,
  };
}

/** The builtin verdict on one behavioural answer. */
export function builtinStoryUse(answer: string, stories: readonly StoryText[]): StoryUse {
  const match = matchingStory(answer, stories);
  return {
    story: match ? { id: match.story.id, title: match.story.title } : null,
    star: starEvidence(answer),
    judgedBy: 'builtin',
  };
}

import type { KeyPoint } from '@candor/shared';
import { coverKeyPoints } from './key-points';
import { analyse } from './nlp';
import { storyEvidence } from './story';

/**
 * Key points of a behavioural question are often what a good story does ("Ends with a measurable
 * result", "States their own responsibility") rather than words it says, so matching words alone
 * would call them missed when the story plainly has them. A point that names a part of a STAR
 * story is covered when the story tells that part (and quotes the sentence that does); every other
 * point ("Used data to decide") is matched on its words as usual.
 */

const PARTS: [keyof ReturnType<typeof storyEvidence>, RegExp][] = [
  ['learning', /\b(learn\w*|lessons?)\b/i],
  ['result', /\b(results?|outcomes?|impact)\b/i],
  ['action', /\b(actions?|steps? (they|you) took|what (they|you) did|personally (did|took))\b/i],
  ['task', /\b(task|responsibilit\w*|role|their (own )?part)\b/i],
  ['situation', /\b(situation|context|background)\b/i],
];
const MEASURABLE = /\b(measurable|numbers?|metrics?|quantified)\b/i;
const HAS_NUMBER =
  /\b(\d+|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|fifty|hundred|thousand|half|percent)\b/i;

export function coverStoryPoints(points: string[], answer: string, question?: string): KeyPoint[] {
  const story = storyEvidence(analyse(answer));
  return coverKeyPoints(points, answer, question, { byActions: true }).map((k) => {
    if (k.coverage === 'covered') return k;
    const part = PARTS.find(([, re]) => re.test(k.point))?.[0];
    const evidence = part ? story[part] : null;
    if (!part || !evidence) return k;
    if (part === 'result' && MEASURABLE.test(k.point) && !HAS_NUMBER.test(evidence)) {
      return {
        ...k,
        covered: false,
        coverage: 'partial',
        evidence,
        note: 'A result, but not a measurable one: say how much changed.',
      };
    }
    return { ...k, covered: true, coverage: 'covered', evidence, note: null };
  });
}

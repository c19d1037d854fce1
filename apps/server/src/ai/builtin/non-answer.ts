import { analyse } from './nlp';

/**
 * Non-answers: "I don't know", "no idea", "pass", "can we skip this one?". They are not scored as
 * answers (an "I don't know" once got 28 points): the question counts as not answered. A real
 * attempt that starts unsure ("I'm not sure, but I think an index is a B-tree…") is an answer,
 * scored with its hedging; only a reply that says nothing beyond declining is a non-answer.
 */

/** Phrases that decline to answer, wherever they appear in a short reply. */
const DECLINES = [
  /\bi (?:really |honestly |just |actually )?(?:do not|don'?t|dont) (?:really |actually |quite |exactly |honestly )?know\b/,
  /\b(?:i'?m|i am) (?:really |honestly |just |actually )?not (?:really |quite |too |totally |entirely )?sure\b/,
  /^(?:honestly,? )?not sure\b/,
  /\bno (?:idea|clue)\b/,
  /\bi have no (?:idea|clue)\b/,
  /\bnot a clue\b/,
  /\bi (?:can'?t|cannot|can not|don'?t) (?:really )?(?:remember|recall)\b/,
  /\bi (?:can'?t|cannot|can not) (?:really )?(?:answer|say|think of)\b/,
  /\b(?:nothing|none) comes? to mind\b/,
  /\bi don'?t have (?:an?|any) (?:answer|example|story)\b/,
  /\bi(?: haven'?t| have not| ?'?ve never| have never| never) (?:really |actually |ever )?(?:\w+ed|heard|done|had|seen|been|used|worked|written|built|made|thought|run|got)\b/,
  /\b(?:can|could) we (?:skip|move on|go to the next)\b/,
  /\b(?:let'?s|i'?d (?:rather|like to)|i'?ll|i want to|i will) (?:just )?(?:skip|pass)\b/,
  /\bskip (?:this|that|it)\b/,
  /\bnext question\b/,
  /\bmove on\b/,
  /\bnot my (?:area|strength|thing)\b/,
  /\bgoogle it\b/,
  /\bi always (?:get (?:those|them|these) mixed up|look (?:those|them|it) up)\b/,
  /\bi'?m not (?:familiar|sure how to answer)\b/,
];

/** Whole replies that decline: "Pass.", "Skip.", "Next." */
const WHOLE_DECLINE =
  /^(?:i'?ll )?(?:pass|skip|next|no|nope|nothing|dunno|idk)(?: (?:on (?:this|that)(?: one)?|please|for now))?$/;

/** Words that fill a reply without saying anything. */
const FILLER =
  /\b(?:um+|uh+|erm|er|hmm+|ah+|oh|okay|ok|alright|so|well|sorry|honestly|to be honest|really|good question|great question|yeah|yes|right|i mean|like|actually|basically|just|one|this|that|question|please|again|one sec|let me think)\b/g;

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** How many words of the reply say something once declines and fillers are taken out. */
function substance(text: string): number {
  let rest = normalise(text);
  for (const d of DECLINES) rest = rest.replace(new RegExp(d.source, 'g'), ' ');
  rest = rest.replace(FILLER, ' ');
  return analyse(rest).tokens.filter((t) => t.weight >= 0.6).length;
}

/**
 * The words with which the candidate declined ("I don't know"), or null when the reply is an
 * answer. A reply is a non-answer when it declines and, apart from that, says next to nothing.
 */
export function nonAnswer(answer: string): string | null {
  const text = normalise(answer);
  if (text === '') return null;
  if (WHOLE_DECLINE.test(text.replace(FILLER, ' ').replace(/\s+/g, ' ').trim())) {
    return answer.trim();
  }
  const decline = DECLINES.map((d) => d.exec(text)).find((m) => m !== null);
  if (!decline) return null;
  const words = text.split(' ').length;
  // A short reply around a decline ("I haven't done pagination, so I don't really know") declines;
  // a longer one that goes on to explain is an answer, however unsure.
  if (words <= 16 && substance(answer) <= 3) return decline[0];
  if (words <= 10) return decline[0];
  return null;
}

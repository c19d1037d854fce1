/** Small, deterministic text tools for the builtin interviewer and evaluator. */

const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further had
has have having he her here hers him his how i if in into is it its itself just me more most my
no nor not now of off on once only or other our ours out over own same she should so some such
than that the their theirs them then there these they this those through to too under until up
very was we were what when where which while who whom why will with would you your yours yes
also well really thing things get got like use used using one two way lot make makes made us let
i'm it's that's don't can't we're you're there's`.split(/\s+/),
);

export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+#'./-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A crude stemmer: enough to match "caches"/"caching"/"cached" to one stem, the same way every time. */
export function stem(word: string): string {
  let w = word
    .toLowerCase()
    .replace(/'s$/, '')
    .replace(/[.'-]+$/, '');
  if (w.length > 5 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith('es') && !w.endsWith('ses')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ly')) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

export function tokens(text: string): string[] {
  return normalise(text)
    .split(' ')
    .map((t) => t.replace(/^[./-]+|[./-]+$/g, ''))
    .filter(Boolean);
}

/** Stems of the words that carry meaning (no stopwords, no one-letter words). */
export function contentStems(text: string): string[] {
  return tokens(text)
    .filter((t) => t.length > 1 && !STOPWORDS.has(t))
    .map(stem);
}

/** Sentences of the original text, verbatim (whitespace collapsed); long run-ons split in ~30-word windows. */
export function sentences(text: string): string[] {
  const parts = text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?;])\s+/)
    .filter((s) => s.trim() !== '');
  const out: string[] = [];
  for (const part of parts) {
    const ws = part.split(' ');
    if (ws.length <= 40) out.push(part);
    else for (let i = 0; i < ws.length; i += 30) out.push(ws.slice(i, i + 30).join(' '));
  }
  return out;
}

/** True when the (normalised) phrase occurs in the (normalised) text as whole words. */
export function containsPhrase(text: string, phrase: string): boolean {
  const t = ` ${tokens(text).map(stem).join(' ')} `;
  const p = tokens(phrase).map(stem).join(' ');
  return p !== '' && t.includes(` ${p} `);
}

/** Counts whole-word regex matches. */
export function countMatches(text: string, pattern: RegExp): number {
  return (text.toLowerCase().match(pattern) ?? []).length;
}

/** A stable 32-bit hash, so "random" choices are the same for the same input. */
export function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export const clamp = (n: number, lo = 0, hi = 100) => Math.round(Math.min(hi, Math.max(lo, n)));

export function truncate(text: string, max = 200): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20));
}

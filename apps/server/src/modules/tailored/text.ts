/**
 * The first `max` characters of a text, never cutting a character in two: a plain `slice` can keep
 * half of an emoji's surrogate pair, which PostgreSQL refuses to store as UTF-8.
 */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const kept = text.slice(0, max);
  // A high surrogate at the end lost its low half: drop it.
  return /[\ud800-\udbff]$/.test(kept) ? kept.slice(0, -1) : kept;
}

/**
 * The one sentence rule of the live interview: the server chunks a reply into sentences with it
 * (one `reply.delta` per sentence) and the browser speaks sentence by sentence with it. A sentence
 * ends at . ! or ? (and any closing quote or bracket) followed by white space, so the point in
 * "2.5" does not end one and the last sentence of a text may have no full stop.
 */
const SENTENCE_END = /[.!?]+["')\]]*\s+/g;
const ENDS_SENTENCE = new RegExp(`(?:${SENTENCE_END.source})$`);

/**
 * A whole text in its sentences, in order, losing no character: each chunk keeps the white space
 * after its sentence, so the chunks joined are the text (trim one to say it). The last chunk is
 * whatever follows the last sentence end, complete or not (see `endsSentence`).
 */
export function splitSentences(text: string): string[] {
  const chunks: string[] = [];
  const re = new RegExp(SENTENCE_END);
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const end = m.index + m[0].length;
    chunks.push(text.slice(last, end));
    last = end;
  }
  if (last < text.length) chunks.push(text.slice(last));
  return chunks;
}

/**
 * The text ends where a sentence does: a streamed text's last chunk is complete, not a sentence
 * still being written ("It took 2." may go on as "2.5 seconds").
 */
export function endsSentence(text: string): boolean {
  return ENDS_SENTENCE.test(text);
}

/**
 * The sentences of a written or spoken text, trimmed, empty ones left out: the same rule as
 * `splitSentences`, for reading rather than streaming (quotes, evidence, adverts). A line break
 * also ends one: an advert's bullet or a résumé's line is a sentence of its own.
 */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .flatMap((line) => splitSentences(line))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

import type { TranscriptEntry } from '../hooks/use-live-interview';

/**
 * The question the candidate is answering, from the interviewer's latest words: what follows
 * "…question:" in the fixed flow ("Let's move on to the next question: What is a closure?"), else
 * the sentences from the first to the last that ask something, else the whole message (a prompt
 * such as "Tell me about yourself." or the closing). `asks` says whether it is a question.
 */
export function currentQuestion(text: string): { text: string; asks: boolean } {
  const t = text.trim();
  const lead = /\bquestion:\s*/gi;
  let after = -1;
  for (let m = lead.exec(t); m; m = lead.exec(t)) after = m.index + m[0].length;
  if (after >= 0 && t.slice(after).trim()) return { text: t.slice(after).trim(), asks: true };
  const sentences = t.match(/[^.!?]+[.!?]*["')\]]*(\s+|$)/g)?.map((s) => s.trim()) ?? [];
  const first = sentences.findIndex((s) => s.includes('?'));
  if (first < 0) return { text: t, asks: false };
  const last = sentences.findLastIndex((s) => s.includes('?'));
  return { text: sentences.slice(first, last + 1).join(' '), asks: true };
}

/** Always on screen (desktop and phone), beside or above the interviewer: what is being asked. */
export function CurrentQuestion({
  messages,
  streaming,
}: {
  messages: TranscriptEntry[];
  streaming: string | null;
}) {
  const latest = streaming?.trim() || messages.findLast((m) => m.speaker === 'AI')?.message;
  // Before the interviewer's first words, the card's place is kept (empty, unseen), so their
  // arrival does not push the rest of the screen down (no layout shift).
  if (!latest)
    return (
      <section
        aria-hidden
        className="invisible w-full max-w-2xl rounded-lg border px-4 py-3"
        data-testid="current-question-placeholder"
      >
        <p className="text-xs">&nbsp;</p>
        <p className="mt-1 text-base sm:text-lg">&nbsp;</p>
      </section>
    );
  const question = currentQuestion(latest);
  return (
    <section
      aria-labelledby="current-question-title"
      className="w-full max-w-2xl rounded-lg border border-border bg-card px-4 py-3 text-left shadow-sm"
      data-testid="current-question"
    >
      <h2
        id="current-question-title"
        className="text-xs font-semibold uppercase tracking-wide text-muted-foreground"
      >
        {question.asks ? 'Current question' : 'The interviewer said'}
      </h2>
      <p className="mt-1 text-base font-medium sm:text-lg">{question.text}</p>
    </section>
  );
}

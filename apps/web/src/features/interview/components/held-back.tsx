import { Send, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * Words held back as a possible echo of the interviewer: shown, never dropped unseen. The
 * candidate sends them with the answer ("Send anyway") or drops them ("Discard").
 */
export function HeldBack({
  words,
  onSend,
  onDiscard,
}: {
  words: string;
  onSend: () => void;
  onDiscard: () => void;
}) {
  return (
    <section
      aria-labelledby="held-back-title"
      className="w-full max-w-xl rounded-lg border border-amber-500/50 bg-amber-50 px-4 py-3 text-left text-sm text-amber-950 dark:bg-amber-500/10 dark:text-amber-100"
      data-testid="held-back"
    >
      <h2 id="held-back-title" className="font-semibold">
        Held back: this sounded like the interviewer’s own voice
      </h2>
      <blockquote className="mt-1 border-l-2 border-amber-500/60 pl-3 italic">{words}</blockquote>
      <p className="mt-1 text-xs">If you said it, send it; otherwise discard it.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" onClick={onSend}>
          <Send aria-hidden /> Send anyway
        </Button>
        <Button size="sm" variant="outline" onClick={onDiscard}>
          <Trash2 aria-hidden /> Discard
        </Button>
      </div>
    </section>
  );
}

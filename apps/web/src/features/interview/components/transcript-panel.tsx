import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { TranscriptEntry } from '../hooks/use-live-interview';
import { formatTime } from '@/lib/format-date';
import type { PanelStatus } from './live-status';

/** The end of what was heard, enough to find the place in the text. */
function lastWords(heard: string, count = 6): string {
  const words = heard.trim().split(/\s+/);
  return words.length > count ? `…${words.slice(-count).join(' ')}` : words.join(' ');
}

function Entry({ m }: { m: TranscriptEntry }) {
  const interviewer = m.speaker === 'AI';
  const interrupted = m.heard !== undefined && m.heard !== m.message;
  return (
    <li
      data-speaker={m.speaker}
      className={cn(
        'rounded-lg p-3',
        interviewer ? 'bg-muted' : 'bg-primary/10 dark:bg-primary/15',
        m.failed && 'border border-destructive/50',
      )}
    >
      <p className="mb-1 flex justify-between gap-2 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">{interviewer ? 'Interviewer' : 'You'}</span>
        <time dateTime={m.timestamp}>{formatTime(m.timestamp, { seconds: true })}</time>
      </p>
      {/* Always the whole text: an interrupted question must still be readable. */}
      <p className="whitespace-pre-wrap">{m.message}</p>
      {interrupted ? (
        <p className="mt-1 text-xs italic text-muted-foreground" data-testid="interrupted">
          Interrupted
          {m.heard ? ` — you heard up to “${lastWords(m.heard)}”` : ' before it was heard'}
        </p>
      ) : null}
      {m.sending ? <p className="mt-1 text-xs text-muted-foreground">Sending…</p> : null}
      {m.failed ? (
        <p className="mt-1 text-xs text-destructive">Not saved — please give this answer again.</p>
      ) : null}
    </li>
  );
}

/** The transcript side panel: message count, category, entries, status line, End Interview. */
export function TranscriptPanel({
  messages,
  streaming,
  categoryName,
  status,
  onEnd,
}: {
  messages: TranscriptEntry[];
  streaming: string | null;
  categoryName: string;
  status: PanelStatus;
  onEnd: () => void;
}) {
  const endRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, streaming]);

  return (
    <aside
      className="flex max-h-[55vh] w-full flex-col border-t border-border bg-card lg:max-h-none lg:w-96 lg:border-l lg:border-t-0"
      aria-label="Transcript"
    >
      <div className="border-b border-border px-4 py-3">
        <h2 className="font-semibold">Transcript</h2>
        <p className="text-xs text-muted-foreground">
          {messages.length} {messages.length === 1 ? 'message' : 'messages'} · {categoryName}
        </p>
      </div>
      <ol className="flex-1 space-y-3 overflow-y-auto p-4 text-sm" data-testid="transcript">
        {messages.map((m) => (
          <Entry key={m.id} m={m} />
        ))}
        {streaming ? (
          <li className="rounded-lg bg-muted p-3" data-streaming>
            <p className="mb-1 text-xs font-semibold">Interviewer</p>
            <p>{streaming}</p>
          </li>
        ) : null}
        <li ref={endRef} aria-hidden />
      </ol>
      <div className="border-t border-border p-4">
        <p className="mb-2 text-xs text-muted-foreground">
          Status: <span className="font-medium text-foreground">{status}</span>
        </p>
        <Button variant="destructive" className="w-full" onClick={onEnd}>
          End Interview
        </Button>
      </div>
    </aside>
  );
}

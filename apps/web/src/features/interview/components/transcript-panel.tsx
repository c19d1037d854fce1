import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { TranscriptEntry } from '../hooks/use-live-interview';
import { formatTime } from '@/lib/format-date';
import type { PanelStatus } from './live-status';

/** What the disclosure of an interrupted message's whole text is called, by what it was. */
function fullTextName(m: TranscriptEntry): string {
  const kind = m.meta?.kind;
  return kind === 'question' || kind === 'follow-up' || kind === 'intro' || kind === 'repeat'
    ? 'the full question'
    : 'the full reply';
}

/**
 * An interviewer message the candidate cut off: what they heard, marked where it stopped, and the
 * whole text behind a disclosure button (keyboard and screen readers: aria-expanded), so an
 * interrupted question stays readable.
 */
function Interrupted({ m }: { m: TranscriptEntry }) {
  const [open, setOpen] = useState(false);
  const fullId = `full-text-${m.id}`;
  const name = fullTextName(m);
  return (
    <>
      {m.heard ? (
        <p className="whitespace-pre-wrap" data-testid="heard">
          {m.heard}
          <span aria-hidden>…</span>
        </p>
      ) : null}
      <p className="mt-1 text-xs italic text-muted-foreground" data-testid="interrupted">
        {m.heard
          ? 'Interrupted: you stopped the interviewer here.'
          : 'Interrupted before it was heard.'}
      </p>
      <button
        type="button"
        className="mt-1 cursor-pointer rounded-sm text-xs font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-expanded={open}
        aria-controls={fullId}
        onClick={() => setOpen(!open)}
      >
        {open ? `Hide ${name}` : `Show ${name}`}
      </button>
      <p
        id={fullId}
        hidden={!open}
        className="mt-1 whitespace-pre-wrap text-sm"
        data-testid="full-text"
      >
        {m.message}
      </p>
    </>
  );
}

function Entry({ m }: { m: TranscriptEntry }) {
  const interviewer = m.speaker === 'AI';
  const interrupted = interviewer && m.heard !== undefined && m.heard.trim() !== m.message.trim();
  return (
    <li
      data-speaker={m.speaker}
      data-interrupted={interrupted || undefined}
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
      {interrupted ? <Interrupted m={m} /> : <p className="whitespace-pre-wrap">{m.message}</p>}
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

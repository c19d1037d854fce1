import type { ConversationMessage } from '@candor/shared';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatTime } from '@/lib/format-date';

/** Cut off: what the candidate heard of an interviewer line, not the words they never heard. */
const wasCut = (m: ConversationMessage) =>
  m.speaker === 'AI' && m.meta?.heard !== undefined && m.meta.heard.trim() !== m.message.trim();

/**
 * One line as it was said. An interviewer line the candidate interrupted shows what they heard,
 * marked where it stopped (as the live transcript does), the whole text one click away.
 */
function Said({ m }: { m: ConversationMessage }) {
  if (m.speaker === 'User' && m.meta?.corrected) return <Corrected m={m} />;
  if (!wasCut(m)) return <p className="mt-0.5 whitespace-pre-wrap">{m.message}</p>;
  const heard = m.meta?.heard?.trim();
  return (
    <>
      {heard ? (
        <p className="mt-0.5 whitespace-pre-wrap" data-testid="heard">
          {heard}
          <span aria-hidden>…</span>
        </p>
      ) : null}
      <details className="mt-1 text-xs">
        <summary className="cursor-pointer italic text-muted-foreground">
          {heard
            ? 'Interrupted: you stopped the interviewer here.'
            : 'Interrupted before it was heard.'}{' '}
          <span className="not-italic font-medium text-primary">Show the full text</span>
        </summary>
        <p className="mt-1 whitespace-pre-wrap text-sm">{m.message}</p>
      </details>
    </>
  );
}

/**
 * A spoken answer the candidate corrected on "Check your answers": the corrected text (what the
 * report scored), and what was recognised one click away.
 */
function Corrected({ m }: { m: ConversationMessage }) {
  return (
    <>
      <p className="mt-0.5 whitespace-pre-wrap">{m.message}</p>
      {m.meta?.original !== undefined ? (
        <details className="mt-1 text-xs">
          <summary className="cursor-pointer italic text-muted-foreground">
            You corrected this answer.{' '}
            <span className="not-italic font-medium text-primary">Show what was recognised</span>
          </summary>
          <p className="mt-1 whitespace-pre-wrap text-sm" data-testid="recognised">
            {m.meta.original}
          </p>
        </details>
      ) : null}
    </>
  );
}

/**
 * The whole conversation of the attempt. Shown under a report, and also while the report is
 * generating or after it failed, so the candidate never loses what was said.
 */
export function TranscriptCard({
  messages,
  isError,
  recordings,
}: {
  messages: ConversationMessage[] | undefined;
  isError: boolean;
  /** The play URL of each answer whose audio was kept, by message id (issue 14). */
  recordings?: ReadonlyMap<string, string>;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Transcript</CardTitle>
        {messages ? (
          <CardDescription>
            {messages.length} {messages.length === 1 ? 'message' : 'messages'}
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent>
        {messages ? (
          <ol className="space-y-3 text-sm" aria-label="Transcript">
            {messages.map((m) => (
              <li key={m.id}>
                <span className="font-semibold">{m.speaker === 'AI' ? 'Interviewer' : 'You'}</span>{' '}
                <time dateTime={m.timestamp} className="text-xs text-muted-foreground">
                  {formatTime(m.timestamp, { seconds: true })}
                </time>
                {m.meta?.mode === 'typed' ? (
                  <span className="ml-1 text-xs text-muted-foreground">(typed)</span>
                ) : null}
                {m.speaker === 'User' && m.meta?.corrected ? (
                  <Badge tone="blue" className="ml-1">
                    Corrected
                  </Badge>
                ) : null}
                <Said m={m} />
                {recordings?.get(m.id) ? (
                  <audio
                    controls
                    preload="metadata"
                    src={recordings.get(m.id)}
                    className="mt-1 h-9 w-full max-w-md"
                    aria-label={`Play your answer from ${formatTime(m.timestamp, { seconds: true })}`}
                  />
                ) : null}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">
            {isError ? 'The transcript could not be loaded.' : 'Loading transcript...'}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

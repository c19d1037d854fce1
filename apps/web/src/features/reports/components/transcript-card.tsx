import type { ConversationMessage } from '@candor/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatTime } from '@/lib/format-date';

/**
 * The whole conversation of the attempt. Shown under a report, and also while the report is
 * generating or after it failed, so the candidate never loses what was said.
 */
export function TranscriptCard({
  messages,
  isError,
}: {
  messages: ConversationMessage[] | undefined;
  isError: boolean;
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
                <p className="mt-0.5 whitespace-pre-wrap">{m.message}</p>
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

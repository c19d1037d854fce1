import type { CoachReport } from '@candor/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * Where a coach plays the candidate's recorded answers. The server lists them only when the
 * operator lets coaches play recordings and the candidate was told before starting; until then
 * the list is empty and the slot renders nothing.
 */
export function RecordingSlot({
  attemptId,
  recordings,
}: {
  attemptId: string;
  recordings: CoachReport['recordings'];
}) {
  if (recordings.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recordings</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="space-y-3">
          {recordings.map((r, i) => (
            <li key={r.answerId}>
              <audio
                controls
                preload="none"
                aria-label={`Answer ${i + 1}`}
                src={`/api/interview/${attemptId}/answers/${r.answerId}/recording`}
                className="w-full"
              >
                Your browser cannot play this recording.
              </audio>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

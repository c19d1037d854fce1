import type { CoachReport } from '@candor/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * Where an attempt's recording plays for a coach. The server answers one only when the operator
 * keeps recordings and the candidate was told before starting; until recordings exist it never
 * does, and the slot renders nothing.
 */
export function RecordingSlot({ recording }: { recording: CoachReport['recording'] }) {
  if (!recording) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recording</CardTitle>
      </CardHeader>
      <CardContent>
        <audio controls preload="none" src={recording.url} className="w-full">
          Your browser cannot play this recording.
        </audio>
      </CardContent>
    </Card>
  );
}

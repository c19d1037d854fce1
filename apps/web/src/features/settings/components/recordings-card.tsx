import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Banner, QueryView } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useDeleteAllRecordings } from '../api/delete-all-recordings';
import { useRecordingUsage } from '../api/get-recording-usage';

/** Bytes as people read them: 0 B, 12 KB, 3.4 MB, 500 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** Settings → Account: the recordings of answers kept (issue 14), and "Delete all recordings". */
export function RecordingsCard() {
  const usage = useRecordingUsage();
  const remove = useDeleteAllRecordings();
  const [confirming, setConfirming] = useState(false);

  return (
    <SectionCard
      title="Recordings of your answers"
      description={
        <>
          The audio of your spoken answers, kept so you can play them back on your reports. Only you
          can play them.
          {usage.data ? ` Each is deleted after ${usage.data.retentionDays} days.` : ''}
        </>
      }
      contentClassName="space-y-4"
    >
      <QueryView
        query={usage}
        loading="Loading your recordings..."
        errorTitle="Cannot load your recordings"
        retryLabel="Retry"
      >
        {(data) => (
          <>
            <p className="text-sm" data-testid="recording-usage">
              {data.count === 0
                ? 'No recordings are kept.'
                : `${data.count} ${data.count === 1 ? 'recording' : 'recordings'} kept (${formatBytes(data.bytes)} of the ${formatBytes(data.quotaBytes)} you may keep).`}
            </p>
            {remove.isError ? (
              <Banner tone="error">
                {errorMessage(
                  remove.error,
                  'Your recordings could not be deleted. Please try again.',
                )}
              </Banner>
            ) : remove.isSuccess ? (
              <Banner tone="success">Your recordings were deleted.</Banner>
            ) : null}
            <Button
              variant="outline"
              onClick={() => setConfirming(true)}
              disabled={data.count === 0 || remove.isPending}
            >
              <Trash2 aria-hidden />
              Delete all recordings
            </Button>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title="Delete all recordings?"
              message="The audio of every answer you gave is deleted. Your transcripts and reports stay. This cannot be undone."
              confirmLabel="Delete all recordings"
              busy={remove.isPending}
              onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
            />
          </>
        )}
      </QueryView>
    </SectionCard>
  );
}

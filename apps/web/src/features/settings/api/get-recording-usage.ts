import type { RecordingUsage } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/user/recordings: how many recordings of answers are kept, and their size. */
export const recordingUsageQueryOptions = getQueryOptions<RecordingUsage>(
  ['user', 'recordings'],
  '/user/recordings',
);

export function useRecordingUsage() {
  return useQuery(recordingUsageQueryOptions);
}

import type { RecordingUsage } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/user/recordings: how many recordings of answers are kept, and their size. */
export const getRecordingUsage = (signal?: AbortSignal) =>
  api.get<RecordingUsage>('/user/recordings', undefined, signal);

export const recordingUsageQueryOptions = queryOptions({
  queryKey: ['user', 'recordings'],
  queryFn: ({ signal }) => getRecordingUsage(signal),
});

export function useRecordingUsage() {
  return useQuery(recordingUsageQueryOptions);
}

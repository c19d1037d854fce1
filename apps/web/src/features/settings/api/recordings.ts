import type { RecordingUsage } from '@candor/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/user/recordings: how many recordings of answers are kept, and their size. */
export const recordingUsageQueryOptions = queryOptions({
  queryKey: ['user', 'recordings'],
  queryFn: ({ signal }) => api.get<RecordingUsage>('/user/recordings', undefined, signal),
});

export function useRecordingUsage() {
  return useQuery(recordingUsageQueryOptions);
}

/** DELETE /api/user/recordings: "Delete all recordings"; the reports lose their play controls. */
export function useDeleteAllRecordings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ deleted: number }>('/user/recordings'),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recordingUsageQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['interview'] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { recordingUsageQueryOptions } from './get-recording-usage';

/** DELETE /api/user/recordings: "Delete all recordings"; the reports lose their play controls. */
export const deleteAllRecordings = () => api.delete<{ deleted: number }>('/user/recordings');

export function useDeleteAllRecordings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAllRecordings,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: recordingUsageQueryOptions.queryKey });
      void client.invalidateQueries({ queryKey: ['interview'] });
    },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ExportSet {
  id: string;
  title: string;
  difficulty: string;
}

/** GET /api/admin/interview-sets: the interview sets, for the results export's filter. */
export const getExportSets = (signal?: AbortSignal) =>
  api.get<ExportSet[]>('/admin/interview-sets', undefined, signal);

export const exportSetsQueryOptions = queryOptions({
  queryKey: ['admin', 'coach', 'export-sets'],
  queryFn: ({ signal }) => getExportSets(signal),
  staleTime: 60_000,
});

export function useExportSets() {
  return useQuery(exportSetsQueryOptions);
}

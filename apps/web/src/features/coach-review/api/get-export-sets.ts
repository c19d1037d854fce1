import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

export interface ExportSet {
  id: string;
  title: string;
  difficulty: string;
}

/** GET /api/admin/interview-sets: the interview sets, for the results export's filter. */
export const exportSetsQueryOptions = getQueryOptions<ExportSet[]>(
  ['admin', 'coach', 'export-sets'],
  '/admin/interview-sets',
  { staleTime: 60_000 },
);

export function useExportSets() {
  return useQuery(exportSetsQueryOptions);
}

import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

export interface ExportSet {
  id: string;
  title: string;
  difficulty: string;
}

/**
 * GET /api/admin/interview-sets: the interview sets, for the results export's filter. The
 * catalogue is the administrators' (a coach's export has no set filter: decision 046).
 */
export const exportSetsQueryOptions = (enabled: boolean) =>
  getQueryOptions<ExportSet[]>(['admin', 'coach', 'export-sets'], '/admin/interview-sets', {
    staleTime: 60_000,
    enabled,
  });

export function useExportSets(enabled = true) {
  return useQuery(exportSetsQueryOptions(enabled));
}

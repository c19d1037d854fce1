import { AUDIT_DEFAULT_PAGE_SIZE, type AuditLogResponse } from '@candor/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/audit-log?page&limit: who looked at which candidate's data, newest first. */
export const getAuditLog = (page: number, limit: number, signal?: AbortSignal) =>
  api.get<AuditLogResponse>('/admin/audit-log', { page, limit }, signal);

export const auditLogQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: ['admin', 'audit-log', page, limit],
    queryFn: ({ signal }) => getAuditLog(page, limit, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(page: number, limit: number = AUDIT_DEFAULT_PAGE_SIZE) {
  return useQuery(auditLogQueryOptions(page, limit));
}

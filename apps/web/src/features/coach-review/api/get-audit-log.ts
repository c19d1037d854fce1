import { AUDIT_DEFAULT_PAGE_SIZE, type AuditLogResponse } from '@candor/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/admin/audit-log?page&limit: who looked at which candidate's data, newest first. */
export const auditLogQueryOptions = (page: number, limit: number) =>
  getQueryOptions<AuditLogResponse>(['admin', 'audit-log', page, limit], '/admin/audit-log', {
    query: { page, limit },
    placeholderData: keepPreviousData,
  });

export function useAuditLog(page: number, limit: number = AUDIT_DEFAULT_PAGE_SIZE) {
  return useQuery(auditLogQueryOptions(page, limit));
}

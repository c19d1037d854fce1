import { AUDIT_DEFAULT_PAGE_SIZE, type AuditLogResponse } from '@candor/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** The audit view's filters, as the page holds them ('' or 'all' for none). */
export interface AuditFilters {
  kind: 'all' | 'view' | 'change';
  action: string;
  subjectType: string;
  actor: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = {
  kind: 'all',
  action: 'all',
  subjectType: 'all',
  actor: '',
  from: '',
  to: '',
};

/** GET /api/admin/audit-log: who looked at or changed what, newest first (administrators only). */
export const auditLogQueryOptions = (
  page: number,
  limit: number,
  filters: AuditFilters,
  enabled = true,
) =>
  getQueryOptions<AuditLogResponse>(
    ['admin', 'audit-log', page, limit, filters],
    '/admin/audit-log',
    {
      query: {
        page,
        limit,
        kind: filters.kind,
        action: filters.action === 'all' ? undefined : filters.action,
        subjectType: filters.subjectType === 'all' ? undefined : filters.subjectType,
        actor: filters.actor,
        from: filters.from,
        to: filters.to,
      },
      placeholderData: keepPreviousData,
      enabled,
    },
  );

export function useAuditLog(
  page: number,
  filters: AuditFilters = NO_AUDIT_FILTERS,
  { limit = AUDIT_DEFAULT_PAGE_SIZE, enabled = true }: { limit?: number; enabled?: boolean } = {},
) {
  return useQuery(auditLogQueryOptions(page, limit, filters, enabled));
}

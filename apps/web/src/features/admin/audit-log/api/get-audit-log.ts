import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ApiQuery, type ApiResponse, type ApiSchema, api } from '@/lib/api/client';

export type AuditSeverity = 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';

/** The log stores the severity as text; the server writes only the four levels. */
export type AuditEntry = Omit<ApiSchema<'AdminAuditRow'>, 'severity'> & { severity: AuditSeverity | null };

export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}

/** The page's filters; '' is "any". Dates are the browser's calendar days (YYYY-MM-DD). */
export interface AuditFilters {
  action: string;
  severity: '' | AuditSeverity;
  adminUserId: string;
  tableName: string;
  fromDay: string;
  toDay: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilters = {
  action: '',
  severity: '',
  adminUserId: '',
  tableName: '',
  fromDay: '',
  toDay: '',
};

export const PAGE_SIZE = 50;

/** The query of one page: local days become instants (start of the first, end of the last). */
export function auditLogQuery(f: AuditFilters, cursor?: string): ApiQuery<'get', '/api/admin/audit-log'> {
  return {
    limit: PAGE_SIZE,
    action: f.action || undefined,
    severity: f.severity || undefined,
    adminUserId: f.adminUserId || undefined,
    tableName: f.tableName || undefined,
    from: f.fromDay ? new Date(`${f.fromDay}T00:00:00`).toISOString() : undefined,
    to: f.toDay ? new Date(`${f.toDay}T23:59:59.999`).toISOString() : undefined,
    cursor: cursor || undefined,
  };
}

export const auditKeys = {
  all: ['admin', 'audit-log'] as const,
  list: (f: AuditFilters) => [...auditKeys.all, 'list', f] as const,
  facets: () => [...auditKeys.all, 'facets'] as const,
};

/** GET /api/admin/audit-log, newest first, one keyset page after another. */
export const auditLogQueryOptions = (f: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(f),
    queryFn: ({ pageParam }) =>
      api.get('/api/admin/audit-log', { query: auditLogQuery(f, pageParam) }) as Promise<AuditPage>,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // every admin write adds a row: the page is always read fresh
    staleTime: 0,
  });

export function useAuditLog(f: AuditFilters) {
  return useInfiniteQuery(auditLogQueryOptions(f));
}

export type AuditFacets = ApiResponse<'get', '/api/admin/audit-log/facets'>;

export function useAuditFacets() {
  return useQuery(
    queryOptions({
      queryKey: auditKeys.facets(),
      queryFn: () => api.get('/api/admin/audit-log/facets'),
      staleTime: 0,
    }),
  );
}

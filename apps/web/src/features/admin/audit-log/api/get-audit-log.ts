import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export type AuditSeverity = 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';

export interface AuditEntry {
  id: number;
  adminUserId: string | null;
  adminUsername: string | null;
  action: string;
  tableName: string;
  recordId: string | null;
  oldValues: unknown;
  newValues: unknown;
  severity: AuditSeverity | null;
  userAgent: string | null;
  createdAt: string;
}

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

/** The query string of one page: local days become instants (start of the first, end of the last). */
export function auditLogUrl(f: AuditFilters, cursor?: string): string {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (f.action) params.set('action', f.action);
  if (f.severity) params.set('severity', f.severity);
  if (f.adminUserId) params.set('adminUserId', f.adminUserId);
  if (f.tableName) params.set('tableName', f.tableName);
  if (f.fromDay) params.set('from', new Date(`${f.fromDay}T00:00:00`).toISOString());
  if (f.toDay) params.set('to', new Date(`${f.toDay}T23:59:59.999`).toISOString());
  if (cursor) params.set('cursor', cursor);
  return `/api/admin/audit-log?${params}`;
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
    queryFn: ({ pageParam }) => apiFetch<AuditPage>(auditLogUrl(f, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // every admin write adds a row: the page is always read fresh
    staleTime: 0,
  });

export function useAuditLog(f: AuditFilters) {
  return useInfiniteQuery(auditLogQueryOptions(f));
}

export interface AuditFacets {
  actions: string[];
  tables: string[];
  admins: { id: string; username: string }[];
}

export function useAuditFacets() {
  return useQuery(
    queryOptions({
      queryKey: auditKeys.facets(),
      queryFn: () => apiFetch<AuditFacets>('/api/admin/audit-log/facets'),
      staleTime: 0,
    }),
  );
}

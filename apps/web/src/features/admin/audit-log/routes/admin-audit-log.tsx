import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { ADMIN_SECTIONS } from '@/features/admin/components/admin-sections';
import { BackToDashboard } from '@/features/admin/components/back-to-dashboard';
import {
  Collapsible,
  CollapsibleContent,
  CollapsibleTrigger,
} from '@/features/admin/components/ui-extra/collapsible';
import { errorMessage } from '@/features/admin/shared/error-message';
import { SelectField } from '@/features/admin/shared/select-field';
import { formatDateTime } from '@/lib/format';
import {
  type AuditEntry,
  type AuditFilters,
  type AuditSeverity,
  EMPTY_AUDIT_FILTERS,
  useAuditFacets,
  useAuditLog,
} from '../api/get-audit-log';
import { ValuesDiff } from '../components/values-diff';

const SEVERITIES: readonly AuditSeverity[] = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];
const SEVERITY_VARIANT = {
  LOW: 'secondary',
  MEDIUM: 'outline',
  HIGH: 'brand',
  CRITICAL: 'destructive',
} as const;

/** /admin/audit-log: every admin action, newest first, with filters and old/new values. */
export function AdminAuditLogRoute() {
  const [filters, setFilters] = useState<AuditFilters>(EMPTY_AUDIT_FILTERS);
  const facets = useAuditFacets();
  const log = useAuditLog(filters);
  const set = (patch: Partial<AuditFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const id = useId();

  return (
    <>
      <BackToDashboard />
      <PageHeader title={ADMIN_SECTIONS.auditLog.title} description={ADMIN_SECTIONS.auditLog.description} />
      <section
        aria-label="Filtri"
        className="mb-4 grid grid-cols-2 gap-3 rounded-lg border bg-card p-3 md:grid-cols-3 xl:grid-cols-6"
      >
        <SelectField
          label="Azione"
          value={filters.action}
          allLabel="Tutte le azioni"
          onValueChange={(action) => set({ action })}
          options={(facets.data?.actions ?? []).map((a) => ({ value: a, label: a }))}
        />
        <SelectField
          label="Gravità"
          value={filters.severity}
          allLabel="Tutte"
          onValueChange={(severity) => set({ severity: severity as AuditFilters['severity'] })}
          options={SEVERITIES.map((s) => ({ value: s, label: s }))}
        />
        <SelectField
          label="Amministratore"
          value={filters.adminUserId}
          allLabel="Tutti"
          onValueChange={(adminUserId) => set({ adminUserId })}
          options={(facets.data?.admins ?? []).map((a) => ({ value: a.id, label: a.username }))}
        />
        <SelectField
          label="Tabella"
          value={filters.tableName}
          allLabel="Tutte le tabelle"
          onValueChange={(tableName) => set({ tableName })}
          options={(facets.data?.tables ?? []).map((t) => ({ value: t, label: t }))}
        />
        {/* a date input does not fit half a phone's width (its calendar button is cut): the two
            dates take a row each there */}
        <div className="col-span-2 grid gap-2 sm:col-span-1">
          <Label htmlFor={`${id}-from`}>Dal</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filters.fromDay}
            max={filters.toDay || undefined}
            onChange={(e) => set({ fromDay: e.target.value })}
          />
        </div>
        <div className="col-span-2 grid gap-2 sm:col-span-1">
          <Label htmlFor={`${id}-to`}>Al</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filters.toDay}
            min={filters.fromDay || undefined}
            onChange={(e) => set({ toDay: e.target.value })}
          />
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="col-span-2 justify-self-start md:col-span-3 xl:col-span-6"
          onClick={() => setFilters(EMPTY_AUDIT_FILTERS)}
        >
          Azzera filtri
        </Button>
      </section>

      {log.isPending ? (
        <Skeleton className="h-96 rounded-xl" />
      ) : log.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(log.error, 'Errore nel caricamento del registro')}
        </p>
      ) : entries.length === 0 ? (
        <p className="rounded-lg border bg-card p-6 text-center text-muted-foreground">
          Nessuna azione registrata con questi filtri.
        </p>
      ) : (
        <>
          {/* grid-cols-1 is minmax(0, 1fr): a row's unwrappable line (a record id) truncates
              instead of widening the column, and the page, past the screen */}
          <ol aria-label="Azioni registrate" className="grid grid-cols-1 gap-2">
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ol>
          <div className="mt-4 flex justify-center">
            {log.hasNextPage ? (
              <Button
                variant="outline"
                onClick={() => log.fetchNextPage()}
                disabled={log.isFetchingNextPage}
                aria-busy={log.isFetchingNextPage || undefined}
              >
                {log.isFetchingNextPage ? 'Caricamento...' : 'Carica altre azioni'}
              </Button>
            ) : (
              <p className="text-muted-foreground text-sm">Fine del registro.</p>
            )}
          </div>
        </>
      )}
    </>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const error =
    typeof entry.newValues === 'object' && entry.newValues !== null && 'error' in entry.newValues
      ? String((entry.newValues as { error: unknown }).error)
      : null;
  return (
    <li className="rounded-lg border bg-card">
      <Collapsible>
        <CollapsibleTrigger className="group flex w-full items-start gap-3 rounded-lg p-3 text-left hover:bg-accent/50">
          {/* one line from sm up; on a phone the action, the record and the date each get a line */}
          <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-medium font-mono text-sm [overflow-wrap:anywhere]">{entry.action}</span>
            {entry.severity && <Badge variant={SEVERITY_VARIANT[entry.severity]}>{entry.severity}</Badge>}
            {error && <Badge variant="destructive">Fallita</Badge>}
            <span className="min-w-0 basis-full truncate text-muted-foreground text-xs sm:flex-1 sm:basis-0">
              {entry.tableName}
              {entry.recordId ? ` · ${entry.recordId}` : ''}
            </span>
            <span className="text-muted-foreground text-xs tabular-nums">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> ·{' '}
              {entry.adminUsername ?? 'amministratore eliminato'}
            </span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className="mt-0.5 size-4 shrink-0 transition-transform group-data-[state=open]:rotate-180"
          />
          <span className="sr-only">Mostra valori</span>
        </CollapsibleTrigger>
        <CollapsibleContent className="border-t p-3">
          <ValuesDiff before={entry.oldValues} after={entry.newValues} />
          {entry.userAgent && (
            <p className="mt-2 break-words text-muted-foreground text-xs">Browser: {entry.userAgent}</p>
          )}
        </CollapsibleContent>
      </Collapsible>
    </li>
  );
}

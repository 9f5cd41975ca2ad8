import { MESSAGES } from '@fantarift/core';
import { ChevronDown, Lock, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '../../components/ui-extra/collapsible';
import { ConfirmDialog } from '../../components/ui-extra/confirm-dialog';
import { DeleteDialog } from '../../shared/delete-dialog';
import { useCloseWeek } from '../api/close-week';
import { useDeleteWeek } from '../api/delete-week';
import type { AdminWeek } from '../api/types';
import { AddMatchDialog } from './add-match-dialog';
import { MatchRow } from './match-row';

export function WeekStatusBadges({ week }: { week: AdminWeek }) {
  return (
    <>
      {week.isClosed ? (
        <Badge variant="destructive">Closed</Badge>
      ) : week.isActive ? (
        <Badge variant="success">Active</Badge>
      ) : (
        <Badge variant="secondary">Inactive</Badge>
      )}
      {week.rewardsDistributed ? (
        <Badge variant="brand">Rewards Distributed</Badge>
      ) : (
        <Badge variant="outline">Rewards Pending</Badge>
      )}
    </>
  );
}

export function WeekCard({
  week,
  teams,
  defaultOpen,
}: {
  week: AdminWeek;
  teams: readonly string[];
  defaultOpen: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState<'close' | 'delete' | null>(null);
  const close = useCloseWeek();
  const remove = useDeleteWeek();
  const label = `Settimana ${week.weekNumber}`;

  const onClose = () =>
    close.mutate(
      { weekId: week.id, leagueId: week.leagueId },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setConfirm(null);
        },
        onError: (err) =>
          toast.error(isApiError(err) && err.isClientError ? err.message : MESSAGES.weeks.closeError),
      },
    );

  return (
    <Card className="gap-0 py-0">
      <Collapsible open={open} onOpenChange={setOpen}>
        <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
          <CollapsibleTrigger className="group flex min-w-0 flex-1 items-start gap-2 rounded-md text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <ChevronDown
              aria-hidden="true"
              className="mt-1 size-4 shrink-0 transition-transform group-data-[state=closed]:-rotate-90"
            />
            <span className="min-w-0 space-y-1">
              <span className="block font-semibold">
                {label}: {week.name}
              </span>
              <span className="block text-muted-foreground text-sm">
                {formatDate(week.startDate)} – {formatDate(week.endDate)} · {week.matches.length} match
              </span>
            </span>
          </CollapsibleTrigger>
          <div className="flex flex-wrap items-center gap-2 pl-6 sm:pl-0">
            <WeekStatusBadges week={week} />
          </div>
        </div>
        <CollapsibleContent>
          <div className="flex flex-col gap-4 border-t p-4">
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => setAdding(true)} disabled={week.isClosed}>
                <Plus aria-hidden="true" />
                Aggiungi Match
              </Button>
              <Button
                size="sm"
                variant="brand"
                onClick={() => setConfirm('close')}
                disabled={week.isClosed}
                aria-label={`Close & Distribute ${label}`}
              >
                <Lock aria-hidden="true" />
                Close &amp; Distribute
              </Button>
              <Button
                size="sm"
                variant="outline"
                className="text-destructive hover:text-destructive"
                onClick={() => setConfirm('delete')}
                disabled={week.isClosed && week.rewardsDistributed}
                aria-label={`Elimina ${label}`}
              >
                <Trash2 aria-hidden="true" />
                Elimina Settimana
              </Button>
            </div>
            {week.matches.length === 0 ? (
              <p className="text-muted-foreground text-sm">Nessun match in questa settimana.</p>
            ) : (
              <ul className="flex flex-col gap-2" aria-label={`Match della ${label}`}>
                {week.matches.map((match) => (
                  <MatchRow key={match.id} match={match} />
                ))}
              </ul>
            )}
          </div>
        </CollapsibleContent>
      </Collapsible>
      <AddMatchDialog week={week} teams={teams} open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={confirm === 'close'}
        onOpenChange={(next) => setConfirm(next ? 'close' : null)}
        title={`Close & Distribute: ${label}`}
        description={
          week.rewardsDistributed ? MESSAGES.pointsTrust.closeAlreadyPaidConfirm : MESSAGES.weeks.closeConfirm
        }
        confirmLabel="Close & Distribute"
        pendingLabel="Chiusura..."
        pending={close.isPending}
        onConfirm={onClose}
      />
      <DeleteDialog
        item={confirm === 'delete' ? week : null}
        onClose={() => setConfirm(null)}
        title={`Eliminare ${label}?`}
        description={MESSAGES.weeks.deleteConfirm}
        mutation={remove}
        variables={(w) => ({ weekId: w.id, leagueId: w.leagueId })}
        deleted={MESSAGES.weeks.deleted}
        failed={MESSAGES.weeks.updateError}
        refusalsOnly
      />
    </Card>
  );
}

import { roleLabel } from '@fantarift/core';
import { fantaErrorMessage, useFantaBreakdown } from '@/api/fanta-leagues';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';

export const fantaPoints = (x: number) => x.toLocaleString('it-IT', { maximumFractionDigits: 2 });

/**
 * A manager's week: the fielded players (after the substitutes) with each one's games and series MVP, who came
 * in for whom, and the captain's line; the lines add up to the week shown.
 */
export function WeekBreakdownDialog(props: {
  id: string;
  weekId: string | undefined;
  manager: { userId: string; username: string } | null;
  onClose: () => void;
}) {
  const breakdown = useFantaBreakdown(props.id, props.weekId, props.manager?.userId);
  const b = breakdown.data;
  return (
    <Dialog open={props.manager !== null} onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{props.manager?.username}</DialogTitle>
          <DialogDescription>
            {b ? `Settimana ${b.week.weekNumber}: ${fantaPoints(b.points)} punti` : 'La settimana'}
            {b && !b.week.complete && ' (in corso)'}
          </DialogDescription>
        </DialogHeader>
        <WeekBreakdownBody id={props.id} weekId={props.weekId} userId={props.manager?.userId} />
      </DialogContent>
    </Dialog>
  );
}

/** The lines of a manager's week (the dialog's body; a head-to-head match-up shows two side by side). */
export function WeekBreakdownBody(props: {
  id: string;
  weekId: string | undefined;
  userId: string | undefined;
}) {
  const breakdown = useFantaBreakdown(props.id, props.weekId, props.userId);
  const b = breakdown.data;
  return breakdown.isPending ? (
    <Skeleton className="h-40" />
  ) : breakdown.isError ? (
    <LoadErrorAlert title={fantaErrorMessage(breakdown.error)} onRetry={() => void breakdown.refetch()} />
  ) : (
    <div className="space-y-3 text-sm">
      <ul className="divide-y">
        {b!.fielded.map((f) => (
          <li key={f.role} className="py-2">
            <div className="flex items-baseline gap-2">
              <span className="w-14 shrink-0 text-muted-foreground text-xs">{roleLabel(f.role)}</span>
              <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                {f.name || 'nessuno'} <span className="text-muted-foreground text-xs">{f.team}</span>
              </span>
              <span className="tabular-nums">{f.played ? fantaPoints(f.points) : '–'}</span>
            </div>
            {(f.games.length > 0 || f.seriesMvpPoints !== 0) && (
              <ul className="mt-1 ml-16 space-y-0.5 text-muted-foreground text-xs">
                {f.games.map((g) => (
                  <li key={`${g.matchId}:${g.gameNumber}`} className="flex justify-between gap-2">
                    <span className="[overflow-wrap:anywhere]">
                      {g.match}, game {g.gameNumber}
                    </span>
                    <span className="tabular-nums">{fantaPoints(g.points)}</span>
                  </li>
                ))}
                {f.seriesMvpPoints !== 0 && (
                  <li className="flex justify-between gap-2">
                    <span>MVP della serie</span>
                    <span className="tabular-nums">{fantaPoints(f.seriesMvpPoints)}</span>
                  </li>
                )}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {b!.substitutions.map((s) => (
        <p key={s.role}>
          {roleLabel(s.role)}: entra <strong>{s.inName}</strong> per {s.outName ?? 'nessuno'}
        </p>
      ))}
      {b!.captain && (
        <p className="flex justify-between gap-2">
          <span>
            {b!.captain.role === 'captain' ? 'Capitano' : 'Vice capitano'} ×
            {String(b!.captain.multiplier).replace('.', ',')} ({b!.captain.name})
          </span>
          <span className="tabular-nums">
            {b!.captain.bonus >= 0 ? '+' : ''}
            {fantaPoints(b!.captain.bonus)}
          </span>
        </p>
      )}
    </div>
  );
}

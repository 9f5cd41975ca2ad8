import { useState } from 'react';
import type { FantaStandings } from '@/api/fanta-leagues';
import { ruleSummary } from '@/components/private-leagues/h2h-rule-fields';
import { H2hRoundsView, H2hTableGrid } from '@/components/private-leagues/h2h-views';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { fantaPoints, WeekBreakdownBody } from './week-breakdown-dialog';

type H2h = NonNullable<FantaStandings['h2h']>;
type Round = H2h['rounds'][number];
type Fixture = Round['fixtures'][number];

/**
 * A Lega Fanta "Scontri diretti": the table ("Classifica") and the calendar ("Calendario") of issue 30, drawn
 * by the same components as a head-to-head private league's; a match-up opens both managers' weeks.
 */
export function FantaH2hBoard({ id, h2h, meId }: { id: string; h2h: H2h; meId?: string }) {
  const [open, setOpen] = useState<{ round: Round; fixture: Fixture } | null>(null);
  return (
    <section aria-labelledby="standings" className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="standings" className="font-semibold text-xl">
          Classifica
        </h2>
        <Badge variant="outline">Scontri diretti</Badge>
        <span className="text-muted-foreground text-sm">{ruleSummary(h2h.rule)}</span>
      </div>
      {h2h.rounds.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          Il calendario parte con la prima settimana che inizia dopo l'asta.
        </p>
      ) : (
        <Tabs defaultValue="calendar">
          <TabsList className="w-full sm:w-fit">
            <TabsTrigger value="table">Classifica</TabsTrigger>
            <TabsTrigger value="calendar">Calendario</TabsTrigger>
          </TabsList>
          <TabsContent value="table">
            <H2hTableGrid rows={h2h.table} meId={meId} />
          </TabsContent>
          <TabsContent value="calendar">
            <H2hRoundsView
              rounds={h2h.rounds}
              meId={meId}
              onOpen={(round, fixture) => setOpen({ round, fixture })}
            />
          </TabsContent>
        </Tabs>
      )}
      <MatchupDialog id={id} open={open} onClose={() => setOpen(null)} />
    </section>
  );
}

/** Both managers' weeks of a match-up side by side (one under the other on a phone). */
function MatchupDialog({
  id,
  open,
  onClose,
}: {
  id: string;
  open: { round: Round; fixture: Fixture } | null;
  onClose: () => void;
}) {
  const f = open?.fixture;
  const scheduled = open?.round.status === 'scheduled';
  return (
    <Dialog open={Boolean(open)} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto p-4 sm:max-w-2xl sm:p-6">
        {open && f && (
          <>
            <DialogHeader className="pr-8">
              <DialogTitle className="break-words">
                {f.homeUsername} {scheduled ? 'vs' : `${f.homeGoals} – ${f.awayGoals}`} {f.awayUsername}
              </DialogTitle>
              <DialogDescription>
                {open.round.round}ª giornata · {open.round.weekName}
              </DialogDescription>
            </DialogHeader>
            {scheduled ? (
              <p className="text-muted-foreground text-sm">
                Le formazioni restano segrete fino all'inizio della settimana.
              </p>
            ) : (
              <div className="grid gap-4 text-sm sm:grid-cols-2 sm:gap-6">
                {(
                  [
                    [f.homeUsername, f.homeUserId, f.homePoints],
                    [f.awayUsername, f.awayUserId, f.awayPoints],
                  ] as const
                ).map(([name, userId, points]) => (
                  <section key={userId} aria-label={`La settimana di ${name}`} className="min-w-0 space-y-2">
                    <h3 className="flex items-baseline justify-between gap-1 border-b pb-1">
                      <span className="truncate font-semibold">{name}</span>
                      <span className="shrink-0 font-bold tabular-nums">{fantaPoints(points)}</span>
                    </h3>
                    <WeekBreakdownBody id={id} weekId={open.round.weekId} userId={userId} />
                  </section>
                ))}
              </div>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

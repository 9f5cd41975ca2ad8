import { lazy, Suspense, useState } from 'react';
import { cn } from '@/lib/utils';

// The player's card (and the dialog library) loads when it is about to open, not with the page.
const loadPlayerDialog = () => import('./player-dialog');
const PlayerDialog = lazy(async () => ({ default: (await loadPlayerDialog()).PlayerDialog }));

/** A player's name that opens his dialog. */
export function PlayerNameButton({
  leagueId,
  playerId,
  name,
  className,
}: {
  leagueId: string;
  playerId: string;
  name: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        // the dialog's code is fetched as soon as the pointer or the focus reaches the name
        onPointerEnter={() => void loadPlayerDialog()}
        onFocus={() => void loadPlayerDialog()}
        className={cn(
          'max-w-full truncate text-left underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none',
          className,
        )}
        title={`Scheda di ${name}`}
      >
        {name}
      </button>
      {open && (
        <Suspense fallback={null}>
          <PlayerDialog leagueId={leagueId} playerId={playerId} name={name} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** A player card's title: his name, which opens his dialog, over his team. */
export function PlayerCardTitle({
  leagueId,
  player,
}: {
  leagueId: string;
  player: { id: string; name: string; team: string };
}) {
  return (
    <div className="min-w-0">
      <h3 className="truncate font-semibold">
        <PlayerNameButton leagueId={leagueId} playerId={player.id} name={player.name} />
      </h3>
      <p className="truncate text-muted-foreground text-sm">{player.team}</p>
    </div>
  );
}

import { MESSAGES } from '@fantarift/core';
import { ChevronDown, Pencil, Play, Save, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Collapsible,
  CollapsibleContent,
  CollapsibleTrigger,
} from '@/features/admin/components/ui-extra/collapsible';
import { errorMessage } from '@/features/admin/shared/error-message';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { AdminPhase } from '../api/types';
import { useUpdatePhase } from '../api/update-phase';
import { useUpdatePhaseTeams } from '../api/update-phase-teams';
import { normalizeTeamCount } from './create-league-model';
import { phaseDatesError } from './phase-checks';
import { PhaseFields } from './phase-fields';
import { PhaseTeamSelector } from './phase-team-selector';

const MAX_TEAM_BADGES = 3;

/** At most three team badges, then "+N". */
export function PhaseTeamBadges({ teams }: { teams: readonly string[] }) {
  if (teams.length === 0) return <span className="text-muted-foreground text-xs">Nessun team assegnato</span>;
  const shown = teams.slice(0, MAX_TEAM_BADGES);
  const more = teams.length - shown.length;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Team partecipanti">
      {shown.map((team) => (
        <li key={team}>
          <Badge variant="outline">{team}</Badge>
        </li>
      ))}
      {more > 0 && (
        <li>
          <Badge variant="secondary" title={teams.slice(MAX_TEAM_BADGES).join(', ')}>
            +{more}
          </Badge>
        </li>
      )}
    </ul>
  );
}

const dateText = (value: string | null) => (value ? formatDate(value) : '—');

interface PhaseItemProps {
  phase: AdminPhase;
  leagueTeams: readonly string[];
  activating: boolean;
  activateDisabled: boolean;
  onActivate: () => void;
  onDelete: () => void;
}

export function PhaseItem({
  phase,
  leagueTeams,
  activating,
  activateDisabled,
  onActivate,
  onDelete,
}: PhaseItemProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [teamsOpen, setTeamsOpen] = useState(false);
  const [draft, setDraft] = useState({ teamCount: '', startDate: '', endDate: '' });
  const updatePhase = useUpdatePhase();
  const updateTeams = useUpdatePhaseTeams();

  const startEdit = () => {
    setDraft({
      teamCount: String(phase.teamCount),
      startDate: phase.startDate ?? '',
      endDate: phase.endDate ?? '',
    });
    setEditing(true);
  };

  const save = () => {
    const problem = phaseDatesError(draft);
    if (problem) {
      toast.error(problem);
      return;
    }
    updatePhase.mutate(
      {
        leagueId: phase.leagueId,
        phaseId: phase.id,
        teamCount: normalizeTeamCount(draft.teamCount),
        startDate: draft.startDate,
        endDate: draft.endDate,
      },
      {
        onSuccess: ({ message }) => {
          toast.success(message || MESSAGES.phases.updated);
          setEditing(false);
        },
        onError: (err) =>
          toast.error(MESSAGES.phases.updateError(errorMessage(err, MESSAGES.common.unknownError))),
      },
    );
  };

  return (
    <li
      className={cn(
        'grid gap-3 rounded-xl border bg-card p-4',
        phase.isCurrent && 'border-brand ring-1 ring-brand/40',
      )}
      aria-current={phase.isCurrent ? 'step' : undefined}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 font-semibold">
            <span className="text-muted-foreground tabular-nums">{phase.phaseOrder}.</span>
            {phase.phaseName}
            {phase.isCurrent && <Badge variant="brand">Fase corrente</Badge>}
          </h3>
          {!editing && (
            <p className="text-muted-foreground text-sm">
              {phase.teamCount} team · {dateText(phase.startDate)} – {dateText(phase.endDate)}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {!phase.isCurrent && (
            <Button
              size="sm"
              onClick={onActivate}
              disabled={activateDisabled}
              aria-busy={activating || undefined}
              aria-label={`Attiva ${phase.phaseName}`}
            >
              <Play aria-hidden="true" />
              {activating ? 'Attivazione...' : 'Attiva'}
            </Button>
          )}
          {!editing && (
            <Button
              variant="outline"
              size="sm"
              onClick={startEdit}
              aria-label={`Modifica ${phase.phaseName}`}
            >
              <Pencil aria-hidden="true" />
              <span className="max-sm:sr-only">Modifica</span>
            </Button>
          )}
          {!phase.isCurrent && (
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:text-destructive"
              onClick={onDelete}
              aria-label={`Elimina ${phase.phaseName}`}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          )}
        </div>
      </div>

      {editing && (
        <div className="grid gap-3 rounded-lg border border-dashed p-3">
          <PhaseFields idPrefix={id} value={draft} onChange={(patch) => setDraft({ ...draft, ...patch })} />
          <div className="flex gap-2">
            <Button
              size="sm"
              onClick={save}
              disabled={updatePhase.isPending}
              aria-busy={updatePhase.isPending || undefined}
            >
              <Save aria-hidden="true" />
              {updatePhase.isPending ? 'Salvataggio...' : 'Salva'}
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setEditing(false)}
              disabled={updatePhase.isPending}
            >
              <X aria-hidden="true" />
              Annulla
            </Button>
          </div>
        </div>
      )}

      <Collapsible open={teamsOpen} onOpenChange={setTeamsOpen} className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <PhaseTeamBadges teams={phase.participatingTeams} />
          <CollapsibleTrigger asChild>
            <Button variant="ghost" size="sm" aria-label={`Team partecipanti di ${phase.phaseName}`}>
              Team ({phase.participatingTeams.length}/{phase.teamCount})
              <ChevronDown
                aria-hidden="true"
                className={cn('transition-transform', teamsOpen && 'rotate-180')}
              />
            </Button>
          </CollapsibleTrigger>
        </div>
        <CollapsibleContent className="rounded-lg border p-3">
          {teamsOpen && (
            <PhaseTeamSelector
              key={`${phase.teamCount}-${phase.participatingTeams.join('|')}`}
              phaseName={phase.phaseName}
              teams={leagueTeams}
              teamCount={phase.teamCount}
              initial={phase.participatingTeams}
              pending={updateTeams.isPending}
              onSave={(teams) =>
                updateTeams.mutate(
                  { leagueId: phase.leagueId, phaseId: phase.id, teams },
                  {
                    onSuccess: ({ message }) => {
                      toast.success(message || MESSAGES.phases.teamsUpdated);
                      setTeamsOpen(false);
                    },
                    onError: (err) =>
                      toast.error(
                        MESSAGES.phases.teamsUpdateError(errorMessage(err, MESSAGES.common.unknownError)),
                      ),
                  },
                )
              }
            />
          )}
        </CollapsibleContent>
      </Collapsible>
    </li>
  );
}

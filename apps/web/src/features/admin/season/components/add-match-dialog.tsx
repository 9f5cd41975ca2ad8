import { MATCH_FORMATS, MESSAGES } from '@fantarift/core';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { isApiError } from '@/lib/api-client';
import { TitledDialog } from '../../shared/manage-dialog';
import { useCreateMatch } from '../api/create-match';
import type { AdminWeek } from '../api/types';

/** Add-match checks (admin spec §5), in order; null when the match can be sent. */
export function addMatchError(input: { team1: string; team2: string; date: string }): string | null {
  if (!input.team1 || !input.team2) return MESSAGES.matches.selectBothTeams;
  if (input.team1 === input.team2) return MESSAGES.matches.teamsMustDiffer;
  if (!input.date) return MESSAGES.matches.selectDate;
  return null;
}

interface AddMatchDialogProps {
  week: AdminWeek;
  teams: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function AddMatchDialog({ week, teams, open, onOpenChange }: AddMatchDialogProps) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Aggiungi Match"
      description={
        <>
          Settimana {week.weekNumber}: {week.name}
        </>
      }
    >
      {open && <AddMatchForm week={week} teams={teams} onDone={() => onOpenChange(false)} />}
    </TitledDialog>
  );
}

function AddMatchForm({
  week,
  teams,
  onDone,
}: {
  week: AdminWeek;
  teams: readonly string[];
  onDone: () => void;
}) {
  const id = useId();
  const [team1, setTeam1] = useState('');
  const [team2, setTeam2] = useState('');
  const [date, setDate] = useState('');
  const [matchDay, setMatchDay] = useState('1');
  const [format, setFormat] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateMatch();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const day = Number(matchDay);
    const problem =
      addMatchError({ team1, team2, date }) ??
      (Number.isInteger(day) && day >= 1 && day <= 100 ? null : MESSAGES.matches.matchDayInvalid);
    setError(problem);
    if (problem) return;
    create.mutate(
      {
        leagueId: week.leagueId,
        weekId: week.id,
        team1,
        team2,
        date: new Date(date).toISOString(),
        matchDay: day,
        matchFormat: Number(format),
      },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          onDone();
        },
        onError: (err) => {
          const text = isApiError(err) && err.isClientError ? err.message : MESSAGES.matches.createError;
          setError(text);
          toast.error(text);
        },
      },
    );
  };

  const errorId = `${id}-error`;
  const teamSelect = (label: string, value: string, onChange: (v: string) => void, key: string) => (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger
          id={`${id}-${key}`}
          className="w-full"
          aria-invalid={
            error === MESSAGES.matches.selectBothTeams ||
            error === MESSAGES.matches.teamsMustDiffer ||
            undefined
          }
        >
          <SelectValue placeholder="Seleziona un team" />
        </SelectTrigger>
        <SelectContent>
          {teams.map((team) => (
            <SelectItem key={team} value={team}>
              {team}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {teamSelect('Team 1', team1, setTeam1, 'team1')}
        {teamSelect('Team 2', team2, setTeam2, 'team2')}
      </div>
      <TextField
        id={`${id}-date`}
        label="Data e ora"
        type="datetime-local"
        value={date}
        invalid={error === MESSAGES.matches.selectDate}
        errorId={errorId}
        onChange={(e) => setDate(e.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-day`}
          label="Giornata"
          type="number"
          min={1}
          max={100}
          step={1}
          value={matchDay}
          invalid={error === MESSAGES.matches.matchDayInvalid}
          errorId={errorId}
          onChange={(e) => setMatchDay(e.target.value)}
        />
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-format`}>Formato</Label>
          <Select value={format} onValueChange={setFormat}>
            <SelectTrigger id={`${id}-format`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {MATCH_FORMATS.map((f) => (
                <SelectItem key={f} value={String(f)}>
                  BO{f}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Annulla
        </Button>
        <SubmitButton pending={create.isPending} pendingLabel="Creazione...">
          Aggiungi Match
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

import { MESSAGES } from '@fantarift/core';
import { CalendarPlus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
import { SectionCard } from '@/features/admin/shared/section-card';
import { isApiError } from '@/lib/api-client';
import { useCreateWeek } from '../api/create-week';
import { useWeeks } from '../api/get-weeks';

/** The create-week checks of admin spec §5, in order; null when the form can be sent. */
export function createWeekError(input: {
  leagueId: string | undefined;
  name: string;
  startDate: string;
  endDate: string;
}): string | null {
  if (!input.leagueId) return MESSAGES.weeks.selectLeagueFirst;
  if (input.name.trim() === '') return MESSAGES.weeks.nameRequired;
  if (!input.startDate || !input.endDate) return MESSAGES.weeks.datesRequired;
  if (input.startDate >= input.endDate) return MESSAGES.weeks.startBeforeEnd;
  return null;
}

/** The number the form proposes: one after the league's highest week (1 for a league without weeks). */
export function nextFreeWeekNumber(weeks: readonly { weekNumber: number }[] | undefined): number {
  return (weeks ?? []).reduce((max, w) => Math.max(max, w.weekNumber), 0) + 1;
}

export function CreateWeekForm({ leagueId }: { leagueId: string | undefined }) {
  const id = useId();
  // Until the admin types a number, the form proposes the next free one of the league, read from
  // the server (so it is right after a reload and after each creation).
  const weeks = useWeeks(leagueId);
  const [typedNumber, setTypedNumber] = useState<{ leagueId?: string; value: number } | null>(null);
  const weekNumber =
    typedNumber && typedNumber.leagueId === leagueId ? typedNumber.value : nextFreeWeekNumber(weeks.data);
  const setWeekNumber = (value: number) => setTypedNumber({ leagueId, value });
  const [name, setName] = useState('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateWeek();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem =
      createWeekError({ leagueId, name, startDate, endDate }) ??
      (Number.isInteger(weekNumber) && weekNumber >= 1 ? null : MESSAGES.weeks.weekNumberMin);
    setError(problem);
    if (problem || !leagueId) return;
    create.mutate(
      { leagueId, weekNumber, name: name.trim(), startDate, endDate },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setTypedNumber(null);
          setName('');
          setStartDate('');
          setEndDate('');
        },
        onError: (err) => {
          const text = isApiError(err) && err.isClientError ? err.message : MESSAGES.weeks.createError;
          setError(text);
          toast.error(text);
        },
      },
    );
  };

  const errorId = `${id}-error`;
  return (
    <SectionCard title="Crea Settimana" icon={CalendarPlus}>
      <form
        noValidate
        onSubmit={submit}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[8rem_1fr_1fr_1fr_auto] lg:items-end"
      >
        <TextField
          id={`${id}-number`}
          label="Numero"
          type="number"
          min={1}
          step={1}
          value={Number.isNaN(weekNumber) ? '' : weekNumber}
          onChange={(e) => setWeekNumber(e.target.value === '' ? Number.NaN : Number(e.target.value))}
        />
        <TextField
          id={`${id}-name`}
          label="Nome"
          placeholder={`Settimana ${Number.isNaN(weekNumber) ? 1 : weekNumber}`}
          maxLength={100}
          value={name}
          invalid={error === MESSAGES.weeks.nameRequired}
          errorId={errorId}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          id={`${id}-start`}
          label="Data inizio"
          type="date"
          value={startDate}
          invalid={error === MESSAGES.weeks.datesRequired || error === MESSAGES.weeks.startBeforeEnd}
          errorId={errorId}
          onChange={(e) => setStartDate(e.target.value)}
        />
        <TextField
          id={`${id}-end`}
          label="Data fine"
          type="date"
          value={endDate}
          invalid={error === MESSAGES.weeks.datesRequired || error === MESSAGES.weeks.startBeforeEnd}
          errorId={errorId}
          onChange={(e) => setEndDate(e.target.value)}
        />
        <SubmitButton pending={create.isPending} pendingLabel="Creazione...">
          Crea Settimana
        </SubmitButton>
        {error && (
          <p id={errorId} role="alert" className="text-destructive text-sm sm:col-span-2 lg:col-span-5">
            {error}
          </p>
        )}
      </form>
    </SectionCard>
  );
}

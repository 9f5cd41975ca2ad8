import { LEAGUE_TYPES, MESSAGES } from '@fantarift/core';
import { CircleAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { errorMessage } from '@/features/admin/shared/error-message';
import { SectionCard } from '@/features/admin/shared/section-card';
import { SelectField, toOptions } from '@/features/admin/shared/select-field';
import { DateRangeFields } from '../../shared/date-range-fields';
import { useCreateLeague } from '../api/create-league';
import {
  type CreateLeagueValues,
  defaultPhasesFor,
  toCreateBody,
  validateCreateLeague,
} from './create-league-model';
import { PhaseBuilder } from './phase-builder';
import { TeamPicker } from './team-picker';

const EMPTY: CreateLeagueValues = { name: '', type: '', startDate: '', endDate: '', teams: [], phases: [] };

/** /admin/leagues/new: name, type, dates, teams and phases in one request. */
export function CreateLeagueForm() {
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateLeague();
  const [values, setValues] = useState<CreateLeagueValues>(EMPTY);
  const [error, setError] = useState<string | null>(null);

  const set = (patch: Partial<CreateLeagueValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setError(null);
  };

  // Teams and phases belong to a type: a new type starts them over, with its default phases.
  const changeType = (type: string) => set({ type, teams: [], phases: defaultPhasesFor(type) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateCreateLeague(values);
    if (problem) {
      setError(problem);
      return;
    }
    create.mutate(toCreateBody(values), {
      onSuccess: ({ league }) => {
        toast.success(MESSAGES.leagues.created);
        navigate(paths.admin.league.getHref(league.id));
      },
      onError: (err) => {
        const message = errorMessage(err, MESSAGES.leagues.createFailed);
        setError(message);
        toast.error(message);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <SectionCard title="Dati della lega" contentClassName="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-name`}
          label="Nome"
          className="sm:col-span-2"
          value={values.name}
          maxLength={100}
          placeholder="LEC Spring 2027"
          onChange={(e) => set({ name: e.target.value })}
          required
        />
        <SelectField
          label="Tipo"
          className="sm:col-span-2"
          value={values.type}
          placeholder="Scegli il tipo"
          onValueChange={changeType}
          options={toOptions(LEAGUE_TYPES)}
        />
        <DateRangeFields values={values} onChange={(key, value) => set({ [key]: value })} />
      </SectionCard>
      <SectionCard title="Team">
        <TeamPicker type={values.type} teams={values.teams} onChange={(teams) => set({ teams })} />
      </SectionCard>
      <SectionCard title="Fasi">
        <PhaseBuilder
          type={values.type}
          leagueTeams={values.teams}
          phases={values.phases}
          onChange={(phases) => set({ phases })}
        />
      </SectionCard>
      {error && (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <div className="flex justify-end">
        <SubmitButton pending={create.isPending} pendingLabel="Creazione..." className="max-sm:w-full">
          Crea Lega
        </SubmitButton>
      </div>
    </form>
  );
}

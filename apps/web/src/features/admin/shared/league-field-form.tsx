import { type ComponentProps, type FormEvent, type ReactNode, useId } from 'react';
import { LeagueSelect } from '@/components/leagues/league-select';
import { TextField } from '@/components/text-field';
import { cn } from '@/lib/utils';

/**
 * A one-line admin query form: the league (`picker`, from `useAdminLeague`), one more field and the
 * submit button (`children`), with the form's error under it, which an invalid field points to.
 */
export function LeagueFieldForm({
  onSubmit,
  picker,
  field,
  error,
  errorClassName,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  picker: {
    leagues: ComponentProps<typeof LeagueSelect>['leagues'];
    league: { id: string } | undefined;
    setLeagueId: (leagueId: string) => void;
  };
  field: Omit<ComponentProps<typeof TextField>, 'id' | 'errorId'>;
  error: string | null;
  errorClassName?: string;
  children: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <>
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end"
      >
        <LeagueSelect leagues={picker.leagues} value={picker.league?.id} onChange={picker.setLeagueId} />
        <TextField {...field} id={`${id}-field`} errorId={errorId} />
        {children}
      </form>
      {error && (
        <p id={errorId} role="alert" className={cn('text-destructive text-sm', errorClassName)}>
          {error}
        </p>
      )}
    </>
  );
}

import { FANTA_MESSAGES, FantaNameSchema } from '@fantarift/core';
import { Gavel, LogIn } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  fantaErrorMessage,
  useCreateFantaLeague,
  useJoinFantaLeague,
  useMyFantaLeagues,
} from '@/api/fanta-leagues';
import { useLeagues } from '@/api/get-leagues';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { STATUS_LABEL } from '../components/labels';

const M = FANTA_MESSAGES;

/** /leghe-fanta — my Leghe Fanta, a new one, and joining one by its code. */
export function FantaLeaguesRoute() {
  const mine = useMyFantaLeagues();
  return (
    <>
      <PageHeader
        title={M.title}
        description="Un'asta dal vivo tra amici: ogni giocatore della lega ufficiale ha un solo proprietario."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <CreateForm />
        <JoinForm />
      </div>
      <section aria-labelledby="my-fanta" className="mt-8 space-y-3">
        <h2 id="my-fanta" className="font-semibold text-xl">
          Le mie Leghe Fanta
        </h2>
        {mine.isPending ? (
          <div className="h-24 animate-pulse rounded-lg bg-accent" />
        ) : mine.isError ? (
          <p className="text-destructive text-sm">Impossibile caricare le Leghe Fanta</p>
        ) : mine.data.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
            Non fai ancora parte di nessuna Lega Fanta: creane una o entra con il codice di un amico.
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {mine.data.map((f) => (
              <li key={f.id} className="flex flex-col gap-2 rounded-lg border bg-card p-4">
                <div className="flex items-start justify-between gap-2">
                  <Link
                    to={paths.fantaLeague.getHref(f.id)}
                    className="min-w-0 [overflow-wrap:anywhere] font-semibold hover:underline"
                  >
                    {f.name}
                  </Link>
                  <Badge variant="secondary">{STATUS_LABEL[f.status]}</Badge>
                </div>
                <p className="text-muted-foreground text-sm">
                  {f.leagueName} · {f.memberCount} manager{f.isOwner ? ' · sei il banditore' : ''}
                </p>
                {(f.status === 'running' || f.status === 'paused') && (
                  <Button asChild size="sm" className="self-start">
                    <Link to={paths.fantaAuction.getHref(f.id)}>
                      <Gavel aria-hidden="true" />
                      Vai all'asta
                    </Link>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function CreateForm() {
  const leagues = useLeagues();
  const create = useCreateFantaLeague();
  const navigate = useNavigate();
  const nameId = useId();
  const leagueId = useId();
  const [league, setLeague] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const chosen = league || leagues.data?.[0]?.id || '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = FantaNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    if (!chosen) return;
    create.mutate(
      { leagueId: chosen, name: parsed.data },
      {
        onSuccess: (fl) => {
          toast.success(M.created);
          navigate(paths.fantaLeague.getHref(fl.id));
        },
        onError: (err) => toast.error(fantaErrorMessage(err)),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Crea una Lega Fanta"
      className="flex flex-col gap-3 rounded-lg border bg-card p-4"
    >
      <h2 className="font-semibold text-lg">Crea una Lega Fanta</h2>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={leagueId}>Lega ufficiale</Label>
        <Select value={chosen} onValueChange={setLeague}>
          <SelectTrigger id={leagueId} className="w-full">
            <SelectValue placeholder="Seleziona una lega" />
          </SelectTrigger>
          <SelectContent>
            {(leagues.data ?? []).map((l) => (
              <SelectItem key={l.id} value={l.id}>
                {l.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={nameId}>Nome</Label>
        <Input
          id={nameId}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Es. Asta del giovedì"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${nameId}-error` : undefined}
        />
        {error && (
          <p id={`${nameId}-error`} className="text-destructive text-sm">
            {error}
          </p>
        )}
      </div>
      <p className="text-muted-foreground text-sm">
        Budget, rosa, secondi per offerta e ordine di chiamata si scelgono dopo, fino all'inizio dell'asta.
      </p>
      <Button type="submit" disabled={create.isPending || !chosen} className="self-start">
        <Gavel aria-hidden="true" />
        Crea
      </Button>
    </form>
  );
}

function JoinForm() {
  const join = useJoinFantaLeague();
  const navigate = useNavigate();
  const codeId = useId();
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    join.mutate(code.trim(), {
      onSuccess: (fl) => {
        toast.success(M.joined);
        navigate(paths.fantaLeague.getHref(fl.id));
      },
      onError: (err) => toast.error(fantaErrorMessage(err)),
    });
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Entra con un codice"
      className="flex flex-col gap-3 rounded-lg border bg-card p-4"
    >
      <h2 className="font-semibold text-lg">Entra con un codice</h2>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={codeId}>Codice invito</Label>
        <Input
          id={codeId}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoCapitalize="characters"
        />
      </div>
      <Button type="submit" variant="outline" disabled={join.isPending} className="self-start">
        <LogIn aria-hidden="true" />
        Entra
      </Button>
    </form>
  );
}

import { H2H_LIMITS, MESSAGES, PRIVATE_LEAGUE_LIMITS, PrivateLeagueNameSchema } from '@fantarift/core';
import {
  CalendarDays,
  Copy,
  LogOut,
  Pencil,
  RefreshCw,
  Scale,
  Share2,
  Trash2,
  Trophy,
  UserMinus,
  Users,
} from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  inviteLink,
  type PrivateLeague,
  privateLeagueErrorMessage,
  useCreatePrivateLeague,
  useDeletePrivateLeague,
  useGenerateCalendar,
  useLeavePrivateLeague,
  useMembers,
  useMyPrivateLeagues,
  useRegenerateInviteCode,
  useRemoveMember,
  useRenamePrivateLeague,
  useSuggestedBands,
  useUpdateH2hSettings,
} from '@/api/private-leagues';
import type { League } from '@/api/types';
import { ConfirmButton } from '@/components/confirm-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { canShare, shareLink } from '@/lib/share';
import { checkRule, type H2hRuleDraft, H2hRuleFields, ruleDraft, ruleSummary } from './h2h-rule-fields';

const M = MESSAGES.privateLeagues;

/** Validates a name as the server will (same schema); the error to show, or the cleaned name. */
function checkName(raw: string): { name?: string; error?: string } {
  const parsed = PrivateLeagueNameSchema.safeParse(raw);
  return parsed.success ? { name: parsed.data } : { error: parsed.error.issues[0]?.message };
}

async function copyLink(code: string) {
  try {
    await navigator.clipboard.writeText(inviteLink(code));
    toast.success(M.linkCopied);
  } catch {
    // clipboard refused (permissions, insecure origin): show the link to copy by hand
    toast.info(inviteLink(code));
  }
}

async function shareInvite(pl: PrivateLeague, code: string) {
  try {
    await shareLink({
      title: `${pl.name} su FantaRift`,
      text: `Unisciti alla mia lega privata «${pl.name}» su FantaRift!`,
      url: inviteLink(code),
    });
  } catch {
    await copyLink(code);
  }
}

/** The "Leghe private" section of the leagues page: create, list and manage my private leagues. */
export function PrivateLeaguesSection({ leagues }: { leagues: readonly League[] }) {
  const { data: mine, isPending, isError } = useMyPrivateLeagues();
  const joinedLeagues = leagues.filter((l) => l.joined);
  return (
    <section aria-labelledby="private-leagues" className="space-y-4">
      <div className="space-y-1">
        <h2 id="private-leagues" className="font-semibold text-xl">
          {M.title}
        </h2>
        <p className="text-muted-foreground text-sm">
          Sfida i tuoi amici: stessi roster e stessi punti della lega ufficiale, una classifica solo vostra.
        </p>
      </div>
      {joinedLeagues.length > 0 ? (
        <CreateForm leagues={joinedLeagues} />
      ) : (
        <p className="text-muted-foreground text-sm">{M.noRoster}</p>
      )}
      {isError ? (
        <p className="text-destructive text-sm">{MESSAGES.common.loadError}</p>
      ) : isPending ? (
        <div className="h-24 animate-pulse rounded-lg bg-accent" />
      ) : mine.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
          Non fai ancora parte di nessuna lega privata: creane una e invita i tuoi amici con il link.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {mine.map((pl) => (
            <li key={pl.id}>
              <PrivateLeagueCard pl={pl} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CreateForm({ leagues }: { leagues: readonly League[] }) {
  const nameId = useId();
  const leagueId = useId();
  const [league, setLeague] = useState(leagues[0]?.id ?? '');
  const formatId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [format, setFormat] = useState<PrivateLeague['format']>('classic');
  const suggestion = useSuggestedBands(league, format === 'h2h').data;
  // untouched, the rule follows the official league's suggestion
  const [draft, setDraft] = useState<H2hRuleDraft | null>(null);
  const rule = draft ?? ruleDraft({ rule: 'bands', ...(suggestion ?? { bandStart: 60, bandStep: 10 }) });
  const [ruleError, setRuleError] = useState<string | undefined>();
  const create = useCreatePrivateLeague();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkName(name);
    setError(checked.error);
    const h2h = format === 'h2h' ? checkRule(rule) : {};
    setRuleError(h2h.error);
    if (!checked.name || !league || h2h.error) return;
    create.mutate(
      { leagueId: league, name: checked.name, format, ...(h2h.settings ? { h2h: h2h.settings } : {}) },
      {
        onSuccess: () => {
          toast.success(M.created);
          setName('');
          setDraft(null);
        },
        onError: (err) => toast.error(privateLeagueErrorMessage(err)),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Crea una lega privata"
      className="flex flex-col gap-3 rounded-lg border bg-card p-4"
    >
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={leagueId}>Lega ufficiale</Label>
          <Select value={league} onValueChange={setLeague}>
            <SelectTrigger id={leagueId} className="w-full md:w-56">
              <SelectValue placeholder="Seleziona una lega" />
            </SelectTrigger>
            <SelectContent>
              {leagues.map((l) => (
                <SelectItem key={l.id} value={l.id}>
                  {l.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={nameId}>Nome della lega privata</Label>
          <Input
            id={nameId}
            value={name}
            maxLength={PRIVATE_LEAGUE_LIMITS.nameMax + 10}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${nameId}-error` : undefined}
            placeholder="Es. Amici del calcetto"
          />
          {error && (
            <p id={`${nameId}-error`} className="text-destructive text-xs">
              {error}
            </p>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={formatId}>Formato</Label>
          <Select value={format} onValueChange={(v) => setFormat(v as PrivateLeague['format'])}>
            <SelectTrigger id={formatId} className="w-full md:w-48">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="classic">Classica</SelectItem>
              <SelectItem value="h2h">Scontri diretti</SelectItem>
            </SelectContent>
          </Select>
        </div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creazione...' : 'Crea lega privata'}
        </Button>
      </div>
      {format === 'h2h' && (
        <div className="space-y-2 md:max-w-xl">
          <p className="text-muted-foreground text-sm">
            Un calendario di sfide settimanali, da {H2H_LIMITS.minMembers} a {H2H_LIMITS.maxMembers} membri: 3
            punti a vittoria, 1 a pareggio.
          </p>
          <H2hRuleFields value={rule} onChange={setDraft} suggestion={suggestion} error={ruleError} />
        </div>
      )}
    </form>
  );
}

function PrivateLeagueCard({ pl }: { pl: PrivateLeague }) {
  const headingId = `private-league-${pl.id}`;
  const regenerate = useRegenerateInviteCode();
  const leave = useLeavePrivateLeague();
  const remove = useDeletePrivateLeague();
  const withToast = <T,>(p: Promise<T>, ok: string) =>
    p.then(
      (v) => {
        toast.success(ok);
        return v;
      },
      (err: unknown) => {
        toast.error(privateLeagueErrorMessage(err));
        throw err;
      },
    );
  return (
    <Card aria-labelledby={headingId} role="article" className="h-full gap-3">
      <CardHeader className="gap-1">
        <div className="flex flex-wrap items-center gap-2">
          {pl.isOwner && <Badge variant="brand">Proprietario</Badge>}
          {pl.h2h && <Badge variant="outline">Scontri diretti</Badge>}
          <span className="text-muted-foreground text-xs">{pl.leagueName}</span>
        </div>
        <CardTitle>
          <h3 id={headingId} className="break-words text-lg leading-tight">
            {pl.name}
          </h3>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex-1 space-y-1 text-sm">
        <p className="inline-flex items-center gap-1.5 text-muted-foreground">
          <Users aria-hidden="true" className="size-4" />
          {pl.memberCount} {pl.memberCount === 1 ? 'membro' : 'membri'}
        </p>
        {!pl.isOwner && <p className="text-muted-foreground">Creata da {pl.ownerUsername}</p>}
        {pl.h2h && (
          <>
            <p className="text-muted-foreground text-xs">{ruleSummary(pl.h2h)}</p>
            <p className="text-xs">
              {pl.h2h.calendarGenerated
                ? 'Calendario generato: i membri non cambiano più.'
                : 'Calendario da generare quando ci sono tutti.'}
            </p>
          </>
        )}
        {pl.inviteCode && (
          <p className="break-all text-xs">
            Codice invito: <code className="font-mono font-semibold">{pl.inviteCode}</code>
          </p>
        )}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link
            to={`${paths.leaderboard.getHref(pl.leagueId)}&private=${encodeURIComponent(pl.id)}`}
            aria-label={`Classifica: ${pl.name}`}
          >
            <Trophy aria-hidden="true" />
            Classifica
          </Link>
        </Button>
        {pl.inviteCode && canShare() && (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Condividi link di invito: ${pl.name}`}
            onClick={() => shareInvite(pl, pl.inviteCode!)}
          >
            <Share2 aria-hidden="true" />
            Condividi
          </Button>
        )}
        {pl.inviteCode && (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Copia link di invito: ${pl.name}`}
            onClick={() => copyLink(pl.inviteCode!)}
          >
            <Copy aria-hidden="true" />
            Copia link
          </Button>
        )}
        <MembersDialog pl={pl} />
        {pl.isOwner && pl.h2h && <CalendarButton pl={pl} />}
        {pl.isOwner && pl.h2h && <RuleDialog pl={pl} />}
        {pl.isOwner && <RenameDialog pl={pl} />}
        {pl.isOwner && (
          <ConfirmButton
            size="sm"
            variant="outline"
            label={
              <>
                <RefreshCw aria-hidden="true" />
                Nuovo codice
              </>
            }
            ariaLabel={`Nuovo codice invito: ${pl.name}`}
            title="Generare un nuovo codice invito?"
            description="Il link attuale smetterà di funzionare: chi non è ancora entrato avrà bisogno del nuovo link."
            confirmLabel="Genera nuovo codice"
            onConfirm={() => withToast(regenerate.mutateAsync(pl.id), M.codeRegenerated)}
          />
        )}
        {pl.isOwner ? (
          <ConfirmButton
            size="sm"
            variant="destructive"
            destructive
            label={
              <>
                <Trash2 aria-hidden="true" />
                Elimina
              </>
            }
            ariaLabel={`Elimina lega privata: ${pl.name}`}
            title={`Eliminare "${pl.name}"?`}
            description="La lega privata e la sua classifica spariscono per tutti i membri. I roster e i punti nella lega ufficiale restano."
            confirmLabel="Elimina"
            onConfirm={() => withToast(remove.mutateAsync(pl.id), M.deleted)}
          />
        ) : (
          <ConfirmButton
            size="sm"
            variant="outline"
            destructive
            label={
              <>
                <LogOut aria-hidden="true" />
                Abbandona
              </>
            }
            ariaLabel={`Abbandona lega privata: ${pl.name}`}
            title={`Abbandonare "${pl.name}"?`}
            description="Per rientrare ti servirà di nuovo un link di invito."
            confirmLabel="Abbandona"
            onConfirm={() => withToast(leave.mutateAsync(pl.id), M.left)}
          />
        )}
      </CardFooter>
    </Card>
  );
}

/**
 * An owner's setting edited in a dialog: the button that opens it (its draft reset), the form, and
 * "Annulla" / "Salva".
 */
function FormDialog(p: {
  open: boolean;
  setOpen: (open: boolean) => void;
  onOpen: () => void;
  button: ReactNode;
  ariaLabel: string;
  title: string;
  description: string;
  pending: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        aria-label={p.ariaLabel}
        onClick={() => {
          p.onOpen();
          p.setOpen(true);
        }}
      >
        {p.button}
      </Button>
      <Dialog open={p.open} onOpenChange={p.setOpen}>
        <DialogContent>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              p.onSubmit();
            }}
            className="space-y-4"
          >
            <DialogHeader>
              <DialogTitle>{p.title}</DialogTitle>
              <DialogDescription>{p.description}</DialogDescription>
            </DialogHeader>
            {p.children}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => p.setOpen(false)}>
                Annulla
              </Button>
              <Button type="submit" disabled={p.pending}>
                Salva
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

function RenameDialog({ pl }: { pl: PrivateLeague }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(pl.name);
  const [error, setError] = useState<string | undefined>();
  const rename = useRenamePrivateLeague();
  const id = useId();
  const submit = () => {
    const checked = checkName(name);
    setError(checked.error);
    if (!checked.name) return;
    rename.mutate(
      { id: pl.id, name: checked.name },
      {
        onSuccess: () => {
          toast.success(M.renamed);
          setOpen(false);
        },
        onError: (err) => setError(privateLeagueErrorMessage(err)),
      },
    );
  };
  return (
    <FormDialog
      open={open}
      setOpen={setOpen}
      onOpen={() => {
        setName(pl.name);
        setError(undefined);
      }}
      button={
        <>
          <Pencil aria-hidden="true" />
          Rinomina
        </>
      }
      ariaLabel={`Rinomina: ${pl.name}`}
      title="Rinomina lega privata"
      description="Da 3 a 50 caratteri."
      pending={rename.isPending}
      onSubmit={submit}
    >
      <div className="space-y-1.5">
        <Label htmlFor={id}>Nuovo nome</Label>
        <Input id={id} value={name} onChange={(e) => setName(e.target.value)} maxLength={60} />
        {error && <p className="text-destructive text-xs">{error}</p>}
      </div>
    </FormDialog>
  );
}

function MembersDialog({ pl }: { pl: PrivateLeague }) {
  const [open, setOpen] = useState(false);
  const members = useMembers(pl.id, open);
  const remove = useRemoveMember();
  return (
    <>
      <Button size="sm" variant="outline" aria-label={`Membri: ${pl.name}`} onClick={() => setOpen(true)}>
        <Users aria-hidden="true" />
        Membri
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Membri di {pl.name}</DialogTitle>
            <DialogDescription>
              {pl.memberCount} su un massimo di{' '}
              {(pl.h2h ? H2H_LIMITS.maxMembers : PRIVATE_LEAGUE_LIMITS.maxMembers).toLocaleString('it-IT')}
            </DialogDescription>
          </DialogHeader>
          {members.isPending ? (
            <p className="text-muted-foreground text-sm">{MESSAGES.common.loading}</p>
          ) : members.isError ? (
            <p className="text-destructive text-sm">{MESSAGES.common.loadError}</p>
          ) : (
            <ul className="max-h-80 divide-y overflow-y-auto">
              {members.data.map((m) => (
                <li key={m.userId} className="flex items-center justify-between gap-2 py-2 text-sm">
                  <span className="truncate">
                    {m.username} {m.isOwner && <Badge variant="brand">Proprietario</Badge>}
                  </span>
                  {pl.isOwner && !m.isOwner && !pl.h2h?.calendarGenerated && (
                    <ConfirmButton
                      size="sm"
                      variant="ghost"
                      destructive
                      label={
                        <>
                          <UserMinus aria-hidden="true" />
                          Rimuovi
                        </>
                      }
                      ariaLabel={`Rimuovi ${m.username}`}
                      title={`Rimuovere ${m.username}?`}
                      description="Potrà rientrare solo con un link di invito valido."
                      confirmLabel="Rimuovi"
                      onConfirm={() =>
                        remove.mutateAsync({ id: pl.id, userId: m.userId }).then(
                          () => toast.success(M.memberRemoved),
                          (err: unknown) => {
                            toast.error(privateLeagueErrorMessage(err));
                            throw err;
                          },
                        )
                      }
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

/** "Genera calendario" (and regenerate, which the server allows until the first round starts). */
function CalendarButton({ pl }: { pl: PrivateLeague }) {
  const generate = useGenerateCalendar();
  const again = pl.h2h?.calendarGenerated;
  return (
    <ConfirmButton
      size="sm"
      variant={again ? 'outline' : 'default'}
      label={
        <>
          <CalendarDays aria-hidden="true" />
          {again ? 'Rigenera calendario' : 'Genera calendario'}
        </>
      }
      ariaLabel={`${again ? 'Rigenera' : 'Genera'} calendario: ${pl.name}`}
      title={again ? 'Rigenerare il calendario?' : 'Generare il calendario?'}
      description={`Sfide tra i ${pl.memberCount} membri attuali, dalla prossima settimana della lega ufficiale all'ultima. Da quel momento nessuno può più entrare o uscire; si può rigenerare solo prima che inizi il primo turno.`}
      confirmLabel={again ? 'Rigenera' : 'Genera calendario'}
      onConfirm={() =>
        generate.mutateAsync({ id: pl.id, leagueId: pl.leagueId }).then(
          () => toast.success(M.calendarGenerated),
          (err: unknown) => {
            toast.error(privateLeagueErrorMessage(err));
            throw err;
          },
        )
      }
    />
  );
}

/** The owner's result rule, editable until the first round starts (the server says so otherwise). */
function RuleDialog({ pl }: { pl: PrivateLeague }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<H2hRuleDraft>(() => ruleDraft(pl.h2h!));
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateH2hSettings();
  const submit = () => {
    const checked = checkRule(draft);
    setError(checked.error);
    if (!checked.settings) return;
    update.mutate(
      { id: pl.id, leagueId: pl.leagueId, settings: checked.settings },
      {
        onSuccess: () => {
          toast.success(M.h2hSettingsSaved);
          setOpen(false);
        },
        onError: (err) => setError(privateLeagueErrorMessage(err)),
      },
    );
  };
  return (
    <FormDialog
      open={open}
      setOpen={setOpen}
      onOpen={() => {
        setDraft(ruleDraft(pl.h2h!));
        setError(undefined);
      }}
      button={
        <>
          <Scale aria-hidden="true" />
          Regola
        </>
      }
      ariaLabel={`Regola dei risultati: ${pl.name}`}
      title="Regola dei risultati"
      description="Si può cambiare fino all'inizio del primo turno."
      pending={update.isPending}
      onSubmit={submit}
    >
      <H2hRuleFields value={draft} onChange={setDraft} error={error} />
    </FormDialog>
  );
}

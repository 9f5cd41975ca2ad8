import { MESSAGES } from '@fantarift/core';
import { AlertCircle, LogIn, Trophy, UserPlus, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useLeagues } from '@/api/get-leagues';
import { privateLeagueErrorMessage, useInvitePreview, useJoinPrivateLeague } from '@/api/private-leagues';
import { JoinLeagueButton } from '@/components/leagues/join-league-button';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { forgetInvite, invitePath, rememberInvite } from '../components/pending-invite';

const TITLE = 'Invito a una lega privata';

const rankingHref = (leagueId: string, id: string) =>
  `${paths.leaderboard.getHref(leagueId)}&private=${encodeURIComponent(id)}`;

/** /leghe-private/invito/:code — shows the private league, and joins it in one click. */
export function PrivateLeagueInviteRoute() {
  const { code = '' } = useParams();
  const { user } = useAuth();

  useEffect(() => {
    if (user) forgetInvite();
    else rememberInvite(code);
  }, [user, code]);

  if (!user) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Card className="max-w-lg">
          <CardHeader>
            <CardTitle>
              <h2 className="text-lg">Sei stato invitato in una lega privata</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="text-sm">
            Accedi o registrati per vedere l'invito ed entrare: dopo l'accesso tornerai qui.
          </CardContent>
          <CardFooter className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to={paths.auth.login.getHref()} state={{ from: invitePath(code) }}>
                <LogIn aria-hidden="true" />
                Accedi
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.auth.register.getHref()}>
                <UserPlus aria-hidden="true" />
                Registrati
              </Link>
            </Button>
          </CardFooter>
        </Card>
      </>
    );
  }
  return <Invite code={code} />;
}

function Invite({ code }: { code: string }) {
  const preview = useInvitePreview(code);
  const leagues = useLeagues();
  const join = useJoinPrivateLeague();
  const navigate = useNavigate();

  const joinNow = () =>
    join.mutate(code, {
      onSuccess: ({ message, privateLeague }) => {
        toast.success(message);
        navigate(rankingHref(privateLeague.leagueId, privateLeague.id));
      },
      onError: (err) => toast.error(privateLeagueErrorMessage(err)),
    });

  if (preview.isPending) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Skeleton className="h-48 max-w-lg" />
      </>
    );
  }
  if (preview.isError) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Alert variant="destructive" className="max-w-lg">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>Invito non valido</AlertTitle>
          <AlertDescription>{privateLeagueErrorMessage(preview.error)}</AlertDescription>
        </Alert>
      </>
    );
  }
  const pl = preview.data;
  const league = leagues.data?.find((l) => l.id === pl.leagueId);
  return (
    <>
      <PageHeader title={TITLE} />
      <Card className="max-w-lg" aria-labelledby="invite-name" role="article">
        <CardHeader className="gap-1">
          <span className="text-muted-foreground text-sm">Lega privata</span>
          <CardTitle>
            <h2 id="invite-name" className="break-words text-xl">
              {pl.name}
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">Lega ufficiale</dt>
            <dd>{pl.leagueName}</dd>
            <dt className="text-muted-foreground">Creata da</dt>
            <dd>{pl.ownerUsername}</dd>
            <dt className="text-muted-foreground">
              <Users aria-hidden="true" className="inline size-4" /> Membri
            </dt>
            <dd>{pl.memberCount}</dd>
            {pl.format === 'h2h' && (
              <>
                <dt className="text-muted-foreground">Formato</dt>
                <dd>Scontri diretti</dd>
              </>
            )}
          </dl>
          {!pl.isMember && pl.closedToNewMembers && (
            <p
              role="status"
              className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
            >
              {MESSAGES.privateLeagues.h2hJoinFrozen}.
            </p>
          )}
          {!pl.isMember && !pl.hasRoster && !pl.closedToNewMembers && (
            <p className="mt-4 rounded-md border border-brand/40 bg-brand/10 px-3 py-2 text-sm">
              {MESSAGES.privateLeagues.joinOfficialFirst}.
              {pl.rulesRequired && ' La lega richiede di accettare il regolamento.'}
            </p>
          )}
        </CardContent>
        <CardFooter className="flex flex-wrap gap-2">
          {pl.isMember ? (
            <>
              <p className="w-full text-sm">{MESSAGES.privateLeagues.alreadyMember}.</p>
              <Button asChild>
                <Link to={rankingHref(pl.leagueId, pl.id)}>
                  <Trophy aria-hidden="true" />
                  Vai alla classifica
                </Link>
              </Button>
            </>
          ) : pl.closedToNewMembers ? null : pl.hasRoster ? (
            <Button onClick={joinNow} disabled={join.isPending}>
              <LogIn aria-hidden="true" />
              {join.isPending ? 'Ingresso...' : 'Entra nella lega privata'}
            </Button>
          ) : league ? (
            <JoinLeagueButton
              league={league}
              label="Iscriviti alla lega ufficiale ed entra"
              onJoined={joinNow}
            />
          ) : (
            <Skeleton className="h-9 w-64" />
          )}
        </CardFooter>
      </Card>
    </>
  );
}

import { MESSAGES } from '@fantarift/core';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { joinLeagueErrorMessage, useJoinLeague } from '@/api/join-league';
import type { League } from '@/api/types';
import { Button, type ButtonProps } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { LazyRulesDialog, preloadRulesDialog } from './lazy-rules-dialog';

interface JoinLeagueButtonProps extends Pick<ButtonProps, 'variant' | 'size' | 'className'> {
  league: League;
  label?: string;
  onJoined?: () => void;
}

/**
 * Joins a league (spec §2 Leagues). When the league requires rules not yet accepted,
 * the rules dialog comes first: refusing explains why, accepting joins in one request.
 */
export function JoinLeagueButton({
  league,
  label = 'Unisciti alla Lega',
  onJoined,
  ...buttonProps
}: JoinLeagueButtonProps) {
  const [rulesOpen, setRulesOpen] = useState(false);
  const join = useJoinLeague();
  const needsRules = league.rulesRequired && !league.rulesAccepted;
  const completed = league.status === 'Completed';

  const submit = (acceptRules: boolean) =>
    join.mutate(
      { leagueId: league.id, acceptRules },
      {
        onSuccess: ({ message }) => {
          setRulesOpen(false);
          notify.success(message || MESSAGES.leagues.joined);
          onJoined?.();
        },
        onError: (error) => notify.error(joinLeagueErrorMessage(error)),
      },
    );

  return (
    <>
      <Button
        {...buttonProps}
        aria-label={`${label}: ${league.name}`}
        title={completed ? MESSAGES.leagues.leagueCompleted : undefined}
        disabled={join.isPending || completed}
        // the dialog's code is fetched as soon as the pointer or the focus reaches the button
        onPointerEnter={needsRules ? preloadRulesDialog : undefined}
        onFocus={needsRules ? preloadRulesDialog : undefined}
        onClick={() => (needsRules ? setRulesOpen(true) : submit(false))}
      >
        <LogIn aria-hidden="true" />
        {join.isPending && !rulesOpen ? 'Iscrizione...' : label}
      </Button>
      {needsRules && (
        <LazyRulesDialog
          mode="join"
          leagueName={league.name}
          rulesText={league.rulesText}
          open={rulesOpen}
          onOpenChange={setRulesOpen}
          accepting={join.isPending}
          onAccept={() => submit(true)}
          onRefuse={() => {
            setRulesOpen(false);
            notify.error(MESSAGES.leagues.rulesRefused);
          }}
        />
      )}
    </>
  );
}

import { MESSAGES } from '@fantarift/core';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { joinLeagueErrorMessage, useJoinLeague } from '@/api/join-league';
import type { League } from '@/api/types';
import { Button, type ButtonProps } from '@/components/ui/button';
import { RulesDialog } from './rules-dialog';

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
          toast.success(message || MESSAGES.leagues.joined);
          onJoined?.();
        },
        onError: (error) => toast.error(joinLeagueErrorMessage(error)),
      },
    );

  return (
    <>
      <Button
        {...buttonProps}
        aria-label={`${label}: ${league.name}`}
        title={completed ? MESSAGES.leagues.leagueCompleted : undefined}
        disabled={join.isPending || completed}
        onClick={() => (needsRules ? setRulesOpen(true) : submit(false))}
      >
        <LogIn aria-hidden="true" />
        {join.isPending && !rulesOpen ? 'Iscrizione...' : label}
      </Button>
      {needsRules && (
        <RulesDialog
          mode="join"
          leagueName={league.name}
          rulesText={league.rulesText}
          open={rulesOpen}
          onOpenChange={setRulesOpen}
          accepting={join.isPending}
          onAccept={() => submit(true)}
          onRefuse={() => {
            setRulesOpen(false);
            toast.error(MESSAGES.leagues.rulesRefused);
          }}
        />
      )}
    </>
  );
}

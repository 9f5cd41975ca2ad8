import { MESSAGES } from '@fantarift/core';
import { AlertCircle, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { LeagueSelect } from '@/components/leagues/league-select';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  RewardHeadCells,
  RewardRowCells,
  RewardWeekCard,
} from '@/features/admin/rewards/components/reward-week';
import { useAdminLeague } from '@/features/admin/shared/use-admin-league';
import { isApiError } from '@/lib/api-client';
import { ADMIN_SECTIONS } from '../../components/admin-sections';
import { BackToDashboard } from '../../components/back-to-dashboard';
import { useWeeklyRewards } from '../api/get-weekly-rewards';
import type { DistributedReward } from '../api/types';
import { useUpdateReward } from '../api/update-reward';

/** /admin/weekly-rewards-editor: distributed rewards by week (descending), amounts editable inline. */
export function AdminWeeklyRewardsEditorRoute() {
  const { title, description } = ADMIN_SECTIONS.weeklyRewardsEditor;
  const { leagues, league, setLeagueId } = useAdminLeague();
  return (
    <>
      <BackToDashboard />
      <PageHeader title={title} description={description} />
      <div className="flex flex-col gap-6">
        <LeagueSelect leagues={leagues} value={league?.id} onChange={setLeagueId} />
        {league ? (
          <RewardWeeks leagueId={league.id} />
        ) : (
          <p className="text-muted-foreground">Seleziona una lega per vedere le reward distribuite.</p>
        )}
      </div>
    </>
  );
}

function RewardWeeks({ leagueId }: { leagueId: string }) {
  const query = useWeeklyRewards(leagueId);
  if (query.isPending) return <Skeleton className="h-40 w-full" />;
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>{MESSAGES.common.loadError}</AlertTitle>
      </Alert>
    );
  }
  if (query.data.length === 0) {
    return <p className="text-muted-foreground">Nessuna reward distribuita per questa lega.</p>;
  }
  const weeks = [...query.data].sort((a, b) => b.weekNumber - a.weekNumber);
  return (
    <div className="flex flex-col gap-4">
      {weeks.map((week) => (
        <RewardWeekCard
          key={week.weekNumber}
          weekNumber={week.weekNumber}
          participants={week.rows.length}
          total={week.total}
          heading="h2"
        >
          <Table>
            <caption className="sr-only">Reward della settimana {week.weekNumber}</caption>
            <TableHeader>
              <TableRow>
                <RewardHeadCells />
                <TableHead>Reward (BC)</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {week.rows.map((row) => (
                <TableRow key={row.id}>
                  <RewardRowCells
                    position={row.userPosition}
                    username={row.username}
                    tier={row.rewardTier}
                    points={row.totalPoints}
                  />
                  <TableCell>
                    <AmountEditor key={row.rewardAmount} reward={row} leagueId={leagueId} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </RewardWeekCard>
      ))}
    </div>
  );
}

function AmountEditor({ reward, leagueId }: { reward: DistributedReward; leagueId: string }) {
  const [value, setValue] = useState(String(reward.rewardAmount));
  const [invalid, setInvalid] = useState(false);
  const updateReward = useUpdateReward();
  const amount = Number(value);
  const changed = value !== String(reward.rewardAmount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '' || !Number.isInteger(amount) || amount < 0) {
      setInvalid(true);
      toast.error(MESSAGES.rewards.amountInvalid);
      return;
    }
    setInvalid(false);
    updateReward.mutate(
      { rewardId: reward.id, leagueId, rewardAmount: amount },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: (err) =>
          toast.error(isApiError(err) && err.isClientError ? err.message : MESSAGES.rewards.updateError),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex items-center gap-2">
      <Input
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        className="h-8 w-16 sm:w-20 md:h-8"
        aria-label={`Reward di ${reward.username}`}
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button
        type="submit"
        size="icon"
        variant={changed ? 'default' : 'outline'}
        className="size-8"
        disabled={!changed || updateReward.isPending}
        aria-label={`Salva reward di ${reward.username}`}
      >
        <Save aria-hidden="true" />
      </Button>
    </form>
  );
}

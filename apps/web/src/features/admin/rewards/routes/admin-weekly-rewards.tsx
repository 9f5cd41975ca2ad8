import { MESSAGES } from '@fantarift/core';
import { AlertCircle, Calculator, Coins, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/page-header';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import {
  RewardHeadCells,
  RewardRowCells,
  RewardWeekCard,
} from '@/features/admin/rewards/components/reward-week';
import { SectionCard } from '@/features/admin/shared/section-card';
import { useAdminLeague } from '@/features/admin/shared/use-admin-league';
import { isApiError } from '@/lib/api-client';
import { ADMIN_SECTIONS } from '../../components/admin-sections';
import { BackToDashboard } from '../../components/back-to-dashboard';
import { LeagueFieldForm } from '../../shared/league-field-form';
import type { RewardPreviewTotals } from '../api/calculate-rewards';
import { useCalculateRewards } from '../api/calculate-rewards';
import { useDistributeRewards } from '../api/distribute-rewards';
import { useWeeklyRewards } from '../api/get-weekly-rewards';
import type { RewardPreviewRow } from '../api/types';

const HISTORY_ROWS = 10;

interface Preview extends RewardPreviewTotals {
  leagueId: string;
  weekNumber: number;
  rows: RewardPreviewRow[];
}

/** /admin/weekly-rewards: calculate (preview), distribute, history per week. */
export function AdminWeeklyRewardsRoute() {
  const { title, description } = ADMIN_SECTIONS.weeklyRewards;
  const picker = useAdminLeague();
  const { league } = picker;
  const [week, setWeek] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const calculate = useCalculateRewards();
  const distribute = useDistributeRewards();

  const weekNumber = Number(week);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!league) return setError(MESSAGES.recovery.selectLeague);
    if (!Number.isInteger(weekNumber) || weekNumber < 1) return setError(MESSAGES.rewards.weekNumberMin);
    setError(null);
    calculate.mutate(
      { leagueId: league.id, weekNumber },
      {
        onSuccess: (data) => setPreview({ leagueId: league.id, weekNumber, ...data }),
        onError: (err) => {
          setPreview(null);
          toast.error(isApiError(err) && err.isClientError ? err.message : MESSAGES.rewards.calculateFailed);
        },
      },
    );
  };

  const onDistribute = () => {
    if (!preview) return toast.error(MESSAGES.rewards.calculateFirst);
    distribute.mutate(
      { leagueId: preview.leagueId, weekNumber: preview.weekNumber },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setPreview(null);
        },
        onError: (err) =>
          toast.error(
            isApiError(err, 409) || err.message.includes('already been distributed')
              ? MESSAGES.rewards.alreadyDistributed
              : MESSAGES.rewards.distributeFailed,
          ),
      },
    );
  };

  // A preview belongs to the league and week it was calculated for.
  const shownPreview =
    preview && preview.leagueId === league?.id && preview.weekNumber === weekNumber ? preview : null;

  return (
    <>
      <BackToDashboard />
      <PageHeader title={title} description={description} />
      <div className="flex flex-col gap-6">
        <SectionCard
          title="Calcola Reward"
          icon={Calculator}
          description="Anteprima dei Burro Coin per posizione in classifica: Top 3 = 7, Top 10 = 5, Top Half = 4, Bottom Half = 3; in più il bonus soglia a chi raggiunge la soglia di punti nella settimana."
        >
          <LeagueFieldForm
            onSubmit={submit}
            picker={picker}
            field={{
              label: 'Numero settimana',
              type: 'number',
              min: 1,
              step: 1,
              className: 'sm:w-40',
              value: week,
              invalid: error === MESSAGES.rewards.weekNumberMin,
              onChange: (e) => {
                setWeek(e.target.value);
                setError(null);
              },
            }}
            error={error}
            errorClassName="mt-3"
          >
            <SubmitButton pending={calculate.isPending} pendingLabel="Calcolo...">
              <Calculator aria-hidden="true" />
              Calcola
            </SubmitButton>
          </LeagueFieldForm>
        </SectionCard>

        {shownPreview && (
          <SectionCard
            title={<>Anteprima Settimana {shownPreview.weekNumber}</>}
            description={
              <>
                {shownPreview.rows.length} partecipanti ·{' '}
                {MESSAGES.pointsTrust.previewTotals(
                  shownPreview.tierTotal,
                  shownPreview.bonusTotal,
                  shownPreview.bonusCount,
                )}
              </>
            }
            contentClassName="flex flex-col gap-4"
          >
            <RewardsTable
              caption={`Anteprima reward settimana ${shownPreview.weekNumber}`}
              rows={shownPreview.rows.map((r) => ({
                key: r.rosterId,
                position: r.position,
                username: r.username,
                tier: r.rewardTier,
                points: r.totalPoints,
                amount: r.rewardAmount,
                bonus: r.bonusAmount,
              }))}
              total={shownPreview.total}
            />
            <div>
              <Button
                variant="brand"
                onClick={onDistribute}
                disabled={distribute.isPending || shownPreview.rows.length === 0}
                aria-busy={distribute.isPending || undefined}
              >
                <Send aria-hidden="true" />
                {distribute.isPending ? 'Distribuzione...' : 'Distribuisci'}
              </Button>
            </div>
          </SectionCard>
        )}

        {league && <RewardsHistory leagueId={league.id} />}
      </div>
    </>
  );
}

interface TableRowData {
  key: string;
  position: number;
  username: string;
  tier: string;
  points: number;
  amount: number;
  bonus: number;
}

function RewardsTable({ caption, rows, total }: { caption: string; rows: TableRowData[]; total?: number }) {
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <RewardHeadCells />
          <TableHead className="text-right">Reward</TableHead>
          <TableHead className="text-right">
            <span className="sm:hidden">Bonus</span>
            <span className="hidden sm:inline">{MESSAGES.pointsTrust.bonusColumn}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key}>
            <RewardRowCells position={r.position} username={r.username} tier={r.tier} points={r.points} />
            <TableCell className="text-right tabular-nums">{r.amount} BC</TableCell>
            <TableCell className="text-right tabular-nums">{r.bonus > 0 ? `+${r.bonus} BC` : '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      {total !== undefined && (
        <TableFooter>
          <TableRow>
            <TableCell colSpan={2}>Totale</TableCell>
            {/* the tier and points columns, folded on a phone */}
            <TableCell colSpan={2} className="hidden sm:table-cell" />
            <TableCell colSpan={2} className="text-right tabular-nums">
              {total} BC
            </TableCell>
          </TableRow>
        </TableFooter>
      )}
    </Table>
  );
}

function RewardsHistory({ leagueId }: { leagueId: string }) {
  const query = useWeeklyRewards(leagueId);
  return (
    <section aria-labelledby="rewards-history" className="flex flex-col gap-3">
      <h2 id="rewards-history" className="flex items-center gap-2 font-semibold text-lg">
        <Coins aria-hidden="true" className="size-5 text-brand" />
        Storico Reward
      </h2>
      {query.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : query.isError ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>{MESSAGES.common.loadError}</AlertTitle>
        </Alert>
      ) : query.data.length === 0 ? (
        <p className="text-muted-foreground">Nessuna reward distribuita per questa lega.</p>
      ) : (
        query.data.map((week) => (
          <RewardWeekCard
            key={week.weekNumber}
            weekNumber={week.weekNumber}
            participants={week.rows.length}
            total={week.total}
          >
            <RewardsTable
              caption={`Reward distribuite settimana ${week.weekNumber}`}
              rows={week.rows.slice(0, HISTORY_ROWS).map((r) => ({
                key: r.id,
                position: r.userPosition,
                username: r.username,
                tier: r.rewardTier,
                points: r.totalPoints,
                amount: r.rewardAmount,
                bonus: r.bonusAmount,
              }))}
            />
            {week.rows.length > HISTORY_ROWS && (
              <p className="mt-2 text-muted-foreground text-sm">
                {MESSAGES.rewards.andMore(week.rows.length - HISTORY_ROWS)}
              </p>
            )}
          </RewardWeekCard>
        ))
      )}
    </section>
  );
}

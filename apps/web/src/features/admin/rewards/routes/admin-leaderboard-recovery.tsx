import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { ADMIN_SECTIONS } from '../../components/admin-sections';
import { BackToDashboard } from '../../components/back-to-dashboard';
import { RecalculationControls } from '../../season/components/recalculation-controls';
import { WrappingTabsList } from '../../shared/wrapping-tabs-list';
import { HistoricalRecovery } from '../components/historical-recovery';
import { SnapshotRestore } from '../components/snapshot-restore';

/** /admin/leaderboard-recovery: recalculation, automatic snapshots, manual historical recovery. */
export function AdminLeaderboardRecoveryRoute() {
  const { title, description } = ADMIN_SECTIONS.leaderboardRecovery;
  return (
    <>
      <BackToDashboard />
      <PageHeader title={title} description={description} />
      <Tabs defaultValue="recalculate" className="gap-4">
        <WrappingTabsList
          className="sm:w-fit"
          tabs={[
            { value: 'recalculate', label: 'Ricalcolo Punteggi' },
            { value: 'snapshots', label: 'Snapshot Automatici' },
            { value: 'history', label: 'Recupero Storico' },
          ]}
        />
        <TabsContent value="recalculate">
          <RecalculationControls />
        </TabsContent>
        <TabsContent value="snapshots">
          <SnapshotRestore />
        </TabsContent>
        <TabsContent value="history">
          <HistoricalRecovery />
        </TabsContent>
      </Tabs>
    </>
  );
}

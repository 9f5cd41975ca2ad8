import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ADMIN_SECTIONS } from '../../components/admin-sections';
import { BackToDashboard } from '../../components/back-to-dashboard';
import { RecalculationControls } from '../../season/components/recalculation-controls';
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
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
          <TabsTrigger value="recalculate" className="h-8 flex-none">
            Ricalcolo Punteggi
          </TabsTrigger>
          <TabsTrigger value="snapshots" className="h-8 flex-none">
            Snapshot Automatici
          </TabsTrigger>
          <TabsTrigger value="history" className="h-8 flex-none">
            Recupero Storico
          </TabsTrigger>
        </TabsList>
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

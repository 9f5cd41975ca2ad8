import { MESSAGES } from '@fantarift/core';
import { AlertCircle } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ADMIN_SECTIONS } from '../../components/admin-sections';
import { BackToDashboard } from '../../components/back-to-dashboard';
import { LoadingSkeletons } from '../../shared/loading-skeletons';
import { useScoringRules } from '../api/get-scoring-rules';
import { RecalculationControls } from '../components/recalculation-controls';
import { ScoringRulesForm } from '../components/scoring-rules-form';

/** /admin/scoring: Global Scoring Rules, then the recalculation controls. */
export function AdminScoringRoute() {
  const { title, description } = ADMIN_SECTIONS.scoring;
  const query = useScoringRules();
  return (
    <>
      <BackToDashboard />
      <PageHeader title={title} description={description} />
      <div className="flex flex-col gap-6">
        {query.isPending ? (
          <LoadingSkeletons className="grid gap-6 lg:grid-cols-2" skeletons={['h-96', 'h-96']} />
        ) : query.isError ? (
          <Alert variant="destructive">
            <AlertCircle aria-hidden="true" />
            <AlertTitle>{MESSAGES.scoring.loadError}</AlertTitle>
            <AlertDescription>
              <Button variant="outline" size="sm" className="mt-2" onClick={() => query.refetch()}>
                {MESSAGES.common.reload}
              </Button>
            </AlertDescription>
          </Alert>
        ) : (
          <ScoringRulesForm key={query.dataUpdatedAt} rules={query.data.rules} />
        )}
        <RecalculationControls />
      </div>
    </>
  );
}

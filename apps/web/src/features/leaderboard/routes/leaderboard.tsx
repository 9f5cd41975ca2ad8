import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';

export function LeaderboardRoute() {
  return (
    <>
      <PageHeader title="Classifica" description="Le classifiche di ogni lega e le ricompense settimanali." />
      <ComingSoon>
        Confronta i punti totali dei manager della tua lega e scopri le fasce di ricompensa in Burro Coin di
        ogni settimana.
      </ComingSoon>
    </>
  );
}

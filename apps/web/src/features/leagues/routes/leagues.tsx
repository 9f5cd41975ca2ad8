import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';

export function LeaguesRoute() {
  return (
    <>
      <PageHeader
        title="Leghe & Eventi"
        description="Unisciti alle leghe regionali e agli eventi internazionali."
      />
      <ComingSoon>
        Qui troverai <strong>Le Tue Leghe</strong> e le <strong>Leghe Disponibili</strong>, con stato, tipo,
        data di inizio, numero di team e stato del mercato. Unendoti alla prima lega riceverai 15 Panda Coin e
        8 Burro Coin.
      </ComingSoon>
    </>
  );
}

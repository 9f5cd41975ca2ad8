import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';

export function RosterRoute() {
  return (
    <>
      <PageHeader title="Il Mio Roster" description="I tuoi giocatori e campioni per la lega selezionata." />
      <ComingSoon>
        Scegli una lega per vedere i saldi di Panda Coin e Burro Coin, i tuoi giocatori (fino a 5) e i tuoi
        campioni (fino a 8).
      </ComingSoon>
    </>
  );
}

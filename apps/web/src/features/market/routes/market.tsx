import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';

export function MarketRoute() {
  return (
    <>
      <PageHeader title="Mercato" description="Compra e vendi giocatori e campioni." />
      <ComingSoon>
        Giocatori con i Panda Coin, campioni con i Burro Coin: filtra per ruolo, tier e team e costruisci il
        roster perfetto.
      </ComingSoon>
    </>
  );
}

import { ChartNoAxesColumn, Coins, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

const FEATURES = [
  {
    icon: Trophy,
    title: 'Leghe & Eventi',
    text: 'LCK, LPL, LEC, LTA North e gli eventi internazionali: MSI, Worlds, First Stand.',
  },
  {
    icon: Coins,
    title: 'Roster & Mercato',
    text: 'Fino a 5 giocatori con i Panda Coin e 8 campioni con i Burro Coin. Compra, vendi, migliora.',
  },
  {
    icon: ChartNoAxesColumn,
    title: 'Classifiche & Reward',
    text: 'Punti dalle statistiche reali dei match e Burro Coin ogni settimana in base alla posizione.',
  },
] as const;

export function LandingHero() {
  return (
    <div className="space-y-10 sm:space-y-14">
      <section className="relative overflow-hidden rounded-2xl border bg-gradient-to-br from-[oklch(0.2_0.06_270)] via-[oklch(0.24_0.09_275)] to-[oklch(0.17_0.05_260)] px-6 py-12 text-center text-white shadow-lg sm:px-12 sm:py-20">
        <div
          aria-hidden="true"
          className="-translate-x-1/2 pointer-events-none absolute top-[-55%] left-1/2 size-[40rem] rounded-full bg-[oklch(0.5_0.2_275/0.45)] blur-3xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute right-[-10%] bottom-[-60%] size-[28rem] rounded-full bg-[oklch(0.82_0.13_82/0.14)] blur-3xl"
        />
        <div className="relative mx-auto max-w-2xl space-y-6">
          <p className="font-semibold text-[oklch(0.84_0.13_82)] text-sm uppercase tracking-[0.2em]">
            Fantasy esports · League of Legends
          </p>
          <h1 className="text-balance font-extrabold text-4xl tracking-tight sm:text-6xl">
            Fanta<span className="text-[oklch(0.84_0.13_82)]">Rift</span>
          </h1>
          <p className="text-balance text-lg text-white/80 sm:text-xl">
            Il fantasy game degli esports professionistici di League of Legends. Unisciti alle leghe,
            costruisci il tuo roster di pro player e campioni, fai mercato e scala la classifica settimana
            dopo settimana.
          </p>
          <div className="flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" variant="brand">
              <Link to={paths.auth.register.getHref()}>Registrati</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/30 bg-white/5 text-white hover:bg-white/15 hover:text-white dark:border-white/30 dark:bg-white/5 dark:hover:bg-white/15"
            >
              <Link to={paths.auth.login.getHref()}>Login</Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="how-it-works" className="space-y-4">
        <h2 id="how-it-works" className="text-center font-bold text-2xl tracking-tight">
          Come funziona
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex">
              <Card className="flex-1">
                <CardHeader className="gap-3">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-brand/15 text-brand-text">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <CardTitle>
                    <h3>{title}</h3>
                  </CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

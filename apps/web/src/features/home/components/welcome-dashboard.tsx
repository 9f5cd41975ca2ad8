import { emailParts, WELCOME } from '@fantarift/core';
import { ChartNoAxesColumn, ShoppingCart, Trophy, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { QuickStats } from './quick-stats';

const SHORTCUTS = [
  { to: paths.leagues.getHref(), label: 'Le Mie Leghe', icon: Trophy },
  { to: paths.roster.getHref(), label: 'Il Mio Roster', icon: Users },
  { to: paths.market.getHref(), label: 'Mercato', icon: ShoppingCart },
  { to: paths.leaderboard.getHref(), label: 'Classifica', icon: ChartNoAxesColumn },
] as const;

export function WelcomeDashboard({ email }: { email: string }) {
  return (
    <div className="space-y-8">
      <title>FantaRift</title>
      <WelcomeHeading email={email} />

      <nav aria-label="Scorciatoie">
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {SHORTCUTS.map(({ to, label, icon: Icon }) => (
            <li key={to} className="flex">
              <Button
                asChild
                variant="outline"
                className="h-auto flex-1 flex-col gap-2 whitespace-normal py-5 text-center font-semibold hover:border-brand/60"
              >
                <Link to={to}>
                  <Icon aria-hidden="true" className="size-6 text-brand-text" />
                  {label}
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      </nav>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Statistiche Rapide</h2>
          </CardTitle>
          <CardDescription>Le tue prestazioni in tutte le leghe.</CardDescription>
        </CardHeader>
        <CardContent>
          <QuickStats />
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * "Benvenuto, {email}!" and the description: the server's shell paints the same markup
 * (`welcomeHeadingHtml`) before this code arrives, so nothing moves when the app replaces it.
 */
export function WelcomeHeading({ email }: { email: string }) {
  return (
    <section className="space-y-2">
      <h1 className="font-bold text-xl tracking-tight sm:text-3xl">
        {WELCOME.greeting}, <EmailText email={`${email}!`} />
      </h1>
      <p className="text-muted-foreground">{WELCOME.description}</p>
    </section>
  );
}

/**
 * An e-mail that wraps only between its parts (before '@' and '.'), never inside a word; a part wider
 * than the screen is the only thing ever cut.
 */
function EmailText({ email }: { email: string }) {
  const parts = emailParts(email);
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
        <span key={i}>
          {i > 0 && <wbr />}
          {part}
        </span>
      ))}
    </span>
  );
}

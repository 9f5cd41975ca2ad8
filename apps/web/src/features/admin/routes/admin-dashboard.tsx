import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ADMIN_SECTIONS, DASHBOARD_CARDS } from '../components/admin-sections';
import { useOverview } from '../dashboard/api/get-overview';
import { dashboardCount } from '../dashboard/components/dashboard-counts';

export function AdminDashboardRoute() {
  const overview = useOverview();
  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        description="Gestisci leghe, settimane, campioni, team, roster, punteggi e ricompense."
      />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {DASHBOARD_CARDS.map(({ section, href }) => {
          const { title, description, icon: Icon } = ADMIN_SECTIONS[section];
          const count = overview.data ? dashboardCount(section, overview.data) : null;
          return (
            <li key={section} className="flex">
              <Card className="group relative flex-1 transition-colors focus-within:ring-[3px] focus-within:ring-ring/50 hover:border-brand/60">
                <CardHeader className="gap-3">
                  <div className="flex items-start justify-between gap-2">
                    <span className="flex size-10 items-center justify-center rounded-lg bg-brand/15 text-brand-text">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    {overview.isPending ? (
                      <Skeleton className="h-5 w-20" />
                    ) : (
                      count && (
                        <Badge variant="secondary" className="tabular-nums">
                          {count}
                        </Badge>
                      )
                    )}
                  </div>
                  <CardTitle>
                    <h2>
                      {/* The whole card is the link; its name is the title. */}
                      <Link to={href} className="outline-none after:absolute after:inset-0 after:rounded-xl">
                        {title}
                      </Link>
                    </h2>
                  </CardTitle>
                  <CardDescription>{description}</CardDescription>
                  <span
                    aria-hidden="true"
                    className="mt-1 flex items-center gap-1 font-medium text-brand-text text-sm transition-transform group-hover:translate-x-0.5"
                  >
                    Apri <ArrowRight className="size-4" />
                  </span>
                </CardHeader>
              </Card>
            </li>
          );
        })}
      </ul>
    </>
  );
}

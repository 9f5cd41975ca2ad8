import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { CreateLeagueForm } from '../components/create-league-form';

/** /admin/leagues/new */
export function AdminNewLeagueRoute() {
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-2 text-muted-foreground">
        <Link to={paths.admin.leagues.getHref()}>
          <ArrowLeft aria-hidden="true" />
          Leagues Management
        </Link>
      </Button>
      <PageHeader
        title="Crea Nuova Lega"
        description="Nome, tipo, date, team partecipanti e fasi della nuova lega."
      />
      <div className="max-w-3xl">
        <CreateLeagueForm />
      </div>
    </>
  );
}

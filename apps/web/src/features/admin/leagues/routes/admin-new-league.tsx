import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { BackLink } from '../../components/back-to-dashboard';
import { CreateLeagueForm } from '../components/create-league-form';

/** /admin/leagues/new */
export function AdminNewLeagueRoute() {
  return (
    <>
      <BackLink to={paths.admin.leagues.getHref()}>Leagues Management</BackLink>
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

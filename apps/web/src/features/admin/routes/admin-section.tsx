import { useParams } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';
import { ADMIN_SECTIONS, type AdminSectionKey } from '../components/admin-sections';
import { BackToDashboard } from '../components/back-to-dashboard';

/** Admin pages whose tools arrive in later issues: title, purpose and an "In arrivo" note. */
export function AdminSectionRoute({ section }: { section: AdminSectionKey }) {
  const { leagueId } = useParams();
  const { title, description } = ADMIN_SECTIONS[section];
  return (
    <>
      <BackToDashboard />
      <PageHeader title={title} description={description} />
      <ComingSoon>
        {leagueId ? (
          <>
            Lega <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">{leagueId}</code>: questa
            sezione sarà disponibile a breve.
          </>
        ) : (
          'Questa sezione sarà disponibile a breve.'
        )}
      </ComingSoon>
    </>
  );
}

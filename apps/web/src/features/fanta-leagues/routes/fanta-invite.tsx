import { FANTA_MESSAGES } from '@fantarift/core';
import { LogIn } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { fantaErrorMessage, useJoinFantaLeague } from '@/api/fanta-leagues';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** /leghe-fanta/invito/:code — joins a Lega Fanta in one click (behind the login). */
export function FantaInviteRoute() {
  const { code = '' } = useParams();
  const join = useJoinFantaLeague();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Invito a una Lega Fanta" />
      <div className="max-w-lg space-y-3 rounded-lg border bg-card p-4">
        <p className="text-sm">
          Sei stato invitato in una Lega Fanta: un'asta dal vivo tra amici. Codice{' '}
          <strong className="font-mono">{code}</strong>.
        </p>
        <Button
          disabled={join.isPending}
          onClick={() =>
            join.mutate(code, {
              onSuccess: (fl) => {
                toast.success(FANTA_MESSAGES.joined);
                navigate(paths.fantaLeague.getHref(fl.id));
              },
              onError: (err) => toast.error(fantaErrorMessage(err)),
            })
          }
        >
          <LogIn aria-hidden="true" />
          Entra nella Lega Fanta
        </Button>
      </div>
    </>
  );
}

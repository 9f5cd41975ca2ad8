import { MESSAGES } from '@fantarift/core';
import { LoaderCircle, LogIn } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { confirmEmailErrorMessage, useConfirmEmail } from '../api/confirm-email';
import { AuthCard, authLinkClass } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

/** Where to go after login: the page that sent us here, if it is one of ours. */
function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (
    typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('//') &&
    from !== paths.auth.login.path
  ) {
    return from;
  }
  return paths.home.getHref();
}

export function LoginRoute() {
  const { user } = useAuth();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const confirmToken = searchParams.get('confirm');
  const { mutate: confirmEmail, isPending: confirming } = useConfirmEmail();
  // Confirmation tokens are single-use: send each one once, even if the effect runs twice.
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    if (!confirmToken || sentToken.current === confirmToken) return;
    sentToken.current = confirmToken;
    confirmEmail(
      { token: confirmToken },
      {
        onSuccess: (result) => toast.success(result.message || MESSAGES.auth.emailConfirmed),
        onError: (error) => toast.error(confirmEmailErrorMessage(error)),
        onSettled: () =>
          setSearchParams(
            (params) => {
              params.delete('confirm');
              return params;
            },
            { replace: true, state: location.state },
          ),
      },
    );
  }, [confirmToken, confirmEmail, setSearchParams, location.state]);

  // Signed in (already, or just now through the form): leave the login page.
  if (user && !confirmToken) return <Navigate to={redirectTarget(location.state)} replace />;

  return (
    <AuthCard
      title="Accedi"
      description="Accedi al tuo account FantaRift"
      icon={<LogIn aria-hidden="true" />}
      footer={
        <>
          Non hai un account?
          <Link to={paths.auth.register.getHref()} className={authLinkClass}>
            Registrati
          </Link>
        </>
      }
    >
      {confirming && (
        <Alert role="status">
          <LoaderCircle aria-hidden="true" className="animate-spin" />
          <AlertDescription>Conferma dell'email in corso...</AlertDescription>
        </Alert>
      )}
      <LoginForm />
    </AuthCard>
  );
}

import { MESSAGES } from '@fantarift/core';
import { KeyRound, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AuthCard } from '../components/auth-card';
import { ResetPasswordForm } from '../components/reset-password-form';

/** Reached from the e-mail link /reset-password?token=...&type=recovery (DECISIONS 22). */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const [linkRejected, setLinkRejected] = useState(false);

  if (!token || linkRejected) {
    return (
      <AuthCard
        title={MESSAGES.auth.invalidResetLink}
        description={MESSAGES.auth.invalidResetLinkDescription}
        icon={<LinkIcon aria-hidden="true" />}
      >
        <Button asChild className="w-full">
          <Link to={paths.auth.forgotPassword.getHref()}>Richiedi un nuovo link</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reimposta password"
      description="Scegli una nuova password per il tuo account."
      icon={<KeyRound aria-hidden="true" />}
    >
      <ResetPasswordForm
        token={token}
        onInvalidLink={() => setLinkRejected(true)}
        onDone={() => {
          toast.success(MESSAGES.auth.passwordResetSuccess);
          navigate(paths.auth.login.getHref(), { replace: true });
        }}
      />
    </AuthCard>
  );
}

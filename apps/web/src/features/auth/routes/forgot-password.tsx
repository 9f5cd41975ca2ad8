import { MESSAGES } from '@fantarift/core';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AuthCard, authLinkClass } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export function ForgotPasswordRoute() {
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) {
    return (
      <AuthCard
        title={MESSAGES.auth.resetEmailSentTitle}
        description={MESSAGES.auth.resetEmailSentDescription(sentTo)}
        icon={<MailCheck aria-hidden="true" />}
      >
        <Button asChild className="w-full">
          <Link to={paths.auth.login.getHref()}>Torna al login</Link>
        </Button>
        <Button variant="ghost" className="w-full" onClick={() => setSentTo(null)}>
          Usa un altro indirizzo email
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Password dimenticata?"
      description="Inserisci la tua email: ti invieremo un link per reimpostare la password."
      icon={<KeyRound aria-hidden="true" />}
      footer={
        <>
          Ti sei ricordato la password?
          <Link to={paths.auth.login.getHref()} className={authLinkClass}>
            Accedi
          </Link>
        </>
      }
    >
      <ForgotPasswordForm onSent={setSentTo} />
    </AuthCard>
  );
}

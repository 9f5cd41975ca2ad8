import { MESSAGES } from '@fantarift/core';
import { Coins, MailCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AuthCard, authLinkClass } from '../components/auth-card';
import { RegisterForm } from '../components/register-form';

export function RegisterRoute() {
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) {
    return (
      <AuthCard
        title={MESSAGES.auth.signupSuccessTitle}
        description={MESSAGES.auth.signupSuccessDescription(sentTo)}
        icon={<MailCheck aria-hidden="true" />}
      >
        <Button asChild className="w-full">
          <Link to={paths.auth.login.getHref()}>Vai al login</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Registrati"
      description="Crea il tuo account FantaRift"
      icon={<UserPlus aria-hidden="true" />}
      footer={
        <>
          Hai già un account?
          <Link to={paths.auth.login.getHref()} className={authLinkClass}>
            Accedi
          </Link>
        </>
      }
    >
      <p className="flex items-start gap-3 rounded-lg border border-brand/40 bg-brand/10 p-3 text-sm">
        <Coins aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-text" />
        <span>{MESSAGES.auth.signupBonus}</span>
      </p>
      <RegisterForm onRegistered={setSentTo} />
    </AuthCard>
  );
}

import { KeyRound } from 'lucide-react';
import { AuthCard } from '../components/auth-card';
import { ChangePasswordForm } from '../components/change-password-form';

export function ChangePasswordRoute() {
  return (
    <AuthCard
      title="Cambia Password"
      description="Inserisci la password attuale e scegli quella nuova."
      icon={<KeyRound aria-hidden="true" />}
    >
      <ChangePasswordForm />
    </AuthCard>
  );
}

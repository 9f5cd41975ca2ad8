import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/text-field';

/**
 * "Nuova password" and its confirmation, as the reset and change-password forms ask for them: the
 * browser is told they are new passwords, the first carries the length hint, and both point at the
 * form's error summary when invalid.
 */
export function NewPasswordFields({
  id,
  errorsId,
  password,
  confirm,
  confirmLabel,
}: {
  id: string;
  errorsId: string;
  password: { field: UseFormRegisterReturn; invalid: boolean };
  confirm: { field: UseFormRegisterReturn; invalid: boolean };
  confirmLabel: string;
}) {
  return (
    <>
      <TextField
        id={`${id}-new`}
        label="Nuova password"
        type="password"
        autoComplete="new-password"
        hint="Almeno 6 caratteri."
        invalid={password.invalid}
        errorId={errorsId}
        {...password.field}
      />
      <TextField
        id={`${id}-confirm`}
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        invalid={confirm.invalid}
        errorId={errorsId}
        {...confirm.field}
      />
    </>
  );
}

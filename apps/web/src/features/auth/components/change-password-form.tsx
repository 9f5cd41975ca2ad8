import { type ChangePasswordInput, ChangePasswordSchema, MESSAGES } from '@fantarift/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { errorMessages, FormErrors } from '@/components/form-errors';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
import { changePasswordErrorMessage, useChangePassword } from '../api/change-password';
import { NewPasswordFields } from './new-password-fields';

export function ChangePasswordForm() {
  const id = useId();
  const errorsId = `${id}-errors`;
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof ChangePasswordSchema>, unknown, ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success(MESSAGES.auth.passwordChangeSuccess);
          reset();
        },
        onError: (error) => toast.error(changePasswordErrorMessage(error)),
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <TextField
        id={`${id}-current`}
        label="Password attuale"
        type="password"
        autoComplete="current-password"
        invalid={Boolean(errors.currentPassword)}
        errorId={errorsId}
        {...register('currentPassword')}
      />
      <NewPasswordFields
        id={id}
        errorsId={errorsId}
        confirmLabel="Conferma nuova password"
        password={{ field: register('newPassword'), invalid: Boolean(errors.newPassword) }}
        confirm={{ field: register('confirmPassword'), invalid: Boolean(errors.confirmPassword) }}
      />
      <FormErrors id={errorsId} messages={errorMessages(errors)} />
      <SubmitButton pending={change.isPending} pendingLabel="Aggiornamento in corso..." className="w-full">
        Cambia Password
      </SubmitButton>
    </form>
  );
}

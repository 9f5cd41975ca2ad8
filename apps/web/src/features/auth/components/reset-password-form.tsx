import { MESSAGES, type ResetPasswordInput, ResetPasswordSchema } from '@fantarift/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { errorMessages, FormErrors } from '@/components/form-errors';
import { SubmitButton } from '@/components/submit-button';
import { isInvalidResetLinkError, useResetPassword } from '../api/reset-password';
import { NewPasswordFields } from './new-password-fields';

interface ResetPasswordFormProps {
  token: string;
  onDone: () => void;
  onInvalidLink: () => void;
}

export function ResetPasswordForm({ token, onDone, onInvalidLink }: ResetPasswordFormProps) {
  const id = useId();
  const errorsId = `${id}-errors`;
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof ResetPasswordSchema>, unknown, ResetPasswordInput>({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (isInvalidResetLinkError(error)) onInvalidLink();
          else toast.error(error.message || MESSAGES.common.unexpectedError);
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <NewPasswordFields
        id={id}
        errorsId={errorsId}
        confirmLabel="Conferma password"
        password={{ field: register('password'), invalid: Boolean(errors.password) }}
        confirm={{ field: register('confirmPassword'), invalid: Boolean(errors.confirmPassword) }}
      />
      <FormErrors id={errorsId} messages={errorMessages(errors)} />
      <SubmitButton pending={reset.isPending} pendingLabel="Aggiornamento in corso..." className="w-full">
        Aggiorna password
      </SubmitButton>
    </form>
  );
}

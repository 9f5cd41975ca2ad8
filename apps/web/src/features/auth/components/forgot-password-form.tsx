import { type ForgotPasswordInput, ForgotPasswordSchema } from '@fantarift/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { errorMessages, FormErrors } from '@/components/form-errors';
import { SubmitButton } from '@/components/submit-button';
import { forgotPasswordErrorMessage, useRequestPasswordReset } from '../api/forgot-password';
import { EmailField } from './email-field';

export function ForgotPasswordForm({ onSent }: { onSent: (email: string) => void }) {
  const id = useId();
  const errorsId = `${id}-errors`;
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof ForgotPasswordSchema>, unknown, ForgotPasswordInput>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: () => onSent(values.email),
      onError: (error) => toast.error(forgotPasswordErrorMessage(error)),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <EmailField
        id={`${id}-email`}
        invalid={Boolean(errors.email)}
        errorId={errorsId}
        {...register('email')}
      />
      <FormErrors id={errorsId} messages={errorMessages(errors)} />
      <SubmitButton pending={request.isPending} pendingLabel="Invio in corso..." className="w-full">
        Invia link di reset
      </SubmitButton>
    </form>
  );
}

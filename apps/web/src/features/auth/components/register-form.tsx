import { type SignupInput, SignupSchema } from '@fantarift/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { errorMessages, FormErrors } from '@/components/form-errors';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
import { signupErrorMessage, useSignup } from '../api/signup';
import { EmailField } from './email-field';

export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const id = useId();
  const errorsId = `${id}-errors`;
  const signup = useSignup();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof SignupSchema>, unknown, SignupInput>({
    resolver: zodResolver(SignupSchema),
    defaultValues: { username: '', email: '', password: '' },
  });

  // The schema trims username and email, so the server receives them trimmed.
  const onSubmit = handleSubmit((values) =>
    signup.mutate(values, {
      onSuccess: () => onRegistered(values.email),
      onError: (error) => toast.error(signupErrorMessage(error)),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <TextField
        id={`${id}-username`}
        label="Nome utente"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        invalid={Boolean(errors.username)}
        errorId={errorsId}
        {...register('username')}
      />
      <EmailField
        id={`${id}-email`}
        invalid={Boolean(errors.email)}
        errorId={errorsId}
        {...register('email')}
      />
      <TextField
        id={`${id}-password`}
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="Almeno 6 caratteri."
        invalid={Boolean(errors.password)}
        errorId={errorsId}
        {...register('password')}
      />
      <FormErrors id={errorsId} messages={errorMessages(errors)} />
      <SubmitButton pending={signup.isPending} pendingLabel="Registrazione in corso..." className="w-full">
        Registrati
      </SubmitButton>
    </form>
  );
}

import { type LoginInput, LoginSchema } from '@fantarift/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { errorMessages, FormErrors } from '@/components/form-errors';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
import { paths } from '@/config/paths';
import { loginErrorMessage, useLogin } from '../api/login';
import { authLinkClass } from './auth-card';
import { EmailField } from './email-field';

export function LoginForm() {
  const id = useId();
  const errorsId = `${id}-errors`;
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof LoginSchema>, unknown, LoginInput>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, { onError: (error) => toast.error(loginErrorMessage(error)) }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
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
        autoComplete="current-password"
        invalid={Boolean(errors.password)}
        errorId={errorsId}
        labelAside={
          <Link to={paths.auth.forgotPassword.getHref()} className={`${authLinkClass} text-xs`}>
            Password dimenticata?
          </Link>
        }
        {...register('password')}
      />
      <FormErrors id={errorsId} messages={errorMessages(errors)} />
      <SubmitButton pending={login.isPending} pendingLabel="Accesso in corso..." className="w-full">
        Accedi
      </SubmitButton>
    </form>
  );
}

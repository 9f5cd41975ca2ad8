import type { ForgotPasswordInput } from '@fantarift/core';
import { MESSAGES } from '@fantarift/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api-client';

/** The server answers the same whether or not the account exists. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<{ message: string }> {
  return api.post('/api/auth/forgot-password', { body: input });
}

export function forgotPasswordErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.isClientError && error.message) return error.message;
  return MESSAGES.auth.resetEmailError;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

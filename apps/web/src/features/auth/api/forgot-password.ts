import type { ForgotPasswordInput } from '@fantarift/core';
import { MESSAGES } from '@fantarift/core';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';

/** The server answers the same whether or not the account exists. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<{ message: string }> {
  return apiFetch<{ message: string }>('/api/auth/forgot-password', { method: 'POST', body: input });
}

export function forgotPasswordErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.isClientError && error.message) return error.message;
  return MESSAGES.auth.resetEmailError;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

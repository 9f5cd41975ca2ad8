import { MESSAGES } from '@fantarift/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api-client';

export function confirmEmail(input: { token: string }): Promise<{ message: string }> {
  return api.post('/api/auth/confirm-email', { body: input });
}

export function confirmEmailErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.isClientError && error.message) return error.message;
  return MESSAGES.auth.emailConfirmError;
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}

import type { SignupInput } from '@fantarift/core';
import { MESSAGES } from '@fantarift/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api-client';

export function signup(input: SignupInput): Promise<{ message: string }> {
  return api.post('/api/auth/signup', { body: input });
}

/** Spec §8: the server's reason for a refused sign-up (taken e-mail or username, invalid data). */
export function signupErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.isClientError && error.message) return error.message;
  return MESSAGES.auth.signupError;
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}

import type { LoginInput } from '@fantarift/core';
import { MESSAGES } from '@fantarift/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api-client';
import { type AuthUser, useSetAuthUser } from '@/lib/auth';

export function login(input: LoginInput): Promise<{ user: AuthUser }> {
  return api.post('/api/auth/login', { body: input });
}

const FALLBACK_BY_STATUS: Record<number, string> = {
  401: MESSAGES.auth.invalidCredentials,
  403: MESSAGES.auth.emailNotConfirmed,
  429: MESSAGES.auth.tooManyAttempts,
};

/** Spec §8: the server's Italian text for known refusals, a generic text otherwise. */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return MESSAGES.auth.loginUnexpectedError;
  if (error.isClientError)
    return error.message || FALLBACK_BY_STATUS[error.status] || MESSAGES.auth.loginError;
  return MESSAGES.auth.loginError;
}

export function useLogin() {
  const setAuthUser = useSetAuthUser();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => setAuthUser(user),
    // Here 401 means wrong credentials, not an expired session.
    meta: { ignoreUnauthorized: true },
  });
}

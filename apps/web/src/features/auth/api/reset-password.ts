import { MESSAGES } from '@fantarift/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { isApiError } from '@/lib/api-client';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';

export function resetPassword(input: { token: string; password: string }): Promise<{ message: string }> {
  return api.post('/api/auth/reset-password', { body: input });
}

/** The token was refused (unknown, used or expired), as opposed to another failure. */
export function isInvalidResetLinkError(error: unknown): boolean {
  if (!isApiError(error, 400)) return false;
  return error.message === MESSAGES.auth.invalidResetLink || /token|link/i.test(error.code);
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // A reset ends every session of the account (DECISIONS 23): re-check ours.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY }),
  });
}

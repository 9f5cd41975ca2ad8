import { MESSAGES } from '@fantarift/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api-client';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';

export function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<{ message: string }> {
  return api.post('/api/auth/change-password', { body: input });
}

export function changePasswordErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.isClientError && error.message) return error.message;
  return MESSAGES.auth.passwordChangeError;
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The server ends the user's other sessions and keeps this one; re-check it anyway.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY }),
  });
}

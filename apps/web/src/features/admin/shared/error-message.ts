import { ApiError } from '@/lib/api-client';

/**
 * The text of a failed admin call: the server's message (already Italian, spec §8) for a refusal or a
 * network failure, the page's own fallback for anything else.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && (error.isClientError || error.status === 0)) {
    return error.message;
  }
  return fallback;
}

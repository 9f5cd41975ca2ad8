import { MESSAGES } from '@fantarift/core';
import { type ReactNode, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { ConfirmDialog } from '../../components/ui-extra/confirm-dialog';

/** the server's answer to a change of a closed (paid) week's match without ?confirmClosedWeek=true */
export const CLOSED_WEEK_CONFIRMATION = 'CLOSED_WEEK_CONFIRMATION';

export const isClosedWeekConfirmation = (error: unknown) =>
  isApiError(error, 409) && error.code === CLOSED_WEEK_CONFIRMATION;

/**
 * Changes to a match of a closed week: the server refuses them until confirmed and
 * names the consequence; this opens a dialog with that text and, when the admin confirms, runs the
 * same change again with the confirmation. `intercept` goes first in a mutation's onError and
 * answers whether it handled the error.
 */
export function useClosedWeekConfirmation(): {
  intercept: (error: unknown, retryConfirmed: () => void) => boolean;
  dialog: ReactNode;
} {
  const [asked, setAsked] = useState<{ message: string; retry: () => void } | null>(null);
  const intercept = (error: unknown, retryConfirmed: () => void) => {
    if (!isClosedWeekConfirmation(error)) return false;
    setAsked({ message: (error as Error).message, retry: retryConfirmed });
    return true;
  };
  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      onOpenChange={(open) => !open && setAsked(null)}
      title={MESSAGES.weeks.weekClosed}
      description={asked?.message ?? ''}
      confirmLabel={MESSAGES.pointsTrust.closedWeekConfirmButton}
      destructive
      onConfirm={() => {
        const retry = asked?.retry;
        setAsked(null);
        retry?.();
      }}
    />
  );
  return { intercept, dialog };
}

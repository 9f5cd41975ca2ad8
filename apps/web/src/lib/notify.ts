/**
 * Toasts for the participant pages without sonner in their code: the library loads with the Toaster
 * (app/providers.tsx), after the entry, and a toast only ever follows a click and a round trip.
 */
export const notify = {
  success(message: string) {
    void import('sonner').then(({ toast }) => toast.success(message));
  },
  error(message: string) {
    void import('sonner').then(({ toast }) => toast.error(message));
  },
};

import type { NotificationPreference } from '@fantarift/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

const keys = { preferences: () => ['notification-preferences'] as const };

export const useNotificationPreferences = () =>
  useQuery({
    queryKey: keys.preferences(),
    queryFn: () => api.get('/api/me/notification-preferences').then((r) => r.preferences),
  });

/** Saves one kind's choice; the list shows it at once and takes the server's answer after. */
export function useSaveNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preference: NotificationPreference) =>
      api
        .put('/api/me/notification-preferences', { body: { preferences: [preference] } })
        .then((r) => r.preferences),
    onMutate: async (preference) => {
      await queryClient.cancelQueries({ queryKey: keys.preferences() });
      const before = queryClient.getQueryData<NotificationPreference[]>(keys.preferences());
      queryClient.setQueryData<NotificationPreference[]>(keys.preferences(), (list) =>
        list?.map((p) => (p.kind === preference.kind ? preference : p)),
      );
      return { before };
    },
    onError: (_error, _preference, context) => {
      queryClient.setQueryData(keys.preferences(), context?.before);
    },
    onSuccess: (preferences) => queryClient.setQueryData(keys.preferences(), preferences),
  });
}

export const useSendTestPush = () =>
  useMutation({ mutationFn: () => api.post('/api/me/push-subscriptions/test') });

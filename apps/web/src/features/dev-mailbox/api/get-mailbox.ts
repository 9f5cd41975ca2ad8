import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiResponse, api } from '@/lib/api/client';

export type MailboxMessage = ApiResponse<'get', '/api/dev/mailbox'>['messages'][number];

export async function getMailbox(): Promise<MailboxMessage[]> {
  const { messages } = await api.get('/api/dev/mailbox');
  return [...messages].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export const mailboxQueryOptions = () =>
  queryOptions({
    queryKey: ['dev', 'mailbox'],
    queryFn: getMailbox,
    // A developer waits here for a mail that is about to arrive.
    staleTime: 0,
    refetchInterval: 5000,
  });

export function useMailbox() {
  return useQuery(mailboxQueryOptions());
}

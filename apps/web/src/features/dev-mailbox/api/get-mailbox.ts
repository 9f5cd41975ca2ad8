import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

export async function getMailbox(): Promise<MailboxMessage[]> {
  const { messages } = await apiFetch<{ messages: MailboxMessage[] }>('/api/dev/mailbox');
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

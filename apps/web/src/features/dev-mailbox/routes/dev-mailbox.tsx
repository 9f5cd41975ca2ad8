import { Inbox, RefreshCw } from 'lucide-react';
import { NotFound } from '@/components/not-found';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { useMailbox } from '../api/get-mailbox';
import { MailCard } from '../components/mail-card';

/** Development outbox: the mails the server would have sent (none in production). */
export function DevMailboxRoute() {
  const mailbox = useMailbox();

  // The server hides the outbox in production.
  if (isApiError(mailbox.error, 404)) return <NotFound />;

  return (
    <>
      <PageHeader
        title="Dev Mailbox"
        description="Le email inviate dall'app in sviluppo, dalla più recente."
        actions={
          <Button variant="outline" onClick={() => mailbox.refetch()} disabled={mailbox.isFetching}>
            <RefreshCw aria-hidden="true" className={mailbox.isFetching ? 'animate-spin' : undefined} />
            Aggiorna
          </Button>
        }
      />
      {mailbox.isPending ? (
        <div className="space-y-4" aria-hidden="true">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : mailbox.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Impossibile caricare la casella di posta</AlertTitle>
          <AlertDescription>{mailbox.error.message}</AlertDescription>
        </Alert>
      ) : mailbox.data.length === 0 ? (
        <Card className="border-dashed">
          <CardContent className="flex flex-col items-center gap-2 py-10 text-center text-muted-foreground">
            <Inbox aria-hidden="true" className="size-8" />
            Nessuna email nella casella di posta.
          </CardContent>
        </Card>
      ) : (
        <ul className="space-y-4">
          {mailbox.data.map((mail) => (
            <li key={mail.id}>
              <MailCard mail={mail} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

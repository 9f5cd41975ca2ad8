import { Mail } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { MailboxMessage } from '../api/get-mailbox';
import { LinkifiedText } from './linkified-text';

const dateFormat = new Intl.DateTimeFormat('it-IT', { dateStyle: 'medium', timeStyle: 'medium' });

export function MailCard({ mail }: { mail: MailboxMessage }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-start gap-2 text-base">
            <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-text" />
            <span className="break-words">{mail.subject}</span>
          </h2>
        </CardTitle>
        <CardDescription className="flex flex-wrap gap-x-4 gap-y-1">
          <span>
            A: <span className="break-all text-foreground">{mail.to}</span>
          </span>
          <time dateTime={mail.createdAt}>{dateFormat.format(new Date(mail.createdAt))}</time>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="whitespace-pre-wrap break-words rounded-md border bg-muted/40 p-4 font-mono text-sm leading-relaxed">
          <LinkifiedText text={mail.text} />
        </div>
      </CardContent>
    </Card>
  );
}

import { MESSAGES } from '@fantarift/core';
import { RefreshCw } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from './error-message';

/** A failed admin query: its (server's or fallback) message and "Ricarica", which loads it again. */
export function QueryErrorAlert({
  error,
  fallback,
  title,
  onRetry,
  className,
}: {
  error: unknown;
  fallback: string;
  title?: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <Alert variant="destructive" className={className}>
      {title && <AlertTitle>{title}</AlertTitle>}
      <AlertDescription>
        <p>{errorMessage(error, fallback)}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          {MESSAGES.common.reload}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

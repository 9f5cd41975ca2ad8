import { MESSAGES } from '@fantarift/core';
import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** A failed load: what failed, an optional detail, and a button that loads again. */
export function LoadErrorAlert({
  title = MESSAGES.common.loadError,
  detail,
  retryLabel = 'Riprova',
  onRetry,
}: {
  title?: string;
  detail?: ReactNode;
  retryLabel?: string;
  onRetry: () => void;
}) {
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        {detail}
        <Button variant="outline" size="sm" className={detail ? 'mt-2' : undefined} onClick={onRetry}>
          {retryLabel}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** A failed load inside a dialog or a card: one line, without a retry. */
export function LoadErrorLine() {
  return (
    <p className="flex items-center gap-2 text-destructive text-sm">
      <AlertCircle aria-hidden="true" className="size-4" />
      {MESSAGES.common.loadError}
    </p>
  );
}

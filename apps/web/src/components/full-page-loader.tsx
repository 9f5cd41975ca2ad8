import { MESSAGES } from '@fantarift/core';
import { LoaderCircle, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

/** Spec §2/§9: after 2 s of waiting the loader admits it is slow and offers a reload. */
export const SLOW_LOADING_AFTER_MS = 2000;

interface FullPageLoaderProps {
  /** Injected in tests; defaults to a full page reload. */
  onReload?: () => void;
}

export function FullPageLoader({ onReload = () => window.location.reload() }: FullPageLoaderProps) {
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), SLOW_LOADING_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background p-6 text-center">
      <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-brand" />
      <div role="status" aria-live="polite" className="space-y-1">
        <p className="font-medium text-lg">{slow ? MESSAGES.common.slowLoading : MESSAGES.common.loading}</p>
        {slow && <p className="text-muted-foreground text-sm">{MESSAGES.common.slowLoadingHint}</p>}
      </div>
      {slow && (
        <Button variant="outline" onClick={onReload}>
          <RefreshCw aria-hidden="true" />
          {MESSAGES.common.reload}
        </Button>
      )}
    </div>
  );
}

/** Inline loader for lazily loaded pages: the shell stays in place. */
export function PageLoader() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-brand" />
      <span className="sr-only">{MESSAGES.common.loading}</span>
    </div>
  );
}

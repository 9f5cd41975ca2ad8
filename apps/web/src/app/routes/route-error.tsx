import { MESSAGES } from '@fantarift/core';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFound } from '@/components/not-found';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Shown in place of a page that threw while rendering or failed to load its code. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error(error);

  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <title>{`${MESSAGES.common.routeErrorTitle} · FantaRift`}</title>
      <TriangleAlert aria-hidden="true" className="size-12 text-destructive" />
      <h1 className="font-bold text-2xl">{MESSAGES.common.routeErrorTitle}</h1>
      <p className="text-muted-foreground">{MESSAGES.common.routeErrorDescription}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          {MESSAGES.common.reload}
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.home.getHref()}>{MESSAGES.common.backHome}</Link>
        </Button>
      </div>
    </section>
  );
}

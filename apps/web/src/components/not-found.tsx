import { MESSAGES } from '@fantarift/core';
import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <title>{`${MESSAGES.common.notFoundTitle} · FantaRift`}</title>
      <Compass aria-hidden="true" className="size-12 text-brand" />
      <p className="font-black text-6xl text-brand-text tracking-tight">404</p>
      <h1 className="font-bold text-2xl">{MESSAGES.common.notFoundTitle}</h1>
      <p className="text-muted-foreground">{MESSAGES.common.notFoundDescription}</p>
      <Button asChild>
        <Link to={paths.home.getHref()}>{MESSAGES.common.backHome}</Link>
      </Button>
    </section>
  );
}

import { MESSAGES } from '@fantarift/core';
import { LockKeyhole } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** Spec §6: what a visitor sees on pages that need an account but do not redirect (Roster, Market). */
export function NotAuthenticated() {
  const location = useLocation();
  return (
    <Card className="mx-auto mt-6 max-w-md text-center">
      <title>{`${MESSAGES.common.notAuthenticated} · FantaRift`}</title>
      <CardHeader className="justify-items-center">
        <LockKeyhole aria-hidden="true" className="mb-2 size-10 text-brand" />
        <CardTitle>
          <h1 className="text-xl">{MESSAGES.common.notAuthenticated}</h1>
        </CardTitle>
        <CardDescription>Accedi o registrati per gestire il tuo roster e fare mercato.</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center gap-2">
        <Button asChild>
          <Link to={paths.auth.login.getHref()} state={{ from: `${location.pathname}${location.search}` }}>
            Login
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.auth.register.getHref()}>Registrati</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

import { MESSAGES } from '@fantarift/core';
import { ArrowRight, Info } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { BackToDashboard } from '../components/back-to-dashboard';

/** Spec admin §2: match management lives in the weeks page; this page points there. */
export function AdminMatchesRoute() {
  return (
    <>
      <BackToDashboard />
      <PageHeader title="Match Management" />
      <Alert variant="warning" role="status" className="max-w-2xl">
        <Info aria-hidden="true" />
        <AlertTitle>La gestione dei match è stata spostata</AlertTitle>
        <AlertDescription>
          <p>{MESSAGES.admin.matchesMoved}</p>
          <Button asChild className="mt-3">
            <Link to={paths.admin.weeks.getHref()}>
              Vai a Weeks Management
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </AlertDescription>
      </Alert>
    </>
  );
}

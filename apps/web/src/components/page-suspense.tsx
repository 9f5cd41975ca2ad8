import { type ReactNode, Suspense } from 'react';
import { PageLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';

interface PageSuspenseProps {
  /** The page's own heading: the same PageHeader the page draws first, so nothing moves when it arrives. */
  heading: { title: string; description?: string };
  children: ReactNode;
}

/** A lazily loaded page that shows its heading (and a loader below it) while its code arrives. */
export function PageSuspense({ heading, children }: PageSuspenseProps) {
  return (
    <Suspense
      fallback={
        <>
          <PageHeader title={heading.title} description={heading.description} />
          <PageLoader />
        </>
      }
    >
      {children}
    </Suspense>
  );
}

import { MESSAGES } from '@fantarift/core';
import { Skeleton } from '@/components/ui/skeleton';

/** Placeholders while a section loads: busy for assistive technology, which reads "Caricamento...". */
export function LoadingSkeletons({
  className,
  skeletons,
}: {
  className: string;
  skeletons: readonly string[];
}) {
  return (
    <div className={className} aria-busy="true">
      <span className="sr-only">{MESSAGES.common.loading}</span>
      {skeletons.map((skeleton, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the placeholders never move, their place is their identity
        <Skeleton key={index} className={skeleton} />
      ))}
    </div>
  );
}

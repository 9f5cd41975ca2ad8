import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

/** A wide dialog for an item (a roster, a team): open while `item` is set, body rendered only then. */
export function ManageDialog<T>({
  item,
  onOpenChange,
  title,
  description,
  className,
  children,
}: {
  item: T | null;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={onOpenChange}>
      <DialogContent className={cn('sm:max-w-4xl', className)}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {item !== null && children(item)}
      </DialogContent>
    </Dialog>
  );
}

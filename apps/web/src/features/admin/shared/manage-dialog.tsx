import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** A dialog with its title and description; `children` are what follows them (fields, footer). */
export function TitledDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** A dialog for an item (a roster, a team, a league): open while `item` is set, body rendered only then. */
export function ManageDialog<T>({
  item,
  children,
  ...frame
}: {
  item: T | null;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <TitledDialog open={item !== null} {...frame}>
      {item !== null && children(item)}
    </TitledDialog>
  );
}

import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** The browser's own select, styled like the inputs: on a phone it opens the system picker. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn('h-9 w-full min-w-0 rounded-md border bg-background px-2 text-sm', className)}
      {...props}
    />
  );
}

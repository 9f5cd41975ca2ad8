import type * as React from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

type TextFieldProps = Omit<React.ComponentProps<typeof Input>, 'id'> & {
  id: string;
  label: string;
  invalid?: boolean;
  /** id of the element that explains the error (the form's error summary). */
  errorId?: string;
  /** Shown beside the label, e.g. a "forgot password?" link. */
  labelAside?: React.ReactNode;
  hint?: React.ReactNode;
};

export function TextField({
  id,
  label,
  invalid = false,
  errorId,
  labelAside,
  hint,
  className,
  ...inputProps
}: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [invalid ? errorId : undefined, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input id={id} aria-invalid={invalid || undefined} aria-describedby={describedBy} {...inputProps} />
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
    </div>
  );
}

import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';

type SubmitButtonProps = Omit<ButtonProps, 'type' | 'children'> & {
  pending: boolean;
  children: ReactNode;
  /** Label while the request runs, e.g. 'Accesso in corso...'. */
  pendingLabel: string;
};

export function SubmitButton({ pending, children, pendingLabel, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending || disabled} aria-busy={pending || undefined} {...props}>
      {pending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
      {pending ? pendingLabel : children}
    </Button>
  );
}

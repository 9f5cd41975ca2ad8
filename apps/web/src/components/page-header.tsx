import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons shown beside the title. */
  actions?: ReactNode;
  className?: string;
}

/** A page's h1, and the browser tab title (React 19 hoists <title> into <head>). */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <header className={cn('mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <title>{`${title} · FantaRift`}</title>
      <div className="space-y-1">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{title}</h1>
        {description && <p className="text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </header>
  );
}

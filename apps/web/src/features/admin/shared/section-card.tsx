import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A titled section of an admin page: a card whose heading (h2, with an optional icon) names it. */
export function SectionCard({
  title,
  icon: Icon,
  description,
  contentClassName,
  children,
}: {
  title: ReactNode;
  icon?: LucideIcon;
  description?: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {Icon ? (
            <h2 className="flex items-center gap-2">
              <Icon aria-hidden="true" className="size-5 text-brand" />
              {title}
            </h2>
          ) : (
            <h2>{title}</h2>
          )}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, description, icon, children, footer }: AuthCardProps) {
  return (
    <div className="mx-auto w-full max-w-md sm:py-6">
      <title>{`${title} · FantaRift`}</title>
      <Card className="shadow-md">
        <CardHeader className="justify-items-center text-center">
          {icon && (
            <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-brand/15 text-brand-text [&_svg]:size-6">
              {icon}
            </span>
          )}
          <CardTitle>
            <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
          </CardTitle>
          {description && <CardDescription className="text-balance">{description}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
        {footer && (
          <CardFooter className="flex-wrap justify-center gap-1 text-center text-muted-foreground text-sm">
            {footer}
          </CardFooter>
        )}
      </Card>
    </div>
  );
}

export const authLinkClass = 'font-medium text-primary underline-offset-4 hover:underline';

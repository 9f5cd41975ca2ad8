import { MESSAGES } from '@fantarift/core';
import { Hammer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';

/** Body of a page whose features arrive in a later release. */
export function ComingSoon({ children }: { children?: ReactNode }) {
  return (
    <Card className="border-dashed">
      <CardContent className="flex flex-col items-center gap-3 py-8 text-center">
        <Hammer aria-hidden="true" className="size-8 text-brand" />
        <Badge variant="brand">{MESSAGES.common.comingSoon}</Badge>
        {children && <div className="max-w-prose text-muted-foreground text-sm">{children}</div>}
      </CardContent>
    </Card>
  );
}

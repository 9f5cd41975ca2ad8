import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function BackToDashboard() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 mb-2 text-muted-foreground">
      <Link to={paths.admin.root.getHref()}>
        <ArrowLeft aria-hidden="true" />
        Dashboard Admin
      </Link>
    </Button>
  );
}

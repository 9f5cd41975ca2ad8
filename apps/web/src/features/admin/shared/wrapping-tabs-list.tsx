import { TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';

/** A tab list that wraps onto more lines on a phone instead of squeezing its tabs. */
export function WrappingTabsList({
  tabs,
  className,
}: {
  tabs: readonly { value: string; label: string }[];
  className?: string;
}) {
  return (
    <TabsList className={cn('h-auto w-full flex-wrap justify-start', className)}>
      {tabs.map((tab) => (
        <TabsTrigger key={tab.value} value={tab.value} className="h-8 flex-none">
          {tab.label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}

import { Badge } from '@/components/ui/badge';

const VARIANT: Record<string, 'brand' | 'success' | 'secondary' | 'outline'> = {
  'Top 3': 'brand',
  'Top 10': 'success',
  'Top Half': 'secondary',
  'Bottom Half': 'outline',
};

export function RewardTierBadge({ tier }: { tier: string }) {
  return <Badge variant={VARIANT[tier] ?? 'outline'}>{tier}</Badge>;
}

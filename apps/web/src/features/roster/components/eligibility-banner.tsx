import { MESSAGES, roleLabel } from '@fantarift/core';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import type { Eligibility } from '@/api/types';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** DECISIONS 7: a roster is valid with at least one player in each of the five roles. */
export function EligibilityBanner({ eligibility }: { eligibility: Eligibility }) {
  if (eligibility.eligible) {
    return (
      <Alert role="status" className="border-success/40 bg-success/10">
        <CircleCheck aria-hidden="true" className="text-success" />
        <AlertTitle className="line-clamp-none">{MESSAGES.roster.eligible}</AlertTitle>
      </Alert>
    );
  }
  const missing = eligibility.missingRoles.map(roleLabel).join(', ');
  return (
    <Alert role="status" variant="warning">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle className="line-clamp-none">{MESSAGES.roster.notEligible(missing)}</AlertTitle>
      <AlertDescription>
        Il roster ottiene punti validi con almeno un giocatore per ogni ruolo.
      </AlertDescription>
    </Alert>
  );
}

import { MESSAGES } from '@fantarift/core';
import type { PhaseFieldValues } from './phase-fields';

/** The dates of a phase: both given, the end not before the start. Returns the message or null. */
export function phaseDatesError({ startDate, endDate }: Pick<PhaseFieldValues, 'startDate' | 'endDate'>) {
  if (startDate === '' || endDate === '') return MESSAGES.phases.datesRequired;
  if (endDate < startDate) return MESSAGES.leagues.endBeforeStart;
  return null;
}

/** A phase about to be added: a name, not yet used in the league (any case), and valid dates. */
export function newPhaseError(name: string, usedNames: readonly string[], fields: PhaseFieldValues) {
  if (name === '') return 'Il nome della fase è obbligatorio';
  const lower = name.toLocaleLowerCase('it');
  if (usedNames.some((n) => n.toLocaleLowerCase('it') === lower))
    return MESSAGES.leagues.duplicatePhase(name);
  return phaseDatesError(fields);
}

import { MESSAGES } from '@fantarift/core';
import { badRequest } from '../../lib/errors.ts';

/** First blood and the first objectives: each belongs to at most one team in a game. */
export const FIRST_FLAGS = [
  ['firstBlood', 'First Blood'],
  ['firstDrake', 'First Drake'],
  ['firstBaron', 'First Baron'],
  ['firstHerald', 'First Herald'],
  ['firstElder', 'First Elder'],
  ['firstTower', 'First Tower'],
] as const;

type FirstFlags = { [K in (typeof FIRST_FLAGS)[number][0]]: boolean };

/** Refuses a game whose two teams both claim the same first (the editor prevents it too). */
export function assertExclusiveFirsts(gameNumber: number, objectives: readonly FirstFlags[]): void {
  if (objectives.length !== 2) return;
  const [a, b] = objectives as [FirstFlags, FirstFlags];
  for (const [field, label] of FIRST_FLAGS) {
    if (a[field] && b[field]) {
      throw badRequest(MESSAGES.stats.firstForOneTeam(gameNumber, label), 'FIRST_FOR_ONE_TEAM');
    }
  }
}

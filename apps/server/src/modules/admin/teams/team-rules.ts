import { MESSAGES, validateTeamName } from '@fantarift/core';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { ADMIN_MESSAGES } from '../messages.ts';

export const FREE_AGENT = MESSAGES.players.freeAgent;

export const sameName = (a: string, b: string) => a.toLocaleLowerCase('it') === b.toLocaleLowerCase('it');

/** A team name as typed: trimmed, 2–50 characters, never the reserved "Free Agent". */
export function checkTeamName(raw: string, requiredMessage: string): string {
  const name = raw.trim();
  if (name === '') throw badRequest(requiredMessage, 'INVALID_TEAM');
  const error = validateTeamName(name);
  if (error) throw badRequest(error, 'INVALID_TEAM');
  if (sameName(name, FREE_AGENT)) throw badRequest(ADMIN_MESSAGES.teamReserved, 'INVALID_TEAM');
  return name;
}

export function assertTeamInLeague(teams: readonly string[], teamName: string): void {
  if (!teams.includes(teamName)) throw notFound(ADMIN_MESSAGES.teamNotInLeague, 'TEAM_NOT_FOUND');
}

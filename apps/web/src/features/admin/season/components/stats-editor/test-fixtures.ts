import { DEFAULT_SCORING_RULES } from '@fantarift/core';
import type { MatchStatistics } from '../../api/types';

const ROLES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'];

/** Five players of a team, one per role, named prefix + role ("GTop", "FMid"). */
export function matchPlayers(team: string, prefix: string) {
  return ROLES.map((role, i) => ({
    id: `${prefix}-${i}`,
    name: `${prefix.toUpperCase()}${role}`,
    team,
    role,
  }));
}

/** A G2 vs FNC match with no statistics yet, in the given format. */
export function matchStatistics(format: number, overrides: Partial<MatchStatistics> = {}): MatchStatistics {
  return {
    match: {
      id: 'm-1',
      leagueId: 'l-1',
      weekId: 'w-1',
      team1: 'G2',
      team2: 'FNC',
      date: '2026-02-01T17:00:00.000Z',
      matchDay: 1,
      matchFormat: format,
      completed: false,
      gamesPlayed: null,
      winner: null,
      createdAt: '2026-01-20T10:00:00.000Z',
      updatedAt: '2026-01-20T10:00:00.000Z',
    },
    players: [...matchPlayers('G2', 'g'), ...matchPlayers('FNC', 'f')],
    stats: [],
    objectives: [],
    games: [],
    seriesMvpPlayerId: null,
    rules: DEFAULT_SCORING_RULES,
    ...overrides,
  };
}

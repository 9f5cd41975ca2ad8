import type { League, MyRoster } from '@/api/types';

/** A league's fields as the player and the admin both read them (the server's LeagueFieldsSchema), new each call. */
export function leagueFields(): Omit<
  League,
  'participantCount' | 'joined' | 'rulesAccepted' | 'rosterId' | 'market'
> {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'LEC Versus 2026',
    type: 'LEC',
    status: 'Active',
    startDate: '2026-01-10',
    endDate: '2026-12-20',
    teams: ['G2 Esports', 'Fnatic'],
    marketOpen: true,
    rulesRequired: false,
    rulesText: null,
    marketBlockTimezone: 'UTC',
    marketBlockStartTime: null,
    marketBlockEndTime: null,
  };
}

export function makeLeague(overrides: Partial<League> = {}): League {
  return {
    ...leagueFields(),
    participantCount: 3,
    joined: false,
    rulesAccepted: false,
    rosterId: null,
    market: { playersBlocked: false, championsBlocked: false, reason: null, reopensAt: null },
    ...overrides,
  };
}

export function makeRoster(overrides: Partial<MyRoster> = {}): MyRoster {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    leagueId: '11111111-1111-4111-8111-111111111111',
    username: 'mario',
    pandaCoin: 15,
    burroCoin: 8,
    totalPoints: 0,
    playerCount: 0,
    championCount: 0,
    createdAt: '2026-01-11T10:00:00.000Z',
    players: [],
    champions: [],
    eligibility: { eligible: false, missingRoles: ['Top', 'Jungle', 'Mid', 'ADC', 'Support'] },
    weekPoints: [],
    transactions: [],
    ...overrides,
  };
}

/** HH:MM (UTC) `minutes` from now, for market windows that contain the present. */
export function utcTime(minutesFromNow: number): string {
  const date = new Date(Date.now() + minutesFromNow * 60_000);
  return `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
}

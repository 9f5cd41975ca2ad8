import type { FantaLeague } from '@/api/fanta-leagues';

const squad = { Top: 1, Jungle: 1, Mid: 1, ADC: 1, Support: 1 };

/** A Lega Fanta as `GET /api/fanta-leagues/{id}` answers it, for the pages' tests. */
export const fantaLeagueFixture = (
  p: Partial<FantaLeague> & Pick<FantaLeague, 'id' | 'ownerUserId'>,
): FantaLeague => ({
  name: 'Asta del bar',
  leagueId: '77777777-7777-4777-8777-777777777777',
  leagueName: 'LEC',
  budget: 500,
  squad,
  bidSeconds: 15,
  nominationOrder: 'manual',
  startsAt: null,
  status: 'running',
  round: 'main',
  isOwner: false,
  inviteCode: null,
  memberCount: 2,
  members: [],
  pool: { Top: 10, Jungle: 10, Mid: 10, ADC: 10, Support: 10 },
  proposedSquad: squad,
  maxManagers: 10,
  captainMultiplier: 1,
  viceCaptainEnabled: true,
  captainLocked: false,
  format: 'classic',
  h2h: null,
  ...p,
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAgent } from '../../../test/fixtures.ts';
import type { Agent } from '../../../test/http.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let admin: Agent;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await userAgent(ctx.app, ctx.database.db, { isAdmin: true });
});
afterAll(() => ctx.close());

const league = (finals: string[]) => ({
  name: `Lega Fasi ${Math.random().toString(36).slice(2, 8)}`,
  type: 'LEC',
  startDate: '2026-01-10',
  endDate: '2026-06-30',
  teams: ['G2 Esports', 'Fnatic', 'Team Heretics'],
  phases: [
    {
      name: 'Regular Season',
      teamCount: 3,
      startDate: '2026-01-10',
      endDate: '2026-05-31',
      participatingTeams: ['G2 Esports', 'Fnatic', 'Team Heretics'],
    },
    {
      name: 'Finals',
      teamCount: 2,
      startDate: '2026-06-01',
      endDate: '2026-06-30',
      participatingTeams: finals,
    },
  ],
});

describe('league create with the teams of each phase (phase builder)', () => {
  it('stores the teams chosen for each phase', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/admin/leagues',
      payload: league(['Fnatic', 'G2 Esports']),
    });
    expect(res.statusCode, res.body).toBe(201);
    const phases = res.json().league.phases as { phaseName: string; participatingTeams: string[] }[];
    expect(phases.map((p) => [p.phaseName, p.participatingTeams])).toEqual([
      ['Regular Season', ['G2 Esports', 'Fnatic', 'Team Heretics']],
      ['Finals', ['Fnatic', 'G2 Esports']],
    ]);
  });

  it('refuses more teams than the phase holds, or a team outside the league', async () => {
    const tooMany = await admin.request({
      method: 'POST',
      url: '/api/admin/leagues',
      payload: league(['Fnatic', 'G2 Esports', 'Team Heretics']),
    });
    expect(tooMany.statusCode).toBe(400);
    const outsider = await admin.request({
      method: 'POST',
      url: '/api/admin/leagues',
      payload: league(['Fnatic', 'Karmine Corp']),
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().message).toContain('Karmine Corp');
  });
});

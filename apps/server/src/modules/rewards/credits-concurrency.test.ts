import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leagueWithRosters } from '../../test/admin-fixtures.ts';
import { ledgerViolations, userAgent } from '../../test/fixtures.ts';
import { agent } from '../../test/http.ts';
import { createTestApp, isPostgresServer, type TestContext } from '../../test/test-app.ts';
import { createSession } from '../auth/index.ts';

// Real races need separate connections: PostgreSQL server only (PGlite has one connection).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('admin credits while participants trade (issue 11 item 5)', () => {
  it.skipIf(!isPostgresServer())(
    'close, distribute and distribute-coins while 20 clients trade: 0 failures',
    async () => {
      const db = ctx.database.db;
      const world = await leagueWithRosters(db, 20, { marketOpen: true });
      const admin = await userAgent(ctx.app, db, { isAdmin: true });
      const traders = await Promise.all(
        world.members.map(async (m, i) => {
          const { token } = await createSession(db, m.user.id, { ip: '127.0.0.1' });
          const a = agent(ctx.app, `10.1.0.${i + 1}`);
          a.cookie = `fr_session=${token}`;
          return a;
        }),
      );
      let done = false;
      const tradeStatuses: number[] = [];
      const trade = async (a: (typeof traders)[number], i: number) => {
        for (let n = 0; !done && n < 400; n++) {
          const player = world.players[(i + n) % world.players.length]!;
          for (const action of ['buy', 'sell']) {
            const res = await a.request({
              method: 'POST',
              url: `/api/leagues/${world.league.id}/players/${player.id}/${action}`,
            });
            tradeStatuses.push(res.statusCode);
          }
        }
      };
      const adminStatuses: { what: string; status: number; body: string }[] = [];
      const record = async (what: string, p: ReturnType<typeof admin.request>) => {
        const res = await p;
        adminStatuses.push({ what, status: res.statusCode, body: res.body });
        return res;
      };
      const credits = async () => {
        try {
          for (let round = 0; round < 4; round++) {
            await record(
              'distribute-coins',
              admin.request({
                method: 'POST',
                url: `/api/admin/leagues/${world.league.id}/distribute-coins`,
                payload: { pandaCoin: 1, burroCoin: 1 },
              }),
            );
            const weeks = [];
            for (const weekNumber of [round * 2 + 1, round * 2 + 2]) {
              const res = await admin.request({
                method: 'POST',
                url: '/api/admin/weeks',
                payload: {
                  leagueId: world.league.id,
                  weekNumber,
                  name: `Settimana ${weekNumber}`,
                  startDate: '2026-01-01',
                  endDate: '2026-12-31',
                },
              });
              expect(res.statusCode, res.body).toBe(201);
              weeks.push(res.json().week as { id: string; weekNumber: number });
            }
            await record(
              'distribute',
              admin.request({
                method: 'POST',
                url: '/api/admin/weekly-rewards/distribute',
                payload: { leagueId: world.league.id, weekNumber: weeks[0]!.weekNumber },
              }),
            );
            await record(
              'close',
              admin.request({ method: 'POST', url: `/api/admin/weeks/${weeks[1]!.id}/close` }),
            );
          }
        } finally {
          done = true;
        }
      };
      await Promise.all([credits(), ...traders.map((a, i) => trade(a, i))]);

      expect(adminStatuses.filter((s) => s.status !== 200)).toEqual([]);
      expect(adminStatuses).toHaveLength(12);
      expect(tradeStatuses.length).toBeGreaterThan(40);
      expect(tradeStatuses.filter((s) => s !== 200 && s !== 400)).toEqual([]);
      expect(await ledgerViolations(db)).toEqual([]);
    },
    120_000,
  );
});

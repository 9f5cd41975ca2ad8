import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rosters } from '../db/schema.ts';
import { adminAndParticipant, leagueWithRosters } from '../test/admin-fixtures.ts';
import { createTestApp } from '../test/test-app.ts';
import { neutraliseCsvCell, stringifyCsv } from './csv.ts';

describe('CSV cells', () => {
  it('cannot start a formula, and leaves numbers and plain text alone', () => {
    expect(neutraliseCsvCell('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(neutraliseCsvCell('+cmd|calc')).toBe("'+cmd|calc");
    expect(neutraliseCsvCell('-2+3')).toBe("'-2+3");
    expect(neutraliseCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseCsvCell('\t=1')).toBe("'\t=1");
    expect(neutraliseCsvCell('-12.5')).toBe('-12.5');
    expect(neutraliseCsvCell('PandaMaster')).toBe('PandaMaster');
    expect(stringifyCsv([[1, '=1+1', '-3.0']], ['a', 'b', 'c'])).toBe("a,b,c\n1,'=1+1,-3.0\n");
  });
});

describe('CSV download of the historical leaderboard', () => {
  it('neutralises a username that would be a formula', async () => {
    const ctx = await createTestApp();
    try {
      const { admin } = await adminAndParticipant(ctx.app, ctx.database.db);
      const world = await leagueWithRosters(ctx.database.db, 1);
      const member = world.members[0]!;
      // usernames are copied onto rosters (they never change through the app); a hostile one from the start
      await ctx.database.db
        .update(rosters)
        .set({ username: '=2+5*cmd|calc' })
        .where(eq(rosters.id, member.roster.id));
      const today = new Date().toISOString().slice(0, 10);
      const res = await admin.request({
        method: 'GET',
        url: `/api/admin/leaderboard-history?leagueId=${world.league.id}&date=${today}&format=csv`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const line = res.body.split('\n')[1]!;
      expect(line.split(',')[1]).toBe("'=2+5*cmd|calc");
    } finally {
      await ctx.close();
    }
  });
});

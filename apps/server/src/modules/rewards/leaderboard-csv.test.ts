import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeague } from '../../seed/factories.ts';
import { userAgent } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { leaderboardCsv } from './leaderboard-csv.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('leaderboard CSV export', () => {
  const rows = [
    { position: 1, username: 'Nicolò', totalPoints: 336.5, pandaCoin: 15, burroCoin: 8 },
    { position: 2, username: 'semi;colon', totalPoints: 12, pandaCoin: 0, burroCoin: 10 },
  ];

  it('plain: commas and decimal points, no byte order mark', () => {
    expect(leaderboardCsv(rows, 'csv')).toBe(
      'posizione,utente,punti_totali,panda_coin,burro_coin\n1,Nicolò,336.5,15,8\n2,semi;colon,12.0,0,10\n',
    );
  });

  it('excel: semicolons, decimal comma, UTF-8 BOM, quoted where a value holds the separator', () => {
    expect(leaderboardCsv(rows, 'excel')).toBe(
      '\uFEFFposizione;utente;punti_totali;panda_coin;burro_coin\r\n1;Nicolò;336,5;15;8\r\n2;"semi;colon";12,0;0;10\r\n',
    );
  });

  it('both variants neutralise a username a spreadsheet would run as a formula; numbers stay numbers', () => {
    const risky = [
      { position: 1, username: '=HYPERLINK("x")', totalPoints: -3.5, pandaCoin: 0, burroCoin: 0 },
    ];
    expect(leaderboardCsv(risky, 'csv')).toContain(`1,"'=HYPERLINK(""x"")",-3.5,0,0`);
    expect(leaderboardCsv(risky, 'excel')).toContain(`1;"'=HYPERLINK(""x"")";-3,5;0;0`);
  });

  it('GET /api/admin/leaderboard-history?format=excel sends the Excel-friendly file', async () => {
    const db = ctx.database.db;
    const league = await createLeague(db, {
      name: `Csv ${Math.random().toString(36).slice(2, 8)}`,
      type: 'LEC',
    });
    const member = await userAgent(ctx.app, db);
    expect((await member.request({ method: 'POST', url: `/api/leagues/${league.id}/join` })).statusCode).toBe(
      201,
    );
    const admin = await userAgent(ctx.app, db, { isAdmin: true });
    const today = new Date().toISOString().slice(0, 10);
    const url = (format: string) =>
      `/api/admin/leaderboard-history?leagueId=${league.id}&date=${today}&format=${format}`;

    const excel = await admin.request({ method: 'GET', url: url('excel') });
    expect(excel.statusCode, excel.body).toBe(200);
    expect(excel.headers['content-type']).toContain('text/csv');
    expect(excel.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = excel.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('posizione;utente;punti_totali;panda_coin;burro_coin');
    expect(lines[1]).toBe(`1;${member.username};0,0;15;8`);

    const plain = await admin.request({ method: 'GET', url: url('csv') });
    expect(plain.body.split('\n')[1]).toBe(`1,${member.username},0.0,15,8`);
    expect((await admin.request({ method: 'GET', url: url('xlsx') })).statusCode).toBe(400);
  });
});

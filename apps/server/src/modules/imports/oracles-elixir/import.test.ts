import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { champions, matches, playerStats, players, teamAliases, weeks } from '../../../db/schema.ts';
import { createLeague } from '../../../seed/factories.ts';
import { tableCounts } from '../../../test/admin-fixtures.ts';
import { userAgent } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

const FIXTURE = readFileSync(
  path.resolve(import.meta.dirname, '../../../test/fixtures/oracles-elixir-2026.csv'),
);
const TEXT = FIXTURE.toString('utf8');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const LEAGUE_TEAMS = ['G2 Esports', 'Fnatic', 'GIANTX', 'Natus Vincere', 'Team Heretics', 'Karmine Corp'];
const PLAYERS: Record<string, string[]> = {
  'G2 Esports': ['BrokenBlade', 'SkewMond', 'Caps', 'Hans Sama', 'Labrov'],
  Fnatic: ['Oscarinin', 'Razork', 'Humanoid', 'Upset', 'Mikyx'],
  GIANTX: ['Lot', 'Closer', 'Jackies', 'Noah', 'Jun'],
  'Natus Vincere': ['Szygenda', 'Markoon', 'Larssen', 'Comp', 'Trymbi'],
  'Team Heretics': ['Wunder', 'ÉLYOYA', 'Zwyroo', 'Flakked', 'Stend'],
  // Yike (jungle) is not in the catalogue: the import creates him
  'Karmine Corp': ['Canna', null, 'Vladi', 'Caliste', 'Targamas'] as unknown as string[],
};
const ROLES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const;

async function world() {
  const db = ctx.database.db;
  const league = await createLeague(db, { name: 'LEC Winter 2026', type: 'LEC', teams: LEAGUE_TEAMS });
  await db
    .insert(players)
    .values(
      Object.entries(PLAYERS).flatMap(([team, names]) =>
        names.flatMap((name, i) => (name ? [{ name, team, role: ROLES[i]!, tier: 3, cost: 3 }] : [])),
      ),
    );
  await db.insert(champions).values(
    [
      ["K'Sante", 3],
      ['Nunu & Willump', 2],
      ['Aatrox', 1],
      ['Vi', 2],
      ['Ahri', 4],
      ['Jinx', 4],
      ["Kai'Sa", 3],
      ['Renata Glasc', 1],
      ['Rell', 2],
    ].map(([name, tier]) => ({
      name: name as string,
      tier: tier as number,
      cost: tier as number,
      roles: ['Top'],
    })),
  );
  const [week1] = await db
    .insert(weeks)
    .values({
      leagueId: league.id,
      weekNumber: 1,
      name: 'Week 1',
      startDate: '2026-01-12',
      endDate: '2026-01-18',
    })
    .returning();
  // the admin scheduled G2 vs Fnatic on the 17th: the import fills it
  const [scheduled] = await db
    .insert(matches)
    .values({
      leagueId: league.id,
      weekId: week1!.id,
      team1: 'Fnatic',
      team2: 'G2 Esports',
      date: new Date('2026-01-17T17:00:00Z'),
      matchFormat: 3,
    })
    .returning();
  const admin = await userAgent(ctx.app, db, { isAdmin: true });
  const player = async (name: string) => (await db.select().from(players).where(eq(players.name, name)))[0]!;
  const champion = async (name: string) =>
    (await db.select().from(champions).where(eq(champions.name, name)))[0]!;
  return { db, league, week1: week1!, scheduled: scheduled!, admin, player, champion };
}

type World = Awaited<ReturnType<typeof world>>;

/** A participant holding these players and champions since New Year's Day (before every game of the file). */
async function holder(w: World, items: { players?: string[]; champions?: string[] }) {
  const user = await userAgent(ctx.app, w.db);
  for (const name of items.players ?? []) {
    const p = await w.player(name);
    const res = await user.request({
      method: 'POST',
      url: `/api/leagues/${w.league.id}/players/${p.id}/buy`,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  for (const name of items.champions ?? []) {
    const c = await w.champion(name);
    const res = await user.request({
      method: 'POST',
      url: `/api/leagues/${w.league.id}/champions/${c.id}/buy`,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const [roster] = (
    await w.db.execute<{ id: string }>(
      sql`select id from rosters where user_id = ${user.userId} and league_id = ${w.league.id}`,
    )
  ).rows;
  await w.db.execute(
    sql`update roster_players set acquired_at = '2026-01-01' where roster_id = ${roster!.id}`,
  );
  await w.db.execute(
    sql`update roster_champions set acquired_at = '2026-01-01' where roster_id = ${roster!.id}`,
  );
  return roster!.id;
}

async function total(w: World, rosterId: string) {
  const r = await w.db.execute<{ t: number }>(
    sql`select total_points::float8 as t from rosters where id = ${rosterId}`,
  );
  return Number(r.rows[0]!.t);
}

function upload(w: World, csv: string | Buffer, query: Record<string, string> = {}) {
  return w.admin.request({
    method: 'POST',
    url: `/api/admin/leagues/${w.league.id}/import/oracles-elixir?${new URLSearchParams(query)}`,
    headers: { 'content-type': 'text/csv' },
    payload: csv,
  });
}

const lines0 = () => TEXT.split('\r\n')[0]!.split(',');
const TEAM_MAP = JSON.stringify({ Rogue: 'Natus Vincere' });

describe("Oracle's Elixir import", () => {
  let w: World;
  let x: string;
  let y: string;
  let z: string;
  beforeAll(async () => {
    w = await world();
    x = await holder(w, { players: ['BrokenBlade'], champions: ["K'Sante"] });
    y = await holder(w, { players: ['Upset'] });
    z = await holder(w, { players: ['Caps'] });
  });

  it('needs the source when the file holds several leagues, and lists them when the source is unknown', async () => {
    const before = await tableCounts(w.db);
    const none = await upload(w, TEXT);
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().code).toBe('IMPORT_SOURCE_REQUIRED');
    expect(none.json().details.sources).toEqual([
      { league: 'LEC', games: 15 },
      { league: 'LPL', games: 2 },
    ]);
    const unknown = await upload(w, TEXT, { source: 'LCK' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'La lega "LCK" non è presente nel file. Leghe presenti: LEC (15), LPL (2)',
    );
    expect(await tableCounts(w.db)).toEqual(before);
  });

  it('dry run: lists the series, the team to map and the new player, and writes nothing', async () => {
    const before = await tableCounts(w.db);
    const res = await upload(w, TEXT, { source: 'LEC' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.dryRun).toBe(true);
    expect(body.unmatchedTeams).toEqual([{ name: 'Rogue', games: 5 }]);
    expect(body.leagueTeams).toEqual(LEAGUE_TEAMS);
    // the real import refuses while a team is unmatched, and changes nothing
    const refused = await upload(w, TEXT, { source: 'LEC', dryRun: 'false' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('IMPORT_UNMATCHED_TEAMS');
    expect(refused.json().details.unmatchedTeams).toEqual([{ name: 'Rogue', games: 5 }]);

    const mapped = await upload(w, TEXT, { source: 'LEC', teamMap: TEAM_MAP });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const plan = mapped.json();
    expect(plan.unmatchedTeams).toEqual([]);
    const brief = plan.series.map(
      (s: {
        team1: string;
        team2: string;
        score: string;
        format: number;
        status: string;
        week: { name: string };
      }) => `${s.team1} ${s.score} ${s.team2} BO${s.format} ${s.status} ${s.week?.name ?? '-'}`,
    );
    expect(brief).toEqual([
      'Fnatic 0-1 G2 Esports BO1 updated Week 1',
      'GIANTX 0-1 Natus Vincere BO1 new Week 1',
      'Team Heretics 2-1 Karmine Corp BO3 new Week 1',
      'G2 Esports 2-0 GIANTX BO3 new Settimana 2',
      'Fnatic 3-1 Natus Vincere BO5 new Settimana 2',
      'Team Heretics 1-1 G2 Esports BO3 skipped -',
      'Karmine Corp 1-0 Fnatic BO1 new Settimana 3',
      'G2 Esports 0-1 Fnatic BO1 new Settimana 3',
    ]);
    expect(plan.series[5].reason).toMatch(/^Serie incompleta/);
    expect(plan.series[3].week).toMatchObject({
      startDate: '2026-01-19',
      endDate: '2026-01-25',
      created: true,
    });
    expect(plan.counts).toMatchObject({
      games: 15,
      series: 8,
      matchesCreated: 6,
      matchesUpdated: 1,
      matchesUnchanged: 0,
      playersCreated: 1,
      weeksCreated: 2,
      rostersUpdated: 0,
    });
    expect(plan.newPlayers).toEqual([
      {
        name: 'Yike',
        team: 'Karmine Corp',
        role: 'Jungle',
        oePlayerId: expect.stringMatching(/^oe:player:/),
      },
    ]);
    expect(plan.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^Karmine Corp vs Fnatic game 1 \(LOLTMNT01_\d+\): dati mancanti \(contati come 0\): /,
        ),
        expect.stringMatching(/^Campione sconosciuto "Aurora"/),
      ]),
    );
    const partial = plan.warnings.find((m: string) => m.startsWith('Karmine Corp vs Fnatic'));
    for (const field of ['void_grubs', 'heralds', 'firstherald', 'atakhans'])
      expect(partial).toContain(field);
    // an empty `total cs` is minionkills + monsterkills when those are there
    expect(partial).not.toContain('total cs');
    expect(await tableCounts(w.db)).toEqual(before);
  });

  it('imports: matches in their weeks, per-game points by the rules, rosters paid, through the engine', async () => {
    const res = await upload(w, TEXT, { source: 'LEC', teamMap: TEAM_MAP, dryRun: 'false' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.counts).toMatchObject({
      matchesCreated: 6,
      matchesUpdated: 1,
      playersCreated: 1,
      weeksCreated: 2,
    });
    expect(body.counts.rostersUpdated).toBeGreaterThanOrEqual(3);
    // the import ran as the league's admin job (issue 16): the page shows its outcome on opening
    const job = await w.admin.request({
      method: 'GET',
      url: `/api/admin/jobs?leagueId=${w.league.id}&kind=import`,
    });
    expect(job.json().job).toMatchObject({
      status: 'done',
      percent: 100,
      startedBy: w.admin.userId,
      message: 'Importazione completata: 6 match creati, 1 aggiornati, 0 invariati',
      result: { source: 'LEC', counts: { matchesCreated: 6, matchesUpdated: 1 } },
    });

    const leagueWeeks = await w.db.select().from(weeks).where(eq(weeks.leagueId, w.league.id));
    expect(leagueWeeks.map((x) => `${x.weekNumber} ${x.name} ${x.startDate} ${x.endDate}`).sort()).toEqual([
      '1 Week 1 2026-01-12 2026-01-18',
      '2 Settimana 2 2026-01-19 2026-01-25',
      '3 Settimana 3 2026-01-26 2026-02-01',
    ]);
    const leagueMatches = await w.db.select().from(matches).where(eq(matches.leagueId, w.league.id));
    expect(leagueMatches).toHaveLength(7);
    // the scheduled match received the data (and the file's format)
    const [filled] = leagueMatches.filter((m) => m.id === w.scheduled.id);
    expect(filled).toMatchObject({ completed: true, gamesPlayed: 1, winner: 'G2 Esports', matchFormat: 1 });
    const bo3 = leagueMatches.find((m) => m.team1 === 'Team Heretics' && m.team2 === 'Karmine Corp')!;
    expect(bo3).toMatchObject({
      weekId: w.week1.id,
      matchFormat: 3,
      gamesPlayed: 3,
      winner: 'Team Heretics',
    });
    const bo5 = leagueMatches.find((m) => m.team2 === 'Natus Vincere' && m.team1 === 'Fnatic')!;
    expect(bo5).toMatchObject({ matchFormat: 5, gamesPlayed: 4, winner: 'Fnatic', completed: true });

    // points by hand (spec §9 defaults) for game 1 of G2 vs Fnatic
    const bb = await w.player('BrokenBlade');
    const upset = await w.player('Upset');
    const stat = async (playerId: string, matchId: string) =>
      (
        await w.db
          .select()
          .from(playerStats)
          .where(and(eq(playerStats.playerId, playerId), eq(playerStats.matchId, matchId)))
      )[0]!;
    // G2: 3 elemental drakes (the dragons column's 4 counts the elder), 1 elder, 1 herald, 9 towers, 4 grubs,
    // first blood, first drake/baron/herald, first tower, atakhan, 1 baron
    const g2Objectives = 3 * 1 + 1 * 2 + 1 * 3 + 1 * 1 + 9 * 1 + 4 * 0.5 + 1 + 3 * 1 + 1 + 2;
    // BrokenBlade: 3 kills, 0 deaths, 5 assists, 287 cs, 1 double kill, zero-deaths bonus, BO1 win = perfect series
    const bbPoints = 3 * 2 + 5 * 1.5 + 0 + 28 * 0.2 + 4 + 2 + g2Objectives / 5 + 3;
    const bbStat = await stat(bb.id, w.scheduled.id);
    expect(bbStat.points).toBeCloseTo(bbPoints, 5);
    expect(bbStat.teamName).toBe('G2 Esports');
    expect(bbStat.championId).toBe((await w.champion("K'Sante")).id);
    // Upset: 1 kill, 3 deaths, 2 assists, 301 cs; Fnatic: 1 drake, 3 towers, 2 grubs
    const upsetPoints = 1 * 2 + 2 * 1.5 - 3 * 0.5 + 30 * 0.2 + (1 + 3 + 2 * 0.5) / 5;
    expect((await stat(upset.id, w.scheduled.id)).points).toBeCloseTo(upsetPoints, 5);
    // Nunu & Willump found despite the punctuation
    const razork = await w.player('Razork');
    expect((await stat(razork.id, w.scheduled.id)).championId).toBe((await w.champion('Nunu & Willump')).id);
    // the unicode name matched the catalogue's, the new player was created with the file's id
    const elyoya = await w.player('ÉLYOYA');
    expect(elyoya.oePlayerId).toMatch(/^oe:player:/);
    const header = lines0();
    const canna = TEXT.split('\r\n')
      .find((l) => l.includes(',Canna,') && l.includes('2026-01-31'))!
      .split(',');
    const cannaCs =
      Number(canna[header.indexOf('minionkills')]) + Number(canna[header.indexOf('monsterkills')]);
    const kcMatch = leagueMatches.find((m) => m.team1 === 'Karmine Corp')!;
    expect((await stat((await w.player('Canna')).id, kcMatch.id)).cs).toBe(cannaCs);
    const yike = await w.player('Yike');
    expect(yike).toMatchObject({ team: 'Karmine Corp', role: 'Jungle', tier: 1, cost: 1 });

    // a roster's total: its player's game points, plus the champion bonus (tier, twice when the game was won)
    const bbGames = await w.db.execute<{ points: number; champion: string | null; won: boolean }>(sql`
      select s.points::float8 as points, c.name as champion, g.winner = s.team_name as won
        from player_stats s left join champions c on c.id = s.champion_id
        join match_games g on g.match_id = s.match_id and g.game_number = s.game_number
       where s.player_id = ${bb.id}`);
    expect(bbGames.rows.length).toBe(4);
    const expectedX = bbGames.rows.reduce(
      (sum, g) => sum + Number(g.points) + (g.champion === "K'Sante" ? 3 * (g.won ? 2 : 1) : 0),
      0,
    );
    expect(await total(w, x)).toBeCloseTo(expectedX, 2);
    const upsetGames = await w.db.execute<{ points: number }>(
      sql`select points::float8 as points from player_stats where player_id = ${upset.id}`,
    );
    expect(upsetGames.rows.length).toBe(7);
    expect(await total(w, y)).toBeCloseTo(
      upsetGames.rows.reduce((s, g) => s + Number(g.points), 0),
      2,
    );
    // the mapping used once is remembered for the league
    const aliases = await w.db.select().from(teamAliases).where(eq(teamAliases.leagueId, w.league.id));
    expect(aliases.map((a) => [a.alias, a.teamName])).toEqual([['Rogue', 'Natus Vincere']]);
    // one admin action with the counts
    const audit = await w.db.execute<{ new_values: { counts: { matchesCreated: number } } }>(
      sql`select new_values from admin_audit_log where action = 'IMPORT_ORACLES_ELIXIR' and record_id = ${w.league.id}`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.new_values.counts.matchesCreated).toBe(6);
  });

  it('a second import of the same rows is all unchanged and writes nothing (the alias is remembered)', async () => {
    const before = await tableCounts(w.db);
    const lastWrite = () =>
      w.db.execute(sql`
        select (select max(updated_at) from matches where league_id = ${w.league.id}) as m,
               (select max(updated_at) from players) as p,
               (select max(updated_at) from rosters where league_id = ${w.league.id}) as r`);
    const written = (await lastWrite()).rows;
    const totals = [await total(w, x), await total(w, y), await total(w, z)];
    const res = await upload(w, TEXT, { source: 'LEC', dryRun: 'false' });
    expect(res.statusCode, res.body).toBe(200);
    const statuses = res.json().series.map((s: { status: string }) => s.status);
    expect(statuses).toEqual([
      'unchanged',
      'unchanged',
      'unchanged',
      'unchanged',
      'unchanged',
      'skipped',
      'unchanged',
      'unchanged',
    ]);
    expect(res.json().counts).toMatchObject({
      matchesCreated: 0,
      matchesUpdated: 0,
      matchesUnchanged: 7,
      rostersUpdated: 0,
    });
    expect(await tableCounts(w.db)).toEqual(before);
    expect((await lastWrite()).rows).toEqual(written);
    expect([await total(w, x), await total(w, y), await total(w, z)]).toEqual(totals);
  });

  it("a corrected kill count rewrites one game and moves exactly that player's holders, keeping the editor's additions", async () => {
    // the editor added a game MVP, an objective steal and a series MVP to G2 vs Fnatic
    const caps = await w.player('Caps');
    await w.db.execute(
      sql`update player_stats set mvp = true, jungle_steals = 1 where match_id = ${w.scheduled.id} and player_id = ${caps.id}`,
    );
    const mvp = await w.admin.request({
      method: 'PUT',
      url: `/api/admin/matches/${w.scheduled.id}/series-mvp`,
      payload: { playerId: caps.id },
    });
    expect(mvp.statusCode, mvp.body).toBe(200);
    // the stats save's engine rescoring Caps' edited row (what the editor's own save would do)
    await w.db.execute(
      sql`update player_stats set points = null where match_id = ${w.scheduled.id} and player_id = ${caps.id}`,
    );
    const warm = await upload(w, TEXT, { source: 'LEC', dryRun: 'false' });
    expect(warm.json().series[0].status).toBe('updated');
    const [tx, ty, tz] = [await total(w, x), await total(w, y), await total(w, z)];

    // BrokenBlade's kills in game 1: 3 → 4
    const lines = TEXT.split('\r\n');
    const i = lines.findIndex((l) => l.includes(',BrokenBlade,') && l.includes('2026-01-17 17:05:11'));
    const cells = lines[i]!.split(',');
    const killsAt = lines[0]!.split(',').indexOf('kills');
    expect(cells[killsAt]).toBe('3');
    cells[killsAt] = '4';
    lines[i] = cells.join(',');
    const corrected = lines.join('\r\n');

    const preview = await upload(w, corrected, { source: 'LEC' });
    expect(preview.json().series.map((s: { status: string }) => s.status)).toEqual([
      'updated',
      'unchanged',
      'unchanged',
      'unchanged',
      'unchanged',
      'skipped',
      'unchanged',
      'unchanged',
    ]);
    expect(preview.json().series[0].changedGames).toEqual([1]);
    const res = await upload(w, corrected, { source: 'LEC', dryRun: 'false' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counts).toMatchObject({ matchesUpdated: 1, matchesUnchanged: 6, rostersUpdated: 1 });
    expect(await total(w, x)).toBeCloseTo(tx + 2, 5);
    expect(await total(w, y)).toBe(ty);
    expect(await total(w, z)).toBe(tz);
    // what the editor added is still there (DECISIONS 29)
    const [capsStat] = await w.db
      .select()
      .from(playerStats)
      .where(and(eq(playerStats.matchId, w.scheduled.id), eq(playerStats.playerId, caps.id)));
    expect(capsStat).toMatchObject({ mvp: true, jungleSteals: 1 });
    const mvpRow = await w.db.execute(
      sql`select player_id from series_mvp where match_id = ${w.scheduled.id}`,
    );
    expect(mvpRow.rows).toEqual([{ player_id: caps.id }]);
  });

  it('bad files give 400 in Italian and change nothing', async () => {
    const before = await tableCounts(w.db);
    const lines = TEXT.split('\r\n').filter((l) => l !== '');
    const cases: [string, string | Buffer, RegExp][] = [
      [
        'wrong header',
        TEXT.replace(/^gameid,/, 'game_id,').replace(',teamname,', ',team,'),
        /mancano le colonne gameid, teamname/,
      ],
      ['binary data', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)), /CSV|colonne/],
      ['0 bytes', '', /vuoto/],
      ['truncated last game', `${lines.slice(0, -3).join('\r\n')}\r\n`, /ha 9 righe invece di 12/],
      ['truncated last line', `${lines.join('\r\n').slice(0, -40)}`, /riga|righe/],
    ];
    for (const [label, body, message] of cases) {
      const res = await upload(w, body, { source: 'LEC', teamMap: TEAM_MAP, dryRun: 'false' });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json().message, label).toMatch(message);
    }
    const notCsv = await w.admin.request({
      method: 'POST',
      url: `/api/admin/leagues/${w.league.id}/import/oracles-elixir?dryRun=false`,
      payload: { a: 1 },
    });
    // only the declared content type is accepted (issue 11, item 7)
    expect(notCsv.statusCode).toBe(415);
    const badMap = await upload(w, TEXT, { source: 'LEC', teamMap: '{"Rogue": "Nessuno"}', dryRun: 'false' });
    expect(badMap.statusCode).toBe(400);
    expect(badMap.json().message).toBe('La squadra "Nessuno" indicata in teamMap non fa parte della lega');
    expect(await tableCounts(w.db)).toEqual(before);
  });

  it('one import of a league at a time: a second start gets 409 with the running one; a preview still runs', async () => {
    const running = await ctx.app.adminJobs.start({
      kind: 'import',
      leagueId: w.league.id,
      user: { id: w.admin.userId, username: 'altro_admin' },
    });
    try {
      running.progress('Scrittura delle partite: 2 di 7', 0.5);
      const before = await tableCounts(w.db);
      const second = await upload(w, TEXT, { source: 'LEC', teamMap: TEAM_MAP, dryRun: 'false' });
      expect(second.statusCode, second.body).toBe(409);
      expect(second.json().message).toMatch(
        /^Un’importazione di questa lega è già in corso: avviata da altro_admin alle /,
      );
      expect(second.json().details.job).toMatchObject({ id: running.id, percent: 50, status: 'running' });
      expect(await tableCounts(w.db)).toEqual(before);
      const preview = await upload(w, TEXT, { source: 'LEC', teamMap: TEAM_MAP });
      expect(preview.statusCode, preview.body).toBe(200);
    } finally {
      await running.discard();
    }
  });

  it('takes a charset in the content type', async () => {
    const res = await w.admin.request({
      method: 'POST',
      url: `/api/admin/leagues/${w.league.id}/import/oracles-elixir?source=lec`,
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      payload: FIXTURE,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().source).toBe('LEC');
  });

  it('only admins may import', async () => {
    const user = await userAgent(ctx.app, w.db);
    const res = await user.request({
      method: 'POST',
      url: `/api/admin/leagues/${w.league.id}/import/oracles-elixir?source=LEC`,
      headers: { 'content-type': 'text/csv' },
      payload: TEXT,
    });
    expect(res.statusCode).toBe(403);
  });
});

/** The file's game LOLTMNT01_1001 (G2 Esports – Fnatic, G2 wins), its cells changed by column name. */
function game1001(
  changes: Record<string, string>,
  perRow: (cells: string[], at: (c: string) => number) => void = () => {},
) {
  const header = lines0();
  const at = (column: string) => header.indexOf(column);
  return TEXT.split('\r\n')
    .filter((l) => l.startsWith('LOLTMNT01_1001,'))
    .map((line) => {
      const cells = line.split(',');
      for (const [column, value] of Object.entries(changes)) cells[at(column)] = value;
      perRow(cells, at);
      return cells.join(',');
    });
}

const csvOf = (rows: string[]) => `${[lines0().join(','), ...rows].join('\r\n')}\r\n`;

const MINIMAL_HEADER = 'gameid,league,date,game,position,playername,teamname,result';
const POSITIONS = ['top', 'jng', 'mid', 'bot', 'sup'];

/** One game in the fewest columns the import takes: the blue team wins. */
function minimalGame(id: string, league: string, date: string, blue: string, red: string, game = 1) {
  const rows: string[] = [];
  for (const [team, won] of [
    [blue, 1],
    [red, 0],
  ] as const) {
    for (const p of POSITIONS) rows.push(`${id},${league},${date},${game},${p},${p}_${team},${team},${won}`);
  }
  rows.push(
    `${id},${league},${date},${game},team,,${blue},1`,
    `${id},${league},${date},${game},team,,${red},0`,
  );
  return rows;
}

const minimalCsv = (games: string[][]) => `${[MINIMAL_HEADER, ...games.flat()].join('\n')}\n`;

describe("Oracle's Elixir import: files whose values the catalogue cannot hold (issue 26)", () => {
  let admin: Awaited<ReturnType<typeof userAgent>>;
  beforeAll(async () => {
    admin = await userAgent(ctx.app, ctx.database.db, { isAdmin: true });
  });
  const freshLeague = () =>
    createLeague(ctx.database.db, { name: 'LEC Import Limiti', type: 'LEC', teams: LEAGUE_TEAMS });
  const send = (leagueId: string, csv: string, query: Record<string, string> = {}) =>
    admin.request({
      method: 'POST',
      url: `/api/admin/leagues/${leagueId}/import/oracles-elixir?${new URLSearchParams(query)}`,
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    });
  const leagueMatches = (leagueId: string) =>
    ctx.database.db.select().from(matches).where(eq(matches.leagueId, leagueId));

  it('a team name over 200 characters is a 400 naming the row and the team, in a preview and an import', async () => {
    const league = await freshLeague();
    // the name still matches "Karmine Corp" ignoring punctuation: an import would get as far as writing
    const long = `Karmine Corp${'.'.repeat(238)}`;
    expect(long).toHaveLength(250);
    const csv = TEXT.replaceAll(',Karmine Corp,', `,${long},`);
    const before = await tableCounts(ctx.database.db);
    for (const dryRun of ['true', 'false']) {
      const res = await send(league.id, csv, { source: 'LEC', teamMap: TEAM_MAP, dryRun });
      expect(res.statusCode, `dryRun=${dryRun}: ${res.body.slice(0, 300)}`).toBe(400);
      expect(res.json().code).toBe('IMPORT_CELL_TOO_LONG');
      expect(res.json().message).toMatch(
        /^Riga \d+: il valore della colonna teamname \("Karmine Corp\.+…"\) supera i 200 caratteri$/,
      );
    }
    expect(await tableCounts(ctx.database.db)).toEqual(before);
  });

  it('six games between one pair on a day are not a series: reported in the preview and skipped by the import', async () => {
    const league = await freshLeague();
    const six = [1, 2, 3, 4, 5, 6].flatMap((n) =>
      game1001({ gameid: `SIX_${n}`, game: String(n), date: `2026-01-17 1${n}:00:00` }),
    );
    for (const dryRun of ['true', 'false']) {
      const res = await send(league.id, csvOf(six), { dryRun });
      expect(res.statusCode, `dryRun=${dryRun}: ${res.body.slice(0, 300)}`).toBe(200);
      const [series, ...others] = res.json().series;
      expect(others).toEqual([]);
      expect(series).toMatchObject({
        fileTeams: ['G2 Esports', 'Fnatic'],
        games: 6,
        status: 'skipped',
        matchId: null,
        reason: 'Serie di 6 game tra G2 Esports e Fnatic: una serie ha al massimo 5 game (BO5)',
      });
      expect(res.json().counts).toMatchObject({ series: 1, matchesCreated: 0, matchesUpdated: 0 });
    }
    // even asked to import incomplete series, six games are not one
    const incomplete = await send(league.id, csvOf(six), { dryRun: 'false', includeIncomplete: 'true' });
    expect(incomplete.statusCode, incomplete.body.slice(0, 300)).toBe(200);
    expect(incomplete.json().series[0].status).toBe('skipped');
    expect(await leagueMatches(league.id)).toEqual([]);
  });

  it('a statistic past what the stats editor accepts skips its series instead of being stored', async () => {
    const league = await freshLeague();
    const rows = game1001({}, (cells, at) => {
      if (cells[at('playername')] === 'BrokenBlade') cells[at('kills')] = '2000000';
    });
    for (const dryRun of ['true', 'false']) {
      const res = await send(league.id, csvOf(rows), { dryRun });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.json().series[0]).toMatchObject({ status: 'skipped' });
      expect(res.json().series[0].reason).toBe('Game LOLTMNT01_1001 non valido: valori oltre 10000 (kills)');
    }
    expect(await leagueMatches(league.id)).toEqual([]);
  });

  it('a game dated outside the years a week can hold (2000–9998) or on no real day is an invalid game', async () => {
    const league = await freshLeague();
    for (const date of ['1850-01-17 17:05:11', '9999-12-30 17:05:11', '2026-02-30 17:05:11']) {
      const res = await send(league.id, csvOf(game1001({ date })));
      expect(res.statusCode, `${date}: ${res.body.slice(0, 300)}`).toBe(200);
      expect(res.json().series[0]).toMatchObject({
        status: 'skipped',
        week: null,
        reason: 'Game LOLTMNT01_1001 non valido: data non valida',
      });
    }
  });

  it('the preview shows a league whose weeks are numbered past 100,000, and refuses one past the last week number', async () => {
    const leagueWithWeek = async (weekNumber: number, name: string) => {
      const league = await freshLeague();
      await ctx.database.db
        .insert(weeks)
        .values({ leagueId: league.id, weekNumber, name, startDate: '2026-01-12', endDate: '2026-01-18' });
      return league;
    };
    const high = await leagueWithWeek(200_000, 'Settimana 200000');
    const res = await send(high.id, TEXT, { source: 'LEC', teamMap: TEAM_MAP });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const numbers = res.json().series.map((s: { week: { weekNumber: number } | null }) => s.week?.weekNumber);
    expect(numbers).toEqual([200_000, 200_000, 200_000, 200_001, 200_001, undefined, 200_002, 200_002]);

    const last = await leagueWithWeek(2_147_483_647, 'Ultima');
    const full = await send(last.id, TEXT, { source: 'LEC', teamMap: TEAM_MAP });
    expect(full.statusCode, full.body.slice(0, 300)).toBe(400);
    expect(full.json().message).toBe(
      'La lega ha già una settimana numero 2147483647: non si possono creare altre settimane',
    );
  });

  it('a file of more than 1000 leagues is a 400, one of fewer lists them all', async () => {
    const league = await freshLeague();
    const games = (n: number) =>
      Array.from({ length: n }, (_, i) => minimalGame(`LG_${i}`, `L${i}`, '2026-01-17 17:00:00', 'A', 'B'));
    const many = await send(league.id, minimalCsv(games(1001)), { source: 'L1' });
    expect(many.statusCode, many.body.slice(0, 300)).toBe(400);
    expect(many.json().message).toBe(
      "Il file contiene più di 1000 leghe: non è un export di Oracle's Elixir",
    );
    const enough = await send(league.id, minimalCsv(games(1000)), { source: 'L1' });
    expect(enough.statusCode, enough.body.slice(0, 300)).toBe(200);
    expect(enough.json().sources).toHaveLength(1000);
  });

  it('lists more than 1000 unmatched teams', async () => {
    const league = await freshLeague();
    const games = Array.from({ length: 501 }, (_, i) =>
      minimalGame(`UT_${i}`, 'LEC', '2026-01-17 17:00:00', `Blu ${i}`, `Rossa ${i}`),
    );
    const res = await send(league.id, minimalCsv(games));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().unmatchedTeams).toHaveLength(1002);
    expect(res.json().series).toHaveLength(501);
  });

  // a 6 MB file: its parsing alone takes seconds on a busy machine
  it('refuses a selection of more than 10,000 games, asking for a shorter period', {
    timeout: 120_000,
  }, async () => {
    const league = await freshLeague();
    const start = Date.UTC(2026, 0, 5, 12);
    const day = (i: number) =>
      new Date(start + i * 7 * 3600 * 1000).toISOString().slice(0, 19).replace('T', ' ');
    const games = Array.from({ length: 10_001 }, (_, i) => minimalGame(`MG_${i}`, 'LEC', day(i), 'A', 'B'));
    const res = await send(league.id, minimalCsv(games));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().message).toBe(
      'Il file contiene più di 10000 game da importare: restringi il periodo (date Dal e Al) o scegli un’altra lega',
    );
  });
});

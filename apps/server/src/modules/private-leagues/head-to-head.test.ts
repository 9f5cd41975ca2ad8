import { DEFAULT_SCORING_RULES, matchGoals } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, createWeek, tableCounts } from '../../test/admin-fixtures.ts';
import type { Agent } from '../../test/http.ts';
import { DAY, day, HOUR, leagueWorld, type Member } from '../../test/league-world.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { pointsFold, settlePoints } from '../points/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

interface Fixture {
  homeUserId: string;
  awayUserId: string;
  homeRosterId: string;
  awayRosterId: string;
  homePoints: number;
  awayPoints: number;
  homeGoals: number;
  awayGoals: number;
}
interface Round {
  round: number;
  weekId: string;
  status: 'scheduled' | 'live' | 'final';
  fixtures: Fixture[];
  restingUserId: string | null;
}

/**
 * An official league of two teams (A beats B), three weeks from tomorrow with one A–B match in the first,
 * an admin, and `join(k)`: a participant whose roster holds the first k players of A and of B.
 */
async function world() {
  const w = await leagueWorld(ctx, 'Scontri', ['Alfa', 'Beta']);
  const [A, B] = w.teams as [string, string];
  const now = Date.now();
  const weeks: { id: string; weekNumber: number }[] = [];
  for (let i = 0; i < 3; i++) {
    weeks.push(
      await createWeek(w.admin, {
        leagueId: w.league.id,
        weekNumber: i + 1,
        name: `Settimana ${i + 1}`,
        startDate: day(now + (1 + 7 * i) * DAY),
        endDate: day(now + (6 + 7 * i) * DAY),
      }),
    );
  }
  const matchId = await createMatch(w.admin, weeks[0]!.id, {
    team1: A,
    team2: B,
    date: new Date(now + 2 * DAY).toISOString(),
    matchFormat: 1,
  });
  let n = 0;
  const join = (k: number): Promise<Member> =>
    w.member(
      [
        ...w.players.filter((x) => x.team === A).slice(0, k),
        ...w.players.filter((x) => x.team === B).slice(0, k),
      ],
      `h2h_${w.tag}_${++n}`,
    );
  /** The first week begins: yesterday, its match an hour ago. */
  const begin = async () => {
    await w.db.execute(sql`update weeks set start_date = ${day(now - DAY)} where id = ${weeks[0]!.id}`);
    await w.dateMatches([{ matchId, at: now - HOUR }]);
  };
  /** The match's statistics: every player `kills` kills, A winning. */
  const save = (kills: number) => w.save(matchId, { winner: A, loser: B, kills: () => kills });
  return { league: w.league, admin: w.admin, weeks, matchId, join, begin, save };
}

const call = (u: Agent, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  u.request({ method, url, payload: payload as Record<string, unknown> | undefined });

async function createH2h(owner: Agent, leagueId: string, h2h?: unknown) {
  const res = await call(owner, 'POST', `/api/leagues/${leagueId}/private-leagues`, {
    name: 'Fanta del giovedì',
    format: 'h2h',
    ...(h2h ? { h2h } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().privateLeague as { id: string; inviteCode: string; format: string; h2h: unknown };
}

async function calendar(u: Agent, id: string): Promise<Round[]> {
  const res = await call(u, 'GET', `/api/private-leagues/${id}/calendar`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rounds;
}

const weekPoints = async (weekId: string) => {
  const { rows } = await ctx.database.db.execute<{ roster_id: string; points: string }>(
    sql`select roster_id, points::text as points from roster_week_points where week_id = ${weekId}`,
  );
  return new Map(rows.map((r) => [r.roster_id, Number(r.points)]));
};

/** Every match-up of a round agrees with the stored week points and the core rule. */
async function expectRoundFromWeekPoints(
  round: Round,
  rule: { rule: 'bands' | 'points'; bandStart: number; bandStep: number },
) {
  const points = await weekPoints(round.weekId);
  for (const f of round.fixtures) {
    const hp = points.get(f.homeRosterId) ?? 0;
    const ap = points.get(f.awayRosterId) ?? 0;
    expect([f.homePoints, f.awayPoints]).toEqual([hp, ap]);
    expect({ homeGoals: f.homeGoals, awayGoals: f.awayGoals }).toEqual(matchGoals(hp, ap, rule));
  }
}

const fixtureVersions = async (privateLeagueId: string) => {
  const { rows } = await ctx.database.db.execute<{ round: number; slot: number; v: string }>(sql`
    select round, slot, xmin::text as v from h2h_fixtures where private_league_id = ${privateLeagueId}
    order by round, slot`);
  return rows.map((r) => `${r.round}.${r.slot}:${r.v}`);
};

describe('head-to-head private leagues', () => {
  it('creation: the format and the rule, T and S checked in Italian; the suggestion without weeks played', async () => {
    const w = await world();
    const owner = await w.join(1);
    const before = await tableCounts(ctx.database.db);
    for (const [h2h, message] of [
      [{ rule: 'bands', bandStart: 0, bandStep: 6 }, /^La soglia del primo gol \(T\) deve essere tra 1 e/],
      [
        { rule: 'bands', bandStart: 66, bandStep: 0.5 },
        /^L'ampiezza di una fascia \(S\) deve essere tra 1 e/,
      ],
      [{ rule: 'bands', bandStart: 66, bandStep: 100_000 }, /^L'ampiezza di una fascia \(S\)/],
    ] as const) {
      const res = await call(owner, 'POST', `/api/leagues/${w.league.id}/private-leagues`, {
        name: 'Fasce sbagliate',
        format: 'h2h',
        h2h,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const badFormat = await call(owner, 'POST', `/api/leagues/${w.league.id}/private-leagues`, {
      name: 'Formato sbagliato',
      format: 'knockout',
    });
    expect(badFormat.statusCode).toBe(400);
    expect(await tableCounts(ctx.database.db)).toEqual(before);

    const classic = await call(owner, 'POST', `/api/leagues/${w.league.id}/private-leagues`, {
      name: 'Classica',
    });
    expect(classic.json().privateLeague).toMatchObject({ format: 'classic', h2h: null });
    const noCalendar = await call(
      owner,
      'GET',
      `/api/private-leagues/${classic.json().privateLeague.id}/calendar`,
    );
    expect(noCalendar.statusCode).toBe(409);
    expect(noCalendar.json().message).toBe('Questa lega privata non è a scontri diretti');

    const suggestion = await call(owner, 'GET', `/api/leagues/${w.league.id}/private-leagues/h2h-bands`);
    expect(suggestion.json()).toEqual({ bandStart: 60, bandStep: 10, weekName: null });
    const pl = await createH2h(owner, w.league.id);
    expect(pl).toMatchObject({
      format: 'h2h',
      h2h: { rule: 'bands', bandStart: 60, bandStep: 10, calendarGenerated: false },
    });
  });

  it('permissions: members only (404), owner-only settings and calendar (403), at least 2 members; frozen once drawn', async () => {
    const w = await world();
    const owner = await w.join(1);
    const pl = await createH2h(owner, w.league.id, { rule: 'points', bandStart: 66, bandStep: 6 });
    const before = await tableCounts(ctx.database.db);
    const alone = await call(owner, 'POST', `/api/private-leagues/${pl.id}/calendar`);
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toBe('Servono almeno 2 membri per generare il calendario');
    expect(await tableCounts(ctx.database.db)).toEqual(before);

    const friend = await w.join(2);
    const outsider = await w.join(3);
    // at most 20 members: the count the guarded join reads, raised by hand to the limit
    await ctx.database.db.execute(sql`update private_leagues set member_count = 20 where id = ${pl.id}`);
    const full = await call(friend, 'POST', `/api/private-leagues/invite/${pl.inviteCode}/join`);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('Una lega a scontri diretti può avere al massimo 20 membri');
    await ctx.database.db.execute(sql`update private_leagues set member_count = 1 where id = ${pl.id}`);
    expect((await call(friend, 'POST', `/api/private-leagues/invite/${pl.inviteCode}/join`)).statusCode).toBe(
      200,
    );
    for (const [method, path] of [
      ['GET', 'calendar'],
      ['GET', 'table'],
      ['POST', 'calendar'],
    ] as const) {
      const res = await call(outsider, method, `/api/private-leagues/${pl.id}/${path}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Lega privata non trovata');
    }
    const missing = await call(
      owner,
      'GET',
      '/api/private-leagues/00000000-0000-4000-8000-000000000000/table',
    );
    expect(missing.statusCode).toBe(404);
    const notOwner = await call(friend, 'POST', `/api/private-leagues/${pl.id}/calendar`);
    expect(notOwner.statusCode).toBe(403);
    const notOwnerRule = await call(friend, 'PUT', `/api/private-leagues/${pl.id}/h2h`, {
      rule: 'bands',
      bandStart: 50,
      bandStep: 5,
    });
    expect(notOwnerRule.statusCode).toBe(403);
    const badRule = await call(owner, 'PUT', `/api/private-leagues/${pl.id}/h2h`, {
      rule: 'bands',
      bandStart: 20_000,
      bandStep: 5,
    });
    expect(badRule.statusCode).toBe(400);

    // the table before the draw: every member, nothing played
    const table = await call(friend, 'GET', `/api/private-leagues/${pl.id}/table`);
    expect(table.json().rows.map((r: { played: number }) => r.played)).toEqual([0, 0]);

    const drawn = await call(owner, 'POST', `/api/private-leagues/${pl.id}/calendar`);
    expect(drawn.statusCode, drawn.body).toBe(201);
    expect(drawn.json().rounds).toHaveLength(3);
    // frozen: the invite says so, nobody joins, leaves or is removed
    const preview = await call(outsider, 'GET', `/api/private-leagues/invite/${pl.inviteCode}`);
    expect(preview.json().privateLeague).toMatchObject({ format: 'h2h', closedToNewMembers: true });
    const late = await call(outsider, 'POST', `/api/private-leagues/invite/${pl.inviteCode}/join`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Il calendario è già stato generato: questa lega non accetta nuovi membri',
    );
    expect((await call(friend, 'POST', `/api/private-leagues/${pl.id}/leave`)).statusCode).toBe(409);
    const removal = await call(owner, 'DELETE', `/api/private-leagues/${pl.id}/members/${friend.userId}`);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().message).toBe(
      'Il calendario è già stato generato: i membri non possono più cambiare',
    );
    const mine = await call(owner, 'GET', `/api/private-leagues/${pl.id}`);
    expect(mine.json().privateLeague.memberCount).toBe(2);
  });

  it('generation: a round robin over the weeks not started, odd counts rest, later weeks appended, cycles swapped', async () => {
    const w = await world();
    const owner = await w.join(1);
    const pl = await createH2h(owner, w.league.id);
    const others = [await w.join(2), await w.join(3)];
    for (const m of others) await call(m, 'POST', `/api/private-leagues/invite/${pl.inviteCode}/join`);
    const drawn = await call(owner, 'POST', `/api/private-leagues/${pl.id}/calendar`);
    expect(drawn.statusCode, drawn.body).toBe(201);
    let rounds = drawn.json().rounds as Round[];
    expect(rounds.map((r) => [r.round, r.weekId, r.status])).toEqual(
      w.weeks.map((wk, i) => [i + 1, wk.id, 'scheduled']),
    );
    // three members: one match-up and one rest a round, everyone rests once and meets everyone once
    const ids = [owner, ...others].map((m) => m.userId).sort();
    expect(rounds.map((r) => r.restingUserId).sort()).toEqual(ids);
    const pairs = rounds.map((r) => {
      expect(r.fixtures).toHaveLength(1);
      const f = r.fixtures[0]!;
      expect([f.homeUserId, f.awayUserId, r.restingUserId].sort()).toEqual(ids);
      return [f.homeUserId, f.awayUserId].sort().join();
    });
    expect(new Set(pairs).size).toBe(3);

    // a week the official league adds later is a fourth round: the first one's match-up, home and away swapped
    await createWeek(w.admin, {
      leagueId: w.league.id,
      weekNumber: 4,
      name: 'Settimana 4',
      startDate: day(Date.now() + 30 * DAY),
      endDate: day(Date.now() + 35 * DAY),
    });
    rounds = await calendar(others[0]!, pl.id);
    expect(rounds).toHaveLength(4);
    expect(rounds[3]!.fixtures[0]).toMatchObject({
      homeUserId: rounds[0]!.fixtures[0]!.awayUserId,
      awayUserId: rounds[0]!.fixtures[0]!.homeUserId,
    });
    expect(rounds[3]!.restingUserId).toBe(rounds[0]!.restingUserId);

    // once the first round has started: no second draw, no rule change, nothing changed
    await w.begin();
    const before = await fixtureVersions(pl.id);
    const again = await call(owner, 'POST', `/api/private-leagues/${pl.id}/calendar`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Il calendario è già iniziato: non si può più rigenerare');
    const rule = await call(owner, 'PUT', `/api/private-leagues/${pl.id}/h2h`, {
      rule: 'points',
      bandStart: 10,
      bandStep: 2,
    });
    expect(rule.statusCode).toBe(409);
    expect(await fixtureVersions(pl.id)).toEqual(before);
    expect((await calendar(owner, pl.id))[0]!.status).toBe('live');
  });

  it('results: live while statistics are saved, final when the week closes; a recalculation moves only the rounds it touches', async () => {
    const w = await world();
    const members = [await w.join(1), await w.join(2), await w.join(3), await w.join(5)];
    const [owner, ...friends] = members as [Member, ...Member[]];
    const rule = { rule: 'bands', bandStart: 20, bandStep: 8 } as const;
    const pl = await createH2h(owner, w.league.id, rule);
    for (const m of friends) await call(m, 'POST', `/api/private-leagues/invite/${pl.inviteCode}/join`);
    // a regeneration before the first round is allowed
    expect((await call(owner, 'POST', `/api/private-leagues/${pl.id}/calendar`)).statusCode).toBe(201);
    expect((await call(owner, 'POST', `/api/private-leagues/${pl.id}/calendar`)).statusCode).toBe(201);
    // a second head-to-head league in the same official league, and one in another: neither is touched
    // by what is not theirs
    const other = await w.join(4);
    const pl2 = await createH2h(other, w.league.id, { rule: 'points', bandStart: 1, bandStep: 1 });
    await call(friends[0]!, 'POST', `/api/private-leagues/invite/${pl2.inviteCode}/join`);
    expect((await call(other, 'POST', `/api/private-leagues/${pl2.id}/calendar`)).statusCode).toBe(201);
    const w2 = await world();
    const elsewhere = [await w2.join(1), await w2.join(2)];
    const pl3 = await createH2h(elsewhere[0]!, w2.league.id);
    await call(elsewhere[1]!, 'POST', `/api/private-leagues/invite/${pl3.inviteCode}/join`);
    expect((await call(elsewhere[0]!, 'POST', `/api/private-leagues/${pl3.id}/calendar`)).statusCode).toBe(
      201,
    );

    await w.begin();
    await w.save(2);
    let rounds = await calendar(friends[1]!, pl.id);
    expect(rounds[0]!.status).toBe('live');
    expect(rounds[0]!.fixtures).toHaveLength(2);
    await expectRoundFromWeekPoints(rounds[0]!, rule);
    const firstPoints = rounds[0]!.fixtures.flatMap((f) => [f.homePoints, f.awayPoints]);
    expect(firstPoints.some((p) => p > 0)).toBe(true);
    expect(rounds[1]!.fixtures.every((f) => f.homePoints === 0 && f.awayPoints === 0)).toBe(true);
    await expectRoundFromWeekPoints((await calendar(other, pl2.id))[0]!, {
      rule: 'points',
      bandStart: 1,
      bandStep: 1,
    });

    // the bands the creation form suggests now come from this week: T at its median roster
    const stored = [...(await weekPoints(w.weeks[0]!.id)).values()].sort((a, b) => a - b);
    const at = (q: number) => {
      const x = q * (stored.length - 1);
      return stored[Math.floor(x)]! + (x - Math.floor(x)) * (stored[Math.ceil(x)]! - stored[Math.floor(x)]!);
    };
    const suggestion = (
      await call(owner, 'GET', `/api/leagues/${w.league.id}/private-leagues/h2h-bands`)
    ).json();
    expect(suggestion).toEqual({
      bandStart: Math.max(1, Math.round(at(0.5))),
      bandStep: Math.max(1, Math.round((at(0.75) - at(0.25)) / 2)),
      weekName: 'Settimana 1',
    });

    // the live round counts in the table once a match of its week is completed
    let table = (await call(owner, 'GET', `/api/private-leagues/${pl.id}/table`)).json().rows;
    expect(table.map((r: { played: number }) => r.played)).toEqual([1, 1, 1, 1]);
    expect(table.map((r: { position: number }) => r.position)).toEqual([1, 2, 3, 4]);
    // the member with the most players has the most fantasy points
    expect(table.find((r: { userId: string }) => r.userId === members[3]!.userId).fantasyPoints).toBe(
      (await weekPoints(w.weeks[0]!.id)).get(members[3]!.rosterId),
    );

    // saving the statistics again moves the round at once (same request, no fold in a small league)
    const untouched = await fixtureVersions(pl3.id);
    await w.save(6);
    rounds = await calendar(owner, pl.id);
    await expectRoundFromWeekPoints(rounds[0]!, rule);
    expect(rounds[0]!.fixtures.flatMap((f) => [f.homePoints, f.awayPoints])).not.toEqual(firstPoints);
    expect(await fixtureVersions(pl3.id)).toEqual(untouched);

    // the week closes: the round is final and the table counts it
    const closed = await call(w.admin, 'POST', `/api/admin/weeks/${w.weeks[0]!.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    rounds = await calendar(owner, pl.id);
    expect(rounds.map((r) => r.status)).toEqual(['final', 'scheduled', 'scheduled']);
    table = (await call(owner, 'GET', `/api/private-leagues/${pl.id}/table`)).json().rows;
    const won = table.reduce((s: number, r: { won: number }) => s + r.won, 0);
    const lost = table.reduce((s: number, r: { lost: number }) => s + r.lost, 0);
    expect(won).toBe(lost);
    for (const r of table) expect(r.points).toBe(3 * r.won + r.drawn);

    // kills are worth more: a recalculation of the week moves its round's points, and nothing else
    const laterRounds = (await fixtureVersions(pl.id)).filter((v) => !v.startsWith('1.'));
    const saved = await call(w.admin, 'PUT', `/api/admin/scoring-rules/league/${w.league.id}`, {
      ...DEFAULT_SCORING_RULES,
      killPoints: 10,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const recalc = await call(w.admin, 'POST', '/api/admin/recalculate', {
      leagueId: w.league.id,
      mode: 'singleWeek',
      weekId: w.weeks[0]!.id,
    });
    expect(recalc.statusCode, recalc.body).toBe(200);
    const after = await calendar(owner, pl.id);
    await expectRoundFromWeekPoints(after[0]!, rule);
    expect(after[0]!.fixtures.flatMap((f) => [f.homePoints, f.awayPoints])).not.toEqual(
      rounds[0]!.fixtures.flatMap((f) => [f.homePoints, f.awayPoints]),
    );
    expect((await fixtureVersions(pl.id)).filter((v) => !v.startsWith('1.'))).toEqual(laterRounds);
    expect(await fixtureVersions(pl3.id)).toEqual(untouched);
    // a full recalculation that finds nothing new writes no match-up
    const all = await fixtureVersions(pl.id);
    await call(w.admin, 'POST', '/api/admin/recalculate', { leagueId: w.league.id, mode: 'full' });
    expect(await fixtureVersions(pl.id)).toEqual(all);
  });

  it('a big league: the save is folded after its commit, and the round moves when the fold writes the week', async () => {
    const w = await world();
    const [owner, friend] = [await w.join(1), await w.join(4)];
    const rule = { rule: 'points', bandStart: 1, bandStep: 1 } as const;
    const pl = await createH2h(owner, w.league.id, rule);
    await call(friend, 'POST', `/api/private-leagues/invite/${pl.inviteCode}/join`);
    expect((await call(owner, 'POST', `/api/private-leagues/${pl.id}/calendar`)).statusCode).toBe(201);
    await w.begin();
    const saved = { ...pointsFold };
    // every league takes the pending path, and its fold waits until the test lets it run
    Object.assign(pointsFold, { inlineMax: 0, afterCommit: false });
    try {
      await w.save(3);
      const pending = await calendar(owner, pl.id);
      expect(pending[0]!.fixtures[0]).toMatchObject({
        homePoints: 0,
        awayPoints: 0,
        homeGoals: 0,
        awayGoals: 0,
      });
      await settlePoints(ctx.database.db, w.league.id);
    } finally {
      Object.assign(pointsFold, saved);
    }
    const folded = (await calendar(friend, pl.id))[0]!;
    await expectRoundFromWeekPoints(folded, rule);
    expect(folded.fixtures[0]!.homePoints + folded.fixtures[0]!.awayPoints).toBeGreaterThan(0);
  });

  it('the SQL goals are the core rule to the cent', async () => {
    const cents = fc.integer({ min: -5000, max: 30_000 });
    const cases = fc.sample(
      fc.record({
        own: cents,
        other: cents,
        t: fc.integer({ min: 100, max: 20_000 }),
        s: fc.integer({ min: 100, max: 3000 }),
        rule: fc.constantFrom('bands' as const, 'points' as const),
      }),
      300,
    );
    cases.push(
      { own: 6600, other: 6590, t: 6600, s: 600, rule: 'points' },
      { own: 7200, other: 0, t: 6600, s: 600, rule: 'bands' },
    );
    const { rows } = await ctx.database.db.execute<{ g: number }>(sql`
      select h2h_goals(c->>'rule', (c->>'own')::numeric / 100, (c->>'other')::numeric / 100,
        (c->>'t')::numeric / 100, (c->>'s')::numeric / 100) as g
      from jsonb_array_elements(${JSON.stringify(cases)}::jsonb) with ordinality as x(c, i) order by i`);
    expect(rows.map((r) => Number(r.g))).toEqual(
      cases.map(
        (c) =>
          matchGoals(c.own / 100, c.other / 100, { rule: c.rule, bandStart: c.t / 100, bandStep: c.s / 100 })
            .homeGoals,
      ),
    );
  });
});

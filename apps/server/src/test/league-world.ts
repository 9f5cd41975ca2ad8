import type { LeagueType } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { players } from '../db/schema.ts';
import { openRoster } from '../modules/rosters/index.ts';
import { createLeague } from '../seed/factories.ts';
import { userAgent } from './fixtures.ts';
import type { Agent } from './http.ts';
import type { TestContext } from './test-app.ts';

export const ROLES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const;
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Calendar day (UTC) of a moment, for a week's dates. */
export const day = (t: number) => new Date(t).toISOString().slice(0, 10);

export type Member = Agent & { userId: string; username: string; rosterId: string };

/**
 * An official LEC league named `${name} ${tag}` whose teams are `${team} ${tag}` (a random tag, so that
 * several worlds share one database), five players a team (one per role, tier 1, cost 1), and an admin.
 * `member(held)` is a participant whose roster has held those players since three hours ago; `save` stores a
 * BO1's statistics through the admin API; `startMatches` dates matches in the past, as if they had begun.
 */
export async function leagueWorld(ctx: TestContext, name: string, teamNames: readonly string[]) {
  const db = ctx.database.db;
  const tag = Math.random().toString(36).slice(2, 7);
  const teams = teamNames.map((team) => `${team} ${tag}`);
  const league = await createLeague(db, { name: `${name} ${tag}`, type: 'LEC', teams });
  const ps = await db
    .insert(players)
    .values(
      teams.flatMap((team) =>
        ROLES.map((role) => ({ name: `${team.slice(0, 1)}${role} ${tag}`, team, role, tier: 1, cost: 1 })),
      ),
    )
    .returning();
  const admin = await userAgent(ctx.app, db, { isAdmin: true });
  const heldSince = new Date(Date.now() - 3 * HOUR).toISOString();

  const member = async (held: readonly { id: string }[], username?: string): Promise<Member> => {
    const agent = await userAgent(ctx.app, db, username ? { username } : {});
    const roster = (await db.transaction((tx) =>
      openRoster(tx, { userId: agent.userId, leagueId: league.id, leagueType: 'LEC' as LeagueType }),
    ))!;
    for (const x of held) {
      await db.execute(sql`
        insert into roster_players (roster_id, player_id, league_id, price_paid, acquired_at)
        values (${roster.id}, ${x.id}, ${league.id}, 1, ${heldSince})`);
    }
    return Object.assign(agent, { rosterId: roster.id });
  };

  /**
   * One game won by `winner` against `loser`: every player of the two teams with `kills(player)` kills, one
   * death, two assists and 100 CS; three towers to the winner.
   */
  const save = async (
    matchId: string,
    p: { winner: string; loser: string; kills: (player: { id: string }) => number },
  ) => {
    const res = await admin.request({
      method: 'PUT',
      url: `/api/admin/matches/${matchId}/statistics`,
      payload: {
        gamesPlayed: 1,
        winner: p.winner,
        games: [
          {
            gameNumber: 1,
            winner: p.winner,
            players: ps
              .filter((x) => x.team === p.winner || x.team === p.loser)
              .map((x) => ({ playerId: x.id, kills: p.kills(x), deaths: 1, assists: 2, cs: 100 })),
            objectives: [{ teamName: p.winner, towers: 3 }, { teamName: p.loser }],
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  /** Moves each match to the moment given (statistics are saved for a started match only). */
  const dateMatches = async (dates: readonly { matchId: string; at: number }[]) => {
    for (const { matchId, at } of dates) {
      await db.execute(sql`update matches set date = ${new Date(at).toISOString()} where id = ${matchId}`);
    }
  };

  return { db, tag, league, teams, players: ps, admin, member, save, dateMatches };
}

import { MESSAGES } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.ts';
import { players } from '../../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../../lib/audit.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { lockLeague } from '../leagues/list-leagues.ts';
import { ADMIN_MESSAGES } from '../messages.ts';
import { assertTeamInLeague, FREE_AGENT } from './team-rules.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function lockPlayer(tx: Transaction, playerId: string) {
  const [player] = UUID.test(playerId)
    ? await tx.select().from(players).where(eq(players.id, playerId)).for('update')
    : [];
  if (!player) throw notFound(MESSAGES.market.playerNotFound, 'PLAYER_NOT_FOUND');
  return player;
}

/** Team player manager, "available players" tab: the player moves to this team. */
export async function assignPlayerToTeam(
  db: Database,
  actor: AuditActor,
  p: { leagueId: string; teamName: string; playerId: string | null | undefined },
) {
  const playerId = p.playerId?.trim() ?? '';
  if (playerId === '') throw badRequest(MESSAGES.teams.selectPlayer, 'PLAYER_REQUIRED');
  return db.transaction(async (tx) => {
    const league = await lockLeague(tx, p.leagueId, MESSAGES.teams.leagueNotFound);
    assertTeamInLeague(league.teams, p.teamName);
    const player = await lockPlayer(tx, playerId);
    await tx
      .update(players)
      .set({ team: p.teamName, updatedAt: sql`now()` })
      .where(eq(players.id, player.id));
    await writeAudit(tx, actor, {
      action: 'ASSIGN_PLAYER_TEAM',
      tableName: 'players',
      recordId: player.id,
      oldValues: { team: player.team },
      newValues: { team: p.teamName },
    });
    return { message: MESSAGES.players.assigned };
  });
}

/** Team player manager, "team players" tab: the player leaves the team and becomes a Free Agent. */
export async function removePlayerFromTeam(
  db: Database,
  actor: AuditActor,
  p: { leagueId: string; teamName: string; playerId: string },
) {
  return db.transaction(async (tx) => {
    const league = await lockLeague(tx, p.leagueId, MESSAGES.teams.leagueNotFound);
    assertTeamInLeague(league.teams, p.teamName);
    const player = await lockPlayer(tx, p.playerId);
    if (player.team !== p.teamName) throw badRequest(ADMIN_MESSAGES.playerNotOnTeam, 'PLAYER_NOT_ON_TEAM');
    await tx
      .update(players)
      .set({ team: FREE_AGENT, updatedAt: sql`now()` })
      .where(eq(players.id, player.id));
    await writeAudit(tx, actor, {
      action: 'REMOVE_PLAYER_TEAM',
      tableName: 'players',
      recordId: player.id,
      oldValues: { team: player.team },
      newValues: { team: FREE_AGENT },
    });
    return { message: MESSAGES.players.removedFromTeam };
  });
}

import { playerStats } from '../../db/schema.ts';

/** A player's counted statistics in one game and the game points they gave, as the match views select them. */
export const playerStatCounts = {
  kills: playerStats.kills,
  deaths: playerStats.deaths,
  assists: playerStats.assists,
  cs: playerStats.cs,
  doubleKills: playerStats.doubleKills,
  tripleKills: playerStats.tripleKills,
  quadraKills: playerStats.quadraKills,
  pentaKills: playerStats.pentaKills,
  jungleSteals: playerStats.jungleSteals,
  mvp: playerStats.mvp,
  points: playerStats.points,
};

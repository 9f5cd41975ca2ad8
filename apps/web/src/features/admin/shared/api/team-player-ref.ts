/** One player of one team: what assigning or removing a player to a team is about. */
export interface TeamPlayerRef {
  leagueId: string;
  teamName: string;
  playerId: string;
}

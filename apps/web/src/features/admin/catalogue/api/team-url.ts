/** Team names go URL-encoded in the path ("Gen.G", "Anyone's Legend"). */
export const teamUrl = (leagueId: string, teamName: string) =>
  `/api/admin/leagues/${encodeURIComponent(leagueId)}/teams/${encodeURIComponent(teamName)}`;

/** One player of one team: what assigning or removing a player to a team is about. */
export interface TeamPlayerRef {
  leagueId: string;
  teamName: string;
  playerId: string;
}

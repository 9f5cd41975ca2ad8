/** Team names go URL-encoded in the path ("Gen.G", "Anyone's Legend"). */
export const teamUrl = (leagueId: string, teamName: string) =>
  `/api/admin/leagues/${encodeURIComponent(leagueId)}/teams/${encodeURIComponent(teamName)}`;

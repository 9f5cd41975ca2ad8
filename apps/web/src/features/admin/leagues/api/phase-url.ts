/** URLs of a league's phases. */
export const phasesUrl = (leagueId: string) => `/api/admin/leagues/${encodeURIComponent(leagueId)}/phases`;

export const phaseUrl = (leagueId: string, phaseId: string) =>
  `${phasesUrl(leagueId)}/${encodeURIComponent(phaseId)}`;

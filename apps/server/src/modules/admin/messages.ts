/**
 * Admin messages the spec does not give and the core catalogue does not hold yet. Short and Italian,
 * like the rest of the catalogue (DECISIONS 26); everything the spec quotes comes from core MESSAGES.
 */
export const ADMIN_MESSAGES = {
  invalidDate: 'Data non valida: usa il formato AAAA-MM-GG',
  rulesTextRequired: 'Il testo del regolamento è obbligatorio quando è richiesta l’accettazione',
  leagueTeamsUpdated: 'Team della lega aggiornati',
  phaseNameRequired: 'Il nome della fase è obbligatorio',
  phaseNameTooLong: 'Il nome della fase non può superare 50 caratteri',
  phaseTeamNotInLeague: (team: string) => `Il team ${team} non fa parte di questa lega`,
  teamNotInLeague: 'Questo team non è presente nella lega',
  leagueTeamsFull: (max: number) => `Una lega può avere al massimo ${max} team`,
  teamReserved: 'Il nome "Free Agent" è riservato ai player senza team',
  playerNotOnTeam: 'Questo player non fa parte del team',
  playerNotInLeague: 'Questo giocatore non partecipa a questa lega',
  teamDeletedPlayers: (deleted: number, freed: number) =>
    freed > 0
      ? `Team eliminato con successo: ${deleted} player eliminati, ${freed} player resi Free Agent perché presenti in roster o statistiche`
      : `Team eliminato con successo: ${deleted} player eliminati`,
  teamKeptPlayers:
    'Team eliminato con successo: i suoi player restano perché il team è ancora presente in un’altra lega',
  playerInUse:
    'Impossibile eliminare il player: è presente in uno o più roster o ha statistiche registrate. Spostalo tra i Free Agent invece.',
  championInUse:
    'Impossibile eliminare il campione: è presente in uno o più roster o è stato usato nelle statistiche.',
  championNameTaken: 'Esiste già un campione con questo nome',
  performanceUrlInvalid: 'URL non valido: usa un indirizzo http o https',
  performanceDeleted: 'Performance eliminata con successo',
  performanceNotFound: 'Performance non trovata',
  rosterNotFound: 'Roster non trovato',
  pointsInvalid: 'Il totale punti deve essere un numero valido',
} as const;

export const ROSTER_ADMIN_MESSAGES = {
  playerAlreadyInRoster: 'Questo giocatore è già nel roster',
  championAlreadyInRoster: 'Questo campione è già nel roster',
  playerNotInRoster: 'Questo giocatore non è nel roster',
  championNotInRoster: 'Questo campione non è nel roster',
} as const;

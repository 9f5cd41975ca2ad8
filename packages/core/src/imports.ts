/**
 * Oracle's Elixir match-data import (issue 13): the admin page's and the server's Italian text.
 * Its own catalogue beside MESSAGES, so the import's strings stay together.
 */
export const IMPORT_MESSAGES = {
  pageTitle: 'Importa Dati Partite',
  pageDescription:
    "Carica il file CSV dei dati partita di Oracle's Elixir: controlla l'anteprima e importa match, statistiche e punti.",
  emptyFile: 'Il file è vuoto',
  notCsv: 'Il file non è un CSV valido',
  badCsv: (line: number, detail: string) => `File CSV non valido alla riga ${line}: ${detail}`,
  missingColumns: (columns: string[]) =>
    `Il file non è un export di Oracle's Elixir: mancano le colonne ${columns.join(', ')}`,
  absentColumns: (columns: string[]) =>
    `Colonne assenti nel file (contate come nessun dato): ${columns.join(', ')}`,
  tooLarge: 'Il file supera la dimensione massima di 200 MB',
  wrongContentType: 'Invia il file come text/csv',
  truncatedGame: (gameId: string, rows: number) =>
    `Il game ${gameId} ha ${rows} righe invece di 12: il file è troncato o incompleto`,
  splitGame: (gameId: string) => `Le righe del game ${gameId} non sono consecutive nel file`,
  cellTooLong: (line: number, column: string, value: string, max: number) =>
    `Riga ${line}: il valore della colonna ${column} ("${value.slice(0, 30)}…") supera i ${max} caratteri`,
  tooManyLeagues: (max: number) => `Il file contiene più di ${max} leghe: non è un export di Oracle's Elixir`,
  tooManyGames: (max: number) =>
    `Il file contiene più di ${max} game da importare: restringi il periodo (date Dal e Al) o scegli un’altra lega`,
  statsTooLarge: (columns: string[], max: number) => `valori oltre ${max} (${columns.join(', ')})`,
  weekNumbersExhausted: (max: number) =>
    `La lega ha già una settimana numero ${max}: non si possono creare altre settimane`,
  invalidGame: (gameId: string, detail: string) => `Game ${gameId} non valido: ${detail}`,
  noGames: 'Il file non contiene nessun game',
  sourceRequired: (values: string) => `Il file contiene più leghe: scegli quale importare (${values})`,
  unknownSource: (source: string, values: string) =>
    `La lega "${source}" non è presente nel file. Leghe presenti: ${values}`,
  invalidTeamMap: 'teamMap deve essere un oggetto JSON { "squadra nel file": "squadra della lega" }',
  teamMapTarget: (team: string) => `La squadra "${team}" indicata in teamMap non fa parte della lega`,
  unmatchedTeams: (teams: string[]) =>
    `Squadre del file non associate a una squadra della lega: ${teams.join(', ')}. Associale e riprova.`,
  invalidRange: 'La data iniziale deve precedere quella finale',
  leagueNotFound: 'Lega non trovata',
  weekName: (n: number) => `Settimana ${n}`,
  // why a series is skipped, and warnings
  incomplete: 'Serie incompleta',
  incompleteNoMajority: 'nessuna squadra ha la maggioranza delle vittorie',
  incompleteMissingGame: (numbers: string) => `numeri dei game non consecutivi (${numbers})`,
  incompleteAfterWin: 'game giocati dopo la fine della serie',
  seriesTooLong: (games: number, team1: string, team2: string, max: number) =>
    `Serie di ${games} game tra ${team1} e ${team2}: una serie ha al massimo ${max} game (BO${max})`,
  weekClosed: (week: string) => `La settimana "${week}" è chiusa`,
  closedWeekWarning: (series: string, week: string) =>
    `${series}: saltata perché la settimana "${week}" è chiusa`,
  unknownChampion: (champion: string, games: number) =>
    `Campione sconosciuto "${champion}" (${games} statistiche salvate senza campione)`,
  partialGame: (game: string, fields: string[]) =>
    `${game}: dati mancanti (contati come 0): ${fields.join(', ')}`,
  ambiguousPlayer: (name: string) => `Più giocatori si chiamano "${name}": usato il primo`,
  // page
  league: 'Lega',
  file: 'File CSV',
  source: 'Campionato nel file',
  sourceOption: (league: string, games: number) => `${league} (${games} game)`,
  from: 'Dal',
  to: 'Al',
  includeIncomplete: 'Importa anche le serie incomplete',
  preview: 'Anteprima',
  import: 'Importa',
  importing: 'Importazione in corso…',
  uploading: (percent: number) => `Caricamento del file: ${percent}%`,
  analysing: 'Analisi del file…',
  done: (created: number, updated: number, unchanged: number) =>
    `Importazione completata: ${created} match creati, ${updated} aggiornati, ${unchanged} invariati`,
  seriesTitle: 'Serie',
  teams: 'Squadre',
  date: 'Data',
  score: 'Risultato',
  format: 'Formato',
  week: 'Settimana',
  status: 'Stato',
  newWeek: 'nuova',
  statusLabels: {
    new: 'Nuova',
    updated: 'Aggiornata',
    unchanged: 'Invariata',
    skipped: 'Saltata',
  },
  unmatchedTitle: 'Squadre da associare',
  unmatchedHint: 'Scegli la squadra della lega a cui corrisponde ogni squadra del file.',
  chooseTeam: 'Scegli una squadra',
  newPlayersTitle: 'Nuovi giocatori',
  newPlayersHint: 'Verranno creati con tier e costo 1: modificali dopo dal catalogo.',
  warningsTitle: 'Avvisi',
  summaryTitle: 'Riepilogo',
  counts: {
    games: 'Game',
    series: 'Serie',
    matchesCreated: 'Match creati',
    matchesUpdated: 'Match aggiornati',
    matchesUnchanged: 'Match invariati',
    playersMatched: 'Giocatori riconosciuti',
    playersCreated: 'Giocatori creati',
    weeksCreated: 'Settimane create',
    rostersUpdated: 'Roster aggiornati',
  },
  nothingToImport: 'Nessuna serie da importare',
  previewHint: "Questa è un'anteprima: niente è stato ancora salvato.",
  uploadFailed: 'Caricamento non riuscito',
} as const;

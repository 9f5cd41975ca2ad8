/**
 * Messages of "points and coins an admin can trust" (issue 12 items 1, 4, 5, 6; issue 11 items 5, 11):
 * closed-week confirmations, match dates, the one weekly distribution, restores.
 */
export type ClosedWeekAction = 'stats' | 'reopen' | 'complete' | 'delete';

const closedWeekActions: Record<ClosedWeekAction, string> = {
  stats: 'Salvare le statistiche',
  reopen: 'Riaprire il match',
  complete: 'Completare il match',
  delete: 'Eliminare il match',
};

export const pointsTrust = {
  matchNotStarted: 'La partita non è ancora iniziata: correggi la data prima di salvare le statistiche',
  matchDateOutsideWeek: (start: string, end: string) =>
    `La data del match deve essere compresa tra le date della settimana (${start} – ${end})`,
  weekDatesExcludeMatches: (count: number) =>
    count === 1
      ? 'Le nuove date escludono 1 match già inserito in questa settimana: sposta prima il match'
      : `Le nuove date escludono ${count} match già inseriti in questa settimana: sposta prima i match`,
  closeAlreadyPaidConfirm:
    'I premi di questa settimana sono già stati distribuiti: la settimana verrà solo chiusa, senza pagare di nuovo. Continuare?',
  closedAlreadyPaid:
    'Settimana chiusa. I premi erano già stati distribuiti e non sono stati pagati di nuovo.',
  /** the 409 answer and the dialog's text: what confirming does to the points and the rewards */
  closedWeekConfirm: (action: ClosedWeekAction, weekName: string) =>
    `La settimana "${weekName}" è chiusa e i suoi premi sono già stati distribuiti. ${closedWeekActions[action] ?? 'La modifica'} non cambia i premi pagati, e i punti dei roster non si aggiornano fino al prossimo "Ricalcola Punteggi", che li ricalcolerà dalle statistiche. Confermi?`,
  closedWeekConfirmButton: 'Conferma modifica',
  restoreModeAll: 'Punti, monete e roster',
  restoreModeAllHint:
    'Punti, Panda Coin, Burro Coin e giocatori/campioni tornano come erano in quel momento; gli acquisti successivi vengono annullati.',
  restoreModePoints: 'Solo punti',
  restoreModePointsHint: 'Cambiano solo i punti totali; monete e roster restano come sono ora.',
  restorePreviewTitle: 'Anteprima del ripristino',
  restorePreviewLoading: 'Calcolo dell’anteprima…',
  restorePreviewEmpty: 'Nessun roster cambierebbe.',
  restorePreviewSummary: (rosters: number) =>
    rosters === 1 ? '1 roster cambierebbe' : `${rosters} roster cambierebbero`,
  restoreConfirmAll:
    'Ripristinare punti, monete e roster? Gli acquisti e le vendite successive verranno annullati. Questa azione non può essere annullata.',
  restoreConfirmPoints:
    'Ripristinare solo i punti? Monete e roster restano come sono ora. Un successivo "Ricalcola Punteggi" annulla il ripristino dei punti.',
  weeklyRewardsLink: 'Premi settimanali',
  bonusColumn: 'Bonus soglia',
  previewTotals: (tier: number, bonus: number, bonusCount: number) =>
    `Premi per posizione: ${tier} BC · Bonus soglia: ${bonus} BC (${bonusCount} roster) · Totale: ${tier + bonus} BC`,
} as const;

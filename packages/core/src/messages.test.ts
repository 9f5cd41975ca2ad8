import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';

/** Every leaf of the catalogue with its dotted path. */
function leaves(node: object, prefix = ''): [string, unknown][] {
  return Object.entries(node).flatMap(([key, value]): [string, unknown][] =>
    typeof value === 'object' && value !== null
      ? leaves(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value]],
  );
}

describe('MESSAGES', () => {
  it('holds only non-empty strings and functions that return non-empty strings', () => {
    const all = leaves(MESSAGES);
    expect(all.length).toBeGreaterThan(250);
    for (const [path, value] of all) {
      if (typeof value === 'function') {
        const text: unknown = value(1, 2, 'PandaCoin');
        expect(typeof text, path).toBe('string');
        expect(String(text).length, path).toBeGreaterThan(0);
      } else {
        expect(typeof value, path).toBe('string');
        expect(String(value).trim().length, path).toBeGreaterThan(0);
      }
    }
  });

  it('fills the spec templates verbatim', () => {
    expect(MESSAGES.market.bought('Faker', 5, 'PandaCoin')).toBe('Hai acquistato Faker per 5 Panda Coin');
    expect(MESSAGES.market.bought('Ahri', 15, 'BurroCoin')).toBe('Hai acquistato Ahri per 15 Burro Coin');
    expect(MESSAGES.market.sold('Faker', 5, 'PandaCoin')).toBe('Hai venduto Faker per 5 Panda Coin');
    expect(MESSAGES.market.sold('Ahri', 8, 'BurroCoin')).toBe('Hai venduto Ahri per 8 Burro Coin');
    expect(MESSAGES.weeks.closed(120, 20)).toBe(
      'Settimana chiusa con successo! Distribuiti 120 Burrocoin a 20 partecipanti.',
    );
    expect(MESSAGES.recalc.done(7)).toBe('Ricalcolo completato con successo! 7 roster aggiornati.');
    expect(MESSAGES.recalculation).toBe(MESSAGES.recalc);
    expect(MESSAGES.recalc.invalidMatches(3)).toBe(
      'Trovati 3 match con errori che devono essere corretti prima del ricalcolo',
    );
    expect(MESSAGES.recalc.invalidMatchesToast(3)).toBe(
      'Trovati 3 match con errori. Controlla i dettagli e correggi i problemi.',
    );
    expect(MESSAGES.stats.missingGame(2)).toBe('Mancano statistiche per il game 2');
    expect(MESSAGES.stats.missingPlayers(1, 4)).toBe('Game 1: mancano statistiche per 4 giocatori');
    expect(MESSAGES.stats.noPoints(6)).toBe('6 statistiche senza punti calcolati');
    expect(MESSAGES.leagues.phaseOverlap('Regular Season', 'Playoffs')).toBe(
      'Phase dates overlap: Regular Season ends after Playoffs starts',
    );
    expect(MESSAGES.admin.coinsDistributed(5, 2, 12)).toBe(
      'Distribuiti 5 Panda Coin e 2 Burro Coin a 12 partecipanti',
    );
    expect(MESSAGES.phases.snapshotCreated(12, 'Playoffs')).toBe(
      'Snapshot creato per 12 roster nella fase Playoffs',
    );
    expect(MESSAGES.phases.changed('Finals')).toBe('Fase cambiata con successo: Finals');
    expect(MESSAGES.scoring.saveError('timeout')).toBe('Errore nel salvare le regole di scoring: timeout');
    expect(MESSAGES.scoring.saveError(null)).toBe(
      'Errore nel salvare le regole di scoring: Errore sconosciuto',
    );
  });

  it('keeps the spec wording of fixed messages', () => {
    expect(MESSAGES.auth.invalidCredentials).toBe('Email o password non corretti');
    expect(MESSAGES.auth.emailNotConfirmed).toBe('Conferma il tuo account tramite email prima di accedere');
    expect(MESSAGES.auth.alreadyRegistered).toBe('Questo email è già registrato. Prova ad accedere invece.');
    expect(MESSAGES.market.maxPlayers).toBe('Massimo 5 giocatori per roster');
    expect(MESSAGES.market.maxChampions).toBe('Massimo 8 campioni per roster');
    expect(MESSAGES.leagues.joined).toBe('Ti sei iscritto alla lega con successo!');
    expect(MESSAGES.weeks.duplicate).toBe('Esiste già una settimana con questo numero per questa lega');
    expect(MESSAGES.common.accessDenied).toBe('Accesso Negato');
    expect(MESSAGES.common.accessDeniedDescription).toBe('Non hai i permessi per accedere a questa pagina.');
    expect(MESSAGES.common.unauthorizedAction).toBe('Azione non autorizzata');
    expect(MESSAGES.common.rateLimited).toBe('Troppi tentativi. Riprova tra qualche minuto.');
    expect(MESSAGES.common.serverError).toBe('Errore del server. Riprova più tardi.');
    expect(MESSAGES.auth.resetLinkInvalid).toBe('Link non valido o scaduto');
    expect(MESSAGES.auth.usernameTaken).toBe('Questo nome utente è già in uso');
    expect(MESSAGES.auth.currentPasswordWrong).toBe('La password attuale non è corretta');
    expect(MESSAGES.auth.emailConfirmed).toBe('Email confermata! Ora puoi accedere.');
    expect(MESSAGES.auth.confirmLinkInvalid).toBe('Link di conferma non valido o scaduto');
  });
});

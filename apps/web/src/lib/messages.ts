// TODO(core): import from @fantarift/core
// The spec's Italian strings, verbatim where the spec gives them (DECISIONS 26).
export const MESSAGES = {
  common: {
    loading: 'Caricamento in corso...',
    slowLoading: 'Caricamento lento rilevato...',
    slowLoadingHint: 'Il server sta impiegando più tempo del previsto a rispondere.',
    reload: 'Ricarica',
    unexpectedError: 'Si è verificato un errore imprevisto. Riprova.',
    networkError: 'Impossibile contattare il server. Controlla la connessione e riprova.',
    notAuthenticated: 'Non autenticato',
    comingSoon: 'In arrivo',
    notFoundTitle: 'Pagina non trovata',
    notFoundDescription: 'La pagina che cerchi non esiste o è stata spostata.',
    backHome: 'Torna alla home',
    routeErrorTitle: 'Qualcosa è andato storto',
    routeErrorDescription: 'Si è verificato un errore durante il caricamento della pagina.',
  },
  validation: {
    requiredFields: 'Compila tutti i campi',
    passwordTooShort: 'La password deve essere di almeno 6 caratteri',
    usernameTooShort: 'Il nome utente deve essere di almeno 3 caratteri',
    emailRequired: 'Inserisci il tuo indirizzo email',
    invalidEmail: 'Email non valida',
    passwordsDoNotMatch: 'Le password non corrispondono',
  },
  auth: {
    invalidCredentials: 'Email o password non corretti',
    emailNotConfirmed: 'Conferma il tuo account tramite email prima di accedere',
    tooManyAttempts: 'Troppi tentativi. Riprova tra qualche minuto.',
    loginError: "Errore durante l'accesso. Riprova.",
    loginUnexpectedError: "Errore imprevisto durante l'accesso. Riprova.",
    emailAlreadyRegistered: 'Questo email è già registrato. Prova ad accedere invece.',
    usernameTaken: 'Questo nome utente è già in uso',
    weakPassword: 'Password troppo debole',
    signupError: 'Errore durante la registrazione',
    signupBonus: 'Quando ti unirai alla tua prima lega riceverai 15 Panda Coin e 8 Burro Coin!',
    signupSuccessTitle: 'Controlla la tua email',
    signupSuccessDescription: (email: string) =>
      `Ti abbiamo inviato un'email di conferma a ${email}. Apri il link nell'email per attivare il tuo account, poi accedi.`,
    emailConfirmed: 'Email confermata! Ora puoi accedere.',
    emailConfirmError: 'Link di conferma non valido o scaduto',
    logoutSuccess: 'Logout effettuato con successo',
    logoutError: 'Errore durante il logout',
    resetEmailSentTitle: 'Email inviata',
    resetEmailSentDescription: (email: string) =>
      `Se esiste un account associato a ${email}, riceverai a breve un link per reimpostare la password.`,
    resetEmailError: "Errore durante l'invio dell'email. Riprova.",
    invalidResetLink: 'Link non valido o scaduto',
    invalidResetLinkDescription:
      'Il link per reimpostare la password non è valido oppure è scaduto. Richiedine uno nuovo.',
    passwordResetSuccess: 'Password aggiornata con successo! Ora puoi accedere.',
    passwordChangeSuccess: 'Password aggiornata con successo',
    wrongCurrentPassword: 'La password attuale non è corretta',
    passwordChangeError: "Errore durante l'aggiornamento della password",
  },
  admin: {
    accessDenied: 'Accesso Negato',
    accessDeniedDescription: 'Non hai i permessi per accedere a questa pagina.',
    matchesMoved:
      'La gestione dei match è stata spostata nella gestione delle settimane: crea le settimane e aggiungi lì i match e le loro statistiche.',
  },
} as const;

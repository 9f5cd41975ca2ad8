import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES } from './messages.ts';
import {
  ChampionInputSchema,
  ChangePasswordRequestSchema,
  ChangePasswordSchema,
  CoinDistributionSchema,
  ForgotPasswordSchema,
  isValidMatchDay,
  LoginSchema,
  MarketBlockSchema,
  MatchInputSchema,
  PlayerInputSchema,
  ResetPasswordRequestSchema,
  ResetPasswordSchema,
  RULES_TEXT_MAX,
  SignupSchema,
  sanitizeText,
  validateLeagueName,
  validateMarketBlock,
  validateRulesText,
  validateSeriesResult,
  validateTeamName,
  WeekInputSchema,
} from './validation.ts';

/** Messages of a failed parse, by field path ('' for the object itself). */
function errors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    byPath[key] = [...(byPath[key] ?? []), issue.message];
  }
  return byPath;
}

describe('LoginSchema', () => {
  it('trims the email and requires both fields', () => {
    expect(LoginSchema.parse({ email: '  mario@example.it ', password: 'x' })).toEqual({
      email: 'mario@example.it',
      password: 'x',
    });
    expect(errors(LoginSchema, { email: '   ', password: '' })).toEqual({
      email: ['Compila tutti i campi'],
      password: ['Compila tutti i campi'],
    });
    expect(errors(LoginSchema, {})).toEqual({
      email: ['Compila tutti i campi'],
      password: ['Compila tutti i campi'],
    });
  });
});

describe('SignupSchema', () => {
  const valid = { username: ' mario ', email: ' mario@example.it ', password: 'segreto' };

  it('accepts and trims a valid sign-up', () => {
    expect(SignupSchema.parse(valid)).toEqual({
      username: 'mario',
      email: 'mario@example.it',
      password: 'segreto',
    });
  });

  it('gives the spec messages, one per field', () => {
    expect(errors(SignupSchema, { username: '', email: '', password: '' })).toEqual({
      username: ['Compila tutti i campi'],
      email: ['Compila tutti i campi'],
      password: ['Compila tutti i campi'],
    });
    expect(errors(SignupSchema, { ...valid, username: ' ab ' })).toEqual({
      username: ['Il nome utente deve essere di almeno 3 caratteri'],
    });
    expect(errors(SignupSchema, { ...valid, email: 'mario@' })).toEqual({ email: ['Email non valida'] });
    expect(errors(SignupSchema, { ...valid, password: '12345' })).toEqual({
      password: ['La password deve essere di almeno 6 caratteri'],
    });
  });

  it('caps username at 30 and password at 128 characters', () => {
    expect(errors(SignupSchema, { ...valid, username: 'a'.repeat(31) })).toEqual({
      username: [MESSAGES.auth.usernameTooLong],
    });
    expect(SignupSchema.safeParse({ ...valid, username: 'a'.repeat(30) }).success).toBe(true);
    expect(errors(SignupSchema, { ...valid, password: 'a'.repeat(129) })).toEqual({
      password: [MESSAGES.auth.passwordTooLong],
    });
  });

  it('does not trim passwords', () => {
    expect(SignupSchema.parse({ ...valid, password: ' abcde ' }).password).toBe(' abcde ');
  });
});

describe('ForgotPasswordSchema', () => {
  it('asks for the email address', () => {
    expect(errors(ForgotPasswordSchema, { email: ' ' })).toEqual({
      email: ['Inserisci il tuo indirizzo email'],
    });
    expect(errors(ForgotPasswordSchema, { email: 'no' })).toEqual({ email: ['Email non valida'] });
    expect(ForgotPasswordSchema.parse({ email: 'a@b.it ' })).toEqual({ email: 'a@b.it' });
  });
});

describe('ResetPasswordSchema and ChangePasswordSchema', () => {
  it('needs matching passwords of at least 6 characters', () => {
    expect(ResetPasswordSchema.safeParse({ password: 'segreto', confirmPassword: 'segreto' }).success).toBe(
      true,
    );
    expect(errors(ResetPasswordSchema, { password: 'segreto', confirmPassword: 'segreta' })).toEqual({
      confirmPassword: ['Le password non corrispondono'],
    });
    expect(errors(ResetPasswordSchema, { password: '123', confirmPassword: '123' })).toEqual({
      password: ['La password deve essere di almeno 6 caratteri'],
    });
    // an empty confirmation is "required", not "mismatch"
    expect(errors(ResetPasswordSchema, { password: 'segreto', confirmPassword: '' })).toEqual({
      confirmPassword: ['Compila tutti i campi'],
    });
  });

  it('requires the current password when changing', () => {
    const valid = { currentPassword: 'vecchia', newPassword: 'nuova123', confirmPassword: 'nuova123' };
    expect(ChangePasswordSchema.safeParse(valid).success).toBe(true);
    expect(errors(ChangePasswordSchema, { ...valid, currentPassword: '' })).toEqual({
      currentPassword: ['Compila tutti i campi'],
    });
    expect(errors(ChangePasswordSchema, { ...valid, confirmPassword: 'nuova124' })).toEqual({
      confirmPassword: ['Le password non corrispondono'],
    });
  });

  it('server request variants have no confirmation field', () => {
    expect(ResetPasswordRequestSchema.parse({ token: 'abc', password: 'segreto' })).toEqual({
      token: 'abc',
      password: 'segreto',
    });
    expect(errors(ResetPasswordRequestSchema, { token: '', password: 'segreto' })).toEqual({
      token: ['Link non valido o scaduto'],
    });
    expect(
      ChangePasswordRequestSchema.safeParse({ currentPassword: 'a', newPassword: 'bbbbbb' }).success,
    ).toBe(true);
    expect(ChangePasswordRequestSchema.safeParse({ currentPassword: 'a', newPassword: 'bbb' }).success).toBe(
      false,
    );
  });
});

describe('validateRulesText', () => {
  it('accepts ordinary rules with allowed tags', () => {
    expect(
      validateRulesText('<p>Regola 1: <strong>niente</strong> scambi.</p><ul><li>uno</li></ul>'),
    ).toBeNull();
    expect(validateRulesText('Chi ha un bonus = 1 punto')).toBeNull();
    expect(validateRulesText('')).toBeNull();
  });

  it('refuses text over 10000 characters', () => {
    expect(RULES_TEXT_MAX).toBe(10000);
    expect(validateRulesText('a'.repeat(10000))).toBeNull();
    expect(validateRulesText('a'.repeat(10001))).toBe('Rules text must be less than 10000 characters');
  });

  it('refuses script, javascript:, event handlers, iframe, object and embed', () => {
    for (const unsafe of [
      '<script>alert(1)</script>',
      '< SCRIPT src=x>',
      '<a href="javascript:alert(1)">x</a>',
      'JavaScript :void(0)',
      '<img src=x onerror=alert(1)>',
      '<p onclick = "x()">',
      '<iframe src=x>',
      '<object data=x>',
      '<embed src=x>',
    ]) {
      expect(validateRulesText(unsafe)).toBe('Rules text contains potentially unsafe content');
    }
  });
});

describe('sanitizeText', () => {
  it('trims and cuts to 1000 characters', () => {
    expect(sanitizeText('  ciao  ')).toBe('ciao');
    expect(sanitizeText(` ${'a'.repeat(1500)} `)).toBe('a'.repeat(1000));
    expect(sanitizeText('😀'.repeat(1001))).toBe('😀'.repeat(1000));
  });
});

describe('names', () => {
  it('validates league names', () => {
    expect(validateLeagueName('LCK Spring 2025')).toBeNull();
    expect(validateLeagueName('Lega Città (Estate) - v1.2_b')).toBeNull();
    expect(validateLeagueName('  ab  ')).toBe(MESSAGES.leagues.nameLength);
    expect(validateLeagueName('a'.repeat(101))).toBe(MESSAGES.leagues.nameLength);
    expect(validateLeagueName('a'.repeat(100))).toBeNull();
    expect(validateLeagueName('<b>Lega</b>')).toBe(MESSAGES.leagues.nameInvalidChars);
    expect(validateLeagueName('Lega; DROP')).toBe(MESSAGES.leagues.nameInvalidChars);
  });

  it('validates team names by trimmed length only', () => {
    expect(validateTeamName('T1')).toBeNull();
    expect(validateTeamName("Anyone's Legend")).toBeNull();
    expect(validateTeamName('Gen.G')).toBeNull();
    expect(validateTeamName('   ')).toBe('Il nome del team è obbligatorio');
    expect(validateTeamName(' X ')).toBe(MESSAGES.teams.nameLength);
    expect(validateTeamName('x'.repeat(51))).toBe(MESSAGES.teams.nameLength);
  });

  it('accepts match days 1–100', () => {
    expect(isValidMatchDay(1)).toBe(true);
    expect(isValidMatchDay(100)).toBe(true);
    expect(isValidMatchDay(0)).toBe(false);
    expect(isValidMatchDay(101)).toBe(false);
    expect(isValidMatchDay(2.5)).toBe(false);
  });
});

describe('PlayerInputSchema', () => {
  const valid = { name: 'Faker', team: 'T1', role: 'Mid', tier: 5, cost: 5 };

  it('accepts a player with optional fields', () => {
    expect(PlayerInputSchema.parse(valid)).toEqual(valid);
    expect(
      PlayerInputSchema.safeParse({
        ...valid,
        region: 'KR',
        imageUrl: 'https://example.com/faker.png',
        performanceUrl: '',
      }).success,
    ).toBe(true);
    expect(PlayerInputSchema.safeParse({ ...valid, region: null, imageUrl: null }).success).toBe(true);
  });

  it('gives the spec messages', () => {
    expect(errors(PlayerInputSchema, { ...valid, name: ' ', team: '' })).toEqual({
      name: ['Nome e team sono obbligatori'],
      team: ['Nome e team sono obbligatori'],
    });
    expect(errors(PlayerInputSchema, { ...valid, tier: 6 })).toEqual({
      tier: ['Il tier deve essere compreso tra 1 e 5'],
    });
    expect(errors(PlayerInputSchema, { ...valid, tier: 0 })).toEqual({
      tier: ['Il tier deve essere compreso tra 1 e 5'],
    });
    expect(errors(PlayerInputSchema, { ...valid, cost: 0 })).toEqual({
      cost: ['Il costo deve essere compreso tra 1 e 5 Panda Coin'],
    });
    expect(errors(PlayerInputSchema, { ...valid, cost: 2.5 })).toEqual({
      cost: ['Il costo deve essere compreso tra 1 e 5 Panda Coin'],
    });
    expect(errors(PlayerInputSchema, { ...valid, role: 'BOT' })).toEqual({
      role: [MESSAGES.players.invalidRole],
    });
  });

  it('refuses non-http links', () => {
    expect(errors(PlayerInputSchema, { ...valid, performanceUrl: 'javascript:alert(1)' })).toEqual({
      performanceUrl: [MESSAGES.players.invalidUrl],
    });
  });
});

describe('ChampionInputSchema', () => {
  const valid = { name: 'Ahri', tier: 6, roles: ['Mid'] };

  it('accepts tiers 1–6 with at least one role', () => {
    expect(ChampionInputSchema.parse(valid)).toEqual(valid);
    expect(ChampionInputSchema.safeParse({ ...valid, roles: ['Mid', 'Support'], tier: 1 }).success).toBe(
      true,
    );
  });

  it('gives the spec messages', () => {
    expect(errors(ChampionInputSchema, { ...valid, name: '' })).toEqual({
      name: ['Il nome del campione è obbligatorio'],
    });
    expect(errors(ChampionInputSchema, { ...valid, tier: 7 })).toEqual({
      tier: ['Il tier deve essere compreso tra 1 e 6'],
    });
    expect(errors(ChampionInputSchema, { ...valid, roles: [] })).toEqual({
      roles: ['Seleziona almeno un ruolo per il campione'],
    });
    expect(errors(ChampionInputSchema, { name: 'Ahri', tier: 1 })).toEqual({
      roles: ['Seleziona almeno un ruolo per il campione'],
    });
    expect(ChampionInputSchema.safeParse({ ...valid, roles: ['Mid', 'Mid'] }).success).toBe(false);
  });
});

describe('CoinDistributionSchema', () => {
  it('needs non-negative integers, at least one above 0', () => {
    expect(CoinDistributionSchema.parse({ pandaCoin: 5, burroCoin: 0 })).toEqual({
      pandaCoin: 5,
      burroCoin: 0,
    });
    expect(errors(CoinDistributionSchema, { pandaCoin: 0, burroCoin: 0 })).toEqual({
      '': ['Inserisci almeno un importo maggiore di 0'],
    });
    expect(errors(CoinDistributionSchema, { pandaCoin: -1, burroCoin: 3 })).toEqual({
      pandaCoin: [MESSAGES.admin.coinAmountInvalid],
    });
    expect(CoinDistributionSchema.safeParse({ pandaCoin: 1.5, burroCoin: 0 }).success).toBe(false);
  });
});

describe('WeekInputSchema', () => {
  const valid = { name: ' Settimana 1 ', weekNumber: 1, startDate: '2025-06-02', endDate: '2025-06-08' };

  it('accepts and trims a week', () => {
    expect(WeekInputSchema.parse(valid)).toEqual({ ...valid, name: 'Settimana 1' });
  });

  it('gives the spec messages', () => {
    expect(errors(WeekInputSchema, { ...valid, name: '  ' })).toEqual({
      name: ['Il nome della settimana è obbligatorio'],
    });
    expect(errors(WeekInputSchema, { ...valid, startDate: '' })).toEqual({
      startDate: ['Le date di inizio e fine sono obbligatorie'],
    });
    expect(errors(WeekInputSchema, { ...valid, startDate: '2025-06-08', endDate: '2025-06-02' })).toEqual({
      endDate: ['La data di inizio deve essere precedente a quella di fine'],
    });
    expect(errors(WeekInputSchema, { ...valid, endDate: '2025-06-02' })).toEqual({
      endDate: ['La data di inizio deve essere precedente a quella di fine'],
    });
    expect(errors(WeekInputSchema, { ...valid, weekNumber: 0 })).toEqual({
      weekNumber: [MESSAGES.weeks.weekNumberMin],
    });
  });
});

describe('MatchInputSchema and validateSeriesResult', () => {
  const valid = { team1: 'T1', team2: 'Gen.G', date: '2025-06-02T10:00:00Z', matchDay: 1, matchFormat: 3 };

  it('accepts a match and gives the spec messages', () => {
    expect(MatchInputSchema.parse(valid)).toEqual(valid);
    expect(errors(MatchInputSchema, { ...valid, team2: '' })).toEqual({
      team2: ['Please select both teams'],
    });
    expect(errors(MatchInputSchema, { ...valid, team2: 'T1' })).toEqual({
      team2: ['Teams must be different'],
    });
    expect(errors(MatchInputSchema, { ...valid, date: '' })).toEqual({ date: ['Please select a date'] });
    expect(errors(MatchInputSchema, { ...valid, matchDay: 0 })).toEqual({
      matchDay: [MESSAGES.matches.matchDayInvalid],
    });
    expect(errors(MatchInputSchema, { ...valid, matchFormat: 2 })).toEqual({
      matchFormat: [MESSAGES.matches.formatInvalid],
    });
  });

  it('maps series checks to the spec messages', () => {
    const series = { format: 5, gamesPlayed: 3, winner: 'T1', team1: 'T1', team2: 'Gen.G' };
    expect(validateSeriesResult(series)).toBeNull();
    expect(validateSeriesResult({ ...series, gamesPlayed: 2 })).toBe(
      'Invalid series result for this match format',
    );
    expect(validateSeriesResult({ ...series, winner: null })).toBe('Please select a series winner');
    expect(validateSeriesResult({ ...series, winner: 'DRX' })).toBe(MESSAGES.stats.winnerNotInMatch);
  });
});

describe('validateMarketBlock and MarketBlockSchema', () => {
  const both =
    "Devi specificare sia l'orario di inizio che quello di fine per il blocco mercato, oppure lasciare entrambi vuoti per disabilitarlo";

  it('wants both times or neither', () => {
    expect(validateMarketBlock(null, null)).toBeNull();
    expect(validateMarketBlock('', ' ')).toBeNull();
    expect(validateMarketBlock(undefined, undefined)).toBeNull();
    expect(validateMarketBlock('23:00', '02:00')).toBeNull();
    expect(validateMarketBlock('23:00', null)).toBe(both);
    expect(validateMarketBlock('', '02:00')).toBe(both);
  });

  it('refuses malformed and equal times', () => {
    expect(validateMarketBlock('25:00', '02:00')).toBe(MESSAGES.leagues.marketBlockInvalidTime);
    expect(validateMarketBlock('10:00', '10:00')).toBe(MESSAGES.leagues.marketBlockSameTime);
  });

  it('normalises blank times to null and defaults the zone to UTC', () => {
    expect(MarketBlockSchema.parse({ startTime: '', endTime: '' })).toEqual({
      timezone: 'UTC',
      startTime: null,
      endTime: null,
    });
    expect(
      MarketBlockSchema.parse({ timezone: 'Europe/Rome', startTime: '23:00', endTime: '02:00' }),
    ).toEqual({
      timezone: 'Europe/Rome',
      startTime: '23:00',
      endTime: '02:00',
    });
    expect(errors(MarketBlockSchema, { startTime: '23:00', endTime: '' })).toEqual({ startTime: [both] });
    expect(errors(MarketBlockSchema, { timezone: 'Europe/Paris' })).toEqual({
      timezone: [MESSAGES.leagues.invalidTimezone],
    });
  });
});

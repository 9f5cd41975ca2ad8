/**
 * Input schemas and checks with the spec's messages (participant spec §5, admin spec
 * §5). Forms (react-hook-form) and server routes use the same schemas, so the user
 * sees the same message whichever side catches the mistake.
 */
import { z } from 'zod';
import { CHAMPION_TIERS, ROLES } from './economy.ts';
import { COIN_MAX, EMAIL_MAX, hasControlChars, INT4_MAX, isCalendarDate, isInstant } from './input.ts';
import { isValidHHMM, MARKET_TIMEZONES } from './market.ts';
import { MESSAGES } from './messages.ts';
import type { SeriesResultInput } from './series.ts';
import { isMatchFormat, seriesResultError } from './series.ts';

const { auth } = MESSAGES;
const fill = auth.fillAllFields;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

// `abort` stops at "required" so an empty field shows one message, not two.
// Every text refuses control characters (issue 11); callers add their own maximum length.
const requiredText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .refine((v) => !hasControlChars(v), { error: MESSAGES.validation.controlCharacters, abort: true });

const emailField = (requiredMessage: string) =>
  requiredText(requiredMessage)
    .max(EMAIL_MAX, auth.invalidEmail)
    .pipe(z.email({ error: auth.invalidEmail }));

const newPasswordField = z
  .string({ error: fill })
  .min(1, { error: fill, abort: true })
  .min(PASSWORD_MIN, auth.passwordTooShort)
  .max(PASSWORD_MAX, auth.passwordTooLong);

// a longer current password cannot be right (new ones are capped at PASSWORD_MAX); the cap keeps hashing cheap
const requiredPassword = z.string({ error: fill }).min(1, fill).max(1024, auth.passwordTooLong);

/** Confirmation mismatch is only reported once both fields are filled in. */
function passwordsMatch(password: string, confirmPassword: string): boolean {
  return password === '' || confirmPassword === '' || password === confirmPassword;
}

// Login only checks presence: a wrong format is just a failed login, and saying so would add nothing.
export const LoginSchema = z.object({
  email: requiredText(fill).max(EMAIL_MAX, auth.invalidCredentials),
  password: requiredPassword,
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const SignupSchema = z.object({
  username: requiredText(fill)
    .min(USERNAME_MIN, auth.usernameTooShort)
    .max(USERNAME_MAX, auth.usernameTooLong),
  email: emailField(fill),
  password: newPasswordField,
});
export type SignupInput = z.infer<typeof SignupSchema>;

export const ForgotPasswordSchema = z.object({
  email: emailField(auth.emailRequired),
});
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z
  .object({
    password: newPasswordField,
    confirmPassword: requiredPassword,
  })
  .refine((v) => passwordsMatch(v.password, v.confirmPassword), {
    error: auth.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

export const ChangePasswordSchema = z
  .object({
    currentPassword: requiredPassword,
    newPassword: newPasswordField,
    confirmPassword: requiredPassword,
  })
  .refine((v) => passwordsMatch(v.newPassword, v.confirmPassword), {
    error: auth.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** What the server receives: the confirmation field is a browser-side check only. */
export const ResetPasswordRequestSchema = z.object({
  token: z
    .string({ error: auth.resetLinkInvalid })
    .min(1, auth.resetLinkInvalid)
    .max(200, auth.resetLinkInvalid),
  password: newPasswordField,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

export const ChangePasswordRequestSchema = z.object({
  currentPassword: requiredPassword,
  newPassword: newPasswordField,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

// ---------------------------------------------------------------- rules text

export const RULES_TEXT_MAX = 10000;

const UNSAFE_RULES_PATTERNS = [
  /<\s*script/i,
  /javascript\s*:/i,
  // Event handlers only matter inside a tag; plain prose such as "one = 1" is fine.
  /<[^>]*\son[a-z]+\s*=/i,
  /<\s*iframe/i,
  /<\s*object/i,
  /<\s*embed/i,
];

export function validateRulesText(text: string): string | null {
  if (text.length > RULES_TEXT_MAX) return MESSAGES.leagues.rulesTooLong;
  if (UNSAFE_RULES_PATTERNS.some((pattern) => pattern.test(text))) return MESSAGES.leagues.rulesUnsafe;
  return null;
}

export const SANITIZED_TEXT_MAX = 1000;

/** Generic free text: trimmed and cut to 1000 characters (by code point, so no half emoji). */
export function sanitizeText(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= SANITIZED_TEXT_MAX) return trimmed;
  return Array.from(trimmed).slice(0, SANITIZED_TEXT_MAX).join('');
}

// ---------------------------------------------------------------- names

export const LEAGUE_NAME_MIN = 3;
export const LEAGUE_NAME_MAX = 100;
const LEAGUE_NAME_CHARS = /^[\p{L}\p{M}\p{N} \-_().]+$/u;

/** Letters (accented too), digits, spaces and - _ ( ) . ; 3–100 characters after trimming. */
export function validateLeagueName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length < LEAGUE_NAME_MIN || trimmed.length > LEAGUE_NAME_MAX)
    return MESSAGES.leagues.nameLength;
  if (!LEAGUE_NAME_CHARS.test(trimmed)) return MESSAGES.leagues.nameInvalidChars;
  return null;
}

export const TEAM_NAME_MIN = 2;
export const TEAM_NAME_MAX = 50;

/**
 * Length only. The spec's helper also limits the characters, but real team names
 * ("Gen.G", "Anyone's Legend") use dots and apostrophes, and team names are always
 * rendered as text, never as HTML.
 */
export function validateTeamName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return MESSAGES.teams.nameRequired;
  if (trimmed.length < TEAM_NAME_MIN || trimmed.length > TEAM_NAME_MAX) return MESSAGES.teams.nameLength;
  return null;
}

export const MATCH_DAY_MIN = 1;
export const MATCH_DAY_MAX = 100;

export function isValidMatchDay(value: number): boolean {
  return Number.isInteger(value) && value >= MATCH_DAY_MIN && value <= MATCH_DAY_MAX;
}

// ---------------------------------------------------------------- players and champions

// Links are rendered as <a href> and <img src>: only http(s) keeps javascript: URLs out.
const optionalUrl = z
  .union([z.literal(''), z.url({ protocol: /^https?$/, error: MESSAGES.players.invalidUrl }).max(2000)])
  .nullish();

const optionalText = z
  .string()
  .trim()
  .max(SANITIZED_TEXT_MAX)
  .refine((v) => !hasControlChars(v), { error: MESSAGES.validation.controlCharacters })
  .nullish();

const tierField = (max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(1, message).max(max, message);

export const PlayerInputSchema = z.object({
  name: requiredText(MESSAGES.players.nameAndTeamRequired).max(100),
  team: requiredText(MESSAGES.players.nameAndTeamRequired).max(TEAM_NAME_MAX),
  role: z.enum(ROLES, { error: MESSAGES.players.invalidRole }),
  tier: tierField(5, MESSAGES.players.tierRange),
  cost: tierField(5, MESSAGES.players.costRange),
  region: optionalText,
  imageUrl: optionalUrl,
  performanceUrl: optionalUrl,
});
export type PlayerInput = z.infer<typeof PlayerInputSchema>;

/** Cost is not an input: it follows from the tier (`championCost`). */
export const ChampionInputSchema = z.object({
  name: requiredText(MESSAGES.champions.nameRequired).max(100),
  tier: tierField(CHAMPION_TIERS.length, MESSAGES.champions.tierRange),
  roles: z
    .array(z.enum(ROLES, { error: MESSAGES.players.invalidRole }), {
      error: MESSAGES.champions.rolesRequired,
    })
    .min(1, MESSAGES.champions.rolesRequired)
    .max(ROLES.length, MESSAGES.players.invalidRole)
    .refine((roles) => new Set(roles).size === roles.length, { error: MESSAGES.players.invalidRole }),
  imageUrl: optionalUrl,
});
export type ChampionInput = z.infer<typeof ChampionInputSchema>;

// ---------------------------------------------------------------- coins, weeks, matches

const coinAmount = z
  .number({ error: MESSAGES.admin.coinAmountInvalid })
  .int({ error: MESSAGES.admin.coinAmountInvalid })
  .min(0, MESSAGES.admin.coinAmountInvalid)
  .max(COIN_MAX, MESSAGES.admin.coinAmountInvalid);

export const CoinDistributionSchema = z
  .object({ pandaCoin: coinAmount, burroCoin: coinAmount })
  .refine((v) => v.pandaCoin > 0 || v.burroCoin > 0, { error: MESSAGES.admin.coinAmountRequired });
export type CoinDistributionInput = z.infer<typeof CoinDistributionSchema>;

const dateField = requiredText(MESSAGES.weeks.datesRequired).refine(isCalendarDate, {
  error: MESSAGES.validation.invalidDate,
});

export const WeekInputSchema = z
  .object({
    name: requiredText(MESSAGES.weeks.nameRequired).max(100),
    weekNumber: z
      .number({ error: MESSAGES.weeks.weekNumberMin })
      .int({ error: MESSAGES.weeks.weekNumberMin })
      .min(1, MESSAGES.weeks.weekNumberMin)
      .max(INT4_MAX, MESSAGES.validation.numberOutOfRange(1, INT4_MAX)),
    startDate: dateField,
    endDate: dateField,
  })
  .refine((v) => Number.isNaN(Date.parse(v.startDate)) || Date.parse(v.startDate) < Date.parse(v.endDate), {
    error: MESSAGES.weeks.startBeforeEnd,
    path: ['endDate'],
  });
export type WeekInput = z.infer<typeof WeekInputSchema>;

export const MatchInputSchema = z
  .object({
    team1: requiredText(MESSAGES.matches.selectBothTeams).max(TEAM_NAME_MAX),
    team2: requiredText(MESSAGES.matches.selectBothTeams).max(TEAM_NAME_MAX),
    date: requiredText(MESSAGES.matches.selectDate).refine(isInstant, {
      error: MESSAGES.matches.selectDate,
    }),
    matchDay: z
      .number({ error: MESSAGES.matches.matchDayInvalid })
      .refine(isValidMatchDay, { error: MESSAGES.matches.matchDayInvalid }),
    matchFormat: z.number({ error: MESSAGES.matches.formatInvalid }).refine(isMatchFormat, {
      error: MESSAGES.matches.formatInvalid,
    }),
  })
  .refine((v) => v.team1 === '' || v.team1 !== v.team2, {
    error: MESSAGES.matches.teamsMustDiffer,
    path: ['team2'],
  });
export type MatchInput = z.infer<typeof MatchInputSchema>;

/** The "Series save" message for a series result, or null when it can be saved. */
export function validateSeriesResult(input: SeriesResultInput): string | null {
  switch (seriesResultError(input)) {
    case 'invalid_games':
      return MESSAGES.matches.invalidSeriesResult;
    case 'missing_winner':
      return MESSAGES.matches.selectSeriesWinner;
    case 'winner_not_in_match':
      return MESSAGES.stats.winnerNotInMatch;
    case null:
      return null;
  }
}

// ---------------------------------------------------------------- market block

const blank = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value.trim() === '';

/**
 * Both times or neither (neither = no daily block). Equal times are refused: the
 * window would be empty and the admin almost certainly meant something else.
 */
export function validateMarketBlock(
  startTime: string | null | undefined,
  endTime: string | null | undefined,
): string | null {
  if (blank(startTime) && blank(endTime)) return null;
  if (blank(startTime) || blank(endTime)) return MESSAGES.leagues.marketBlockIncomplete;
  const start = (startTime ?? '').trim();
  const end = (endTime ?? '').trim();
  if (!isValidHHMM(start) || !isValidHHMM(end)) return MESSAGES.leagues.marketBlockInvalidTime;
  if (start === end) return MESSAGES.leagues.marketBlockSameTime;
  return null;
}

/** Blank times are normalised to null, which is how "disabled" is stored. */
export const MarketBlockSchema = z
  .object({
    timezone: z.enum(MARKET_TIMEZONES, { error: MESSAGES.leagues.invalidTimezone }).default('UTC'),
    startTime: z.string().nullish(),
    endTime: z.string().nullish(),
  })
  .superRefine((v, ctx) => {
    const message = validateMarketBlock(v.startTime, v.endTime);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['startTime'] });
  })
  .transform((v) => ({
    timezone: v.timezone,
    startTime: blank(v.startTime) ? null : (v.startTime ?? '').trim(),
    endTime: blank(v.endTime) ? null : (v.endTime ?? '').trim(),
  }));
export type MarketBlockInput = z.input<typeof MarketBlockSchema>;
export type MarketBlock = z.output<typeof MarketBlockSchema>;

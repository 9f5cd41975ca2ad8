import { z } from 'zod';

/** Issue 15: the limits of private leagues ("Leghe private"). */
export const PRIVATE_LEAGUE_LIMITS = {
  /** private leagues a user owns */
  maxOwned: 10,
  /** private leagues a user is in (owned ones included) */
  maxJoined: 50,
  /** members of one private league (the server can lower it by configuration, never raise it) */
  maxMembers: 10_000,
  nameMin: 3,
  nameMax: 50,
} as const;

/**
 * Invite codes: no characters that read alike (0/O, 1/l/I), upper case only so a code read aloud or
 * typed by hand still works. 32 symbols × 10 characters = 50 random bits.
 */
export const INVITE_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const INVITE_CODE_LENGTH = 10;
export const InviteCodeSchema = z
  .string()
  .trim()
  .max(32)
  .transform((c) => c.toUpperCase());

// control and format characters (bidi overrides, zero-width), which can hide or reorder a name's text
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/** A private league's name as stored: NFC, no control or invisible characters, single spaces, trimmed. */
export function cleanPrivateLeagueName(raw: string): string {
  return raw.normalize('NFC').replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
}

export const privateLeagueNameMessages = {
  tooShort: `Il nome deve avere almeno ${PRIVATE_LEAGUE_LIMITS.nameMin} caratteri`,
  tooLong: `Il nome può avere al massimo ${PRIVATE_LEAGUE_LIMITS.nameMax} caratteri`,
  html: 'Il nome non può contenere i caratteri < e >',
} as const;

/** The name rules, shared by the form and the server (which also stores the cleaned name). */
export const PrivateLeagueNameSchema = z
  .string()
  .max(500)
  .transform(cleanPrivateLeagueName)
  .pipe(
    z
      .string()
      .min(PRIVATE_LEAGUE_LIMITS.nameMin, privateLeagueNameMessages.tooShort)
      .max(PRIVATE_LEAGUE_LIMITS.nameMax, privateLeagueNameMessages.tooLong)
      .refine((n) => !/[<>]/.test(n), privateLeagueNameMessages.html),
  );

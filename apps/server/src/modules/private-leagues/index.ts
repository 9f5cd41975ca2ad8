/*
 * The private leagues module's public face: invite codes (a fresh code, and the guessing budget a code
 * look-up counts against), which the Leghe Fanta share.
 */
export { newInviteCode } from './invite-code.ts';
export { type InviteAttempt, refundInviteAttempt, takeInviteAttempt } from './private-leagues.ts';

/*
 * The private leagues module's public face: invite codes (a fresh code, and the guessing budget a code
 * look-up counts against), which the Leghe Fanta share, and what an invite's link preview shows
 * (plugins/external/web.ts), and the head-to-head results a week's close announces.
 */
export { enqueueH2hResults } from './head-to-head.ts';
export { newInviteCode } from './invite-code.ts';
export {
  guardedInviteCard,
  type InviteAttempt,
  inviteCard,
  refundInviteAttempt,
  takeInviteAttempt,
} from './private-leagues.ts';

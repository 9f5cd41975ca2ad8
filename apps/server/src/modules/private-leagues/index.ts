/*
 * The private leagues module's public face: invite codes (a fresh code, and the guessing budget a code
 * look-up counts against), which the Leghe Fanta share; what an invite's link preview shows
 * (plugins/external/web.ts); the head-to-head results a week's close announces; creating, joining and
 * drawing a calendar, for the demo data; the suggested bands, which a Lega Fanta "Scontri diretti" starts from.
 */
export { suggestedBands } from './bands-suggestion.ts';
export { enqueueH2hResults, generateCalendar } from './head-to-head.ts';
export { newInviteCode } from './invite-code.ts';
export {
  createPrivateLeague,
  guardedInviteCard,
  type InviteAttempt,
  inviteCard,
  joinPrivateLeague,
  refundInviteAttempt,
  takeInviteAttempt,
} from './private-leagues.ts';

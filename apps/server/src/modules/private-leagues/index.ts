/* The private-leagues module's public face: what an invite's link preview shows (plugins/external/web.ts). */
export { inviteCard } from './private-leagues.ts';

/*
 * The Leghe Fanta module's public face: its routes and the sweeper that closes expired lots, the card a shared
 * invite shows, the standings (read by the bench as a page does), and a lot's close (the notifications' tests).
 */

export { closeExpiredLot } from './auction.ts';
export { fantaInviteCard } from './fanta-leagues.ts';
export { default as fantaLeagueRoutes, lotSweeperPlugin } from './routes.ts';
export { fantaStandings } from './season-standings.ts';

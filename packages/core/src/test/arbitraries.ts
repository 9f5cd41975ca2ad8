import fc from 'fast-check';
import type { PlayerGameStats, TeamObjectives } from '../scoring.ts';

/** A count from 0 to `max`. */
export const count = (max: number) => fc.integer({ min: 0, max });

/** A player's game: every statistic within what a real game gives. */
export const statsArb: fc.Arbitrary<PlayerGameStats> = fc.record({
  kills: count(30),
  deaths: count(20),
  assists: count(40),
  cs: count(700),
  doubleKills: count(5),
  tripleKills: count(3),
  quadraKills: count(2),
  pentaKills: count(1),
  jungleSteals: count(4),
  mvp: fc.boolean(),
});

/** A team's objectives in a game, dragons and heralds past the editor's caps too. */
export const objectivesArb: fc.Arbitrary<TeamObjectives> = fc.record({
  dragons: count(6),
  barons: count(3),
  elders: count(2),
  heralds: count(2),
  towers: count(11),
  larvas: count(6),
  firstBlood: fc.boolean(),
  firstDrake: fc.boolean(),
  firstBaron: fc.boolean(),
  firstHerald: fc.boolean(),
  firstElder: fc.boolean(),
  firstTower: fc.boolean(),
  athakan: fc.boolean(),
});

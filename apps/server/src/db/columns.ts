import { champions, players } from './schema.ts';

/**
 * A player as the lists and cards of the game and the admin show him; each query adds what its view needs
 * after these (picture, region, price paid).
 */
export const playerColumns = {
  id: players.id,
  name: players.name,
  team: players.team,
  role: players.role,
  tier: players.tier,
  cost: players.cost,
};

/** A champion as the market and the roster show him; each query adds what its view needs after these. */
export const championColumns = {
  id: champions.id,
  name: champions.name,
  tier: champions.tier,
  cost: champions.cost,
  roles: champions.roles,
  imageUrl: champions.imageUrl,
};

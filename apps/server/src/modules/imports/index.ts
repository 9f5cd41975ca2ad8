/* The importer's public face: an Oracle's Elixir file read into games (the import benchmark reads it). */
export { readGames } from './oracles-elixir/read-games.ts';

-- Ownership of a player in a league (issue 14): how many rosters hold him now, counted from this index
-- alone (an index-only scan over the holders, no heap visit per holding) even with 100,000 rosters.
CREATE INDEX IF NOT EXISTS "roster_players_league_player_held_idx" ON "roster_players" USING btree ("league_id","player_id") WHERE "roster_players"."released_at" is null;

-- A big league's match save reads, for the rosters that traded during the week and chose one of the match's
-- players as captain or vice, those two players' holdings over the week by (roster, player). With the holding's
-- period in the index the read needs no table page (an index-only scan where the table is vacuumed): at a
-- million rosters that is ~20,000 table pages fewer on the save's critical path (issue 29, docs/captain.md).
DROP INDEX IF EXISTS "roster_players_roster_idx";--> statement-breakpoint
CREATE INDEX "roster_players_roster_idx" ON "roster_players" USING btree ("roster_id","player_id") INCLUDE ("acquired_at","released_at");

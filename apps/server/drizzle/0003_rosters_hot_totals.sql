-- A match save moves the totals of most rosters of a league (67,000 of 100,000 in the bench): with the total
-- in no index and room on every page, each of those updates is done in place (HOT), without index writes.
-- The leaderboard orders the totals in memory (leaderboard.ts). Pages written from now on keep the room;
-- existing ones get it as they are rewritten (VACUUM FULL, or in time).
DROP INDEX "rosters_leaderboard_idx";--> statement-breakpoint
CREATE INDEX "rosters_league_idx" ON "rosters" USING btree ("league_id","created_at");--> statement-breakpoint
ALTER TABLE "rosters" SET (fillfactor = 50);--> statement-breakpoint
-- a save updates about two thirds of a week's rows: half of each page kept free lets all of them stay on
-- their page (they were 70 %, so a third of them moved, with an index write each)
ALTER TABLE "roster_week_points" SET (fillfactor = 50);

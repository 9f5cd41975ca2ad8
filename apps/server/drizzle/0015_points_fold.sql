-- In a big league (issue 16: a BO3 moves two thirds of a million rosters) a match change commits its points as
-- one ledger event, marked pending, with the week it counts for; the week rows and totals are written right
-- after, by the fold (points-fold.ts): the week rows at once (`weeks_folded`), then the totals a part of the
-- rosters a transaction, by a range of their numbers (`folded_through`: the highest number written so far).
-- Pages add the part not written yet themselves (pending-points.ts), as do the leaderboard's standings.
ALTER TABLE "roster_points_ledger" ADD COLUMN "week_id" uuid;--> statement-breakpoint
ALTER TABLE "roster_points_ledger" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "roster_points_ledger" ADD COLUMN "weeks_folded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "roster_points_ledger" ADD COLUMN "folded_through" bigint;--> statement-breakpoint
CREATE INDEX "rosters_league_seq_idx" ON "rosters" USING btree ("league_id","seq");--> statement-breakpoint
CREATE INDEX "roster_points_ledger_pending_idx" ON "roster_points_ledger" USING btree ("league_id","id") WHERE "pending";

-- A match change that moves more rosters than a transaction can rewrite quickly (issue 16: two thirds of a
-- million) commits its points as one ledger event, marked pending, with the week it counts for; the week rows
-- and totals are brought up to it right after, by the fold (points-fold.ts). Readers of totals fold first;
-- the leaderboard's standings apply the pending events' packed changes themselves.
ALTER TABLE "roster_points_ledger" ADD COLUMN "week_id" uuid;--> statement-breakpoint
ALTER TABLE "roster_points_ledger" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "roster_points_ledger_pending_idx" ON "roster_points_ledger" USING btree ("league_id","id") WHERE "pending";

-- The leaderboard's in-memory standings are patched from the points logs instead of re-reading the league
-- (issue 16): each ledger event also carries its changes packed for that reader, and each adjustment says
-- its league, so a league's new adjustments are found by an index range.
ALTER TABLE "roster_points_ledger" ADD COLUMN "packed" bytea;--> statement-breakpoint
ALTER TABLE "roster_points_ledger" ALTER COLUMN "packed" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "roster_point_adjustments" ADD COLUMN "league_id" uuid;--> statement-breakpoint
UPDATE "roster_point_adjustments" a SET "league_id" = r."league_id" FROM "rosters" r WHERE r."id" = a."roster_id";--> statement-breakpoint
ALTER TABLE "roster_point_adjustments" ALTER COLUMN "league_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "roster_point_adjustments" ADD CONSTRAINT "roster_point_adjustments_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_point_adjustments_league_idx" ON "roster_point_adjustments" USING btree ("league_id","id");

-- roster_week_points: keyed week first, no per-row foreign-key checks (cascades by statement triggers below),
-- room on each page for in-place (HOT) updates of the points
ALTER TABLE "roster_week_points" DROP CONSTRAINT "roster_week_points_roster_id_rosters_id_fk";--> statement-breakpoint
ALTER TABLE "roster_week_points" DROP CONSTRAINT "roster_week_points_week_id_weeks_id_fk";--> statement-breakpoint
DROP INDEX "roster_week_points_week_idx";--> statement-breakpoint
ALTER TABLE "roster_week_points" DROP CONSTRAINT "roster_week_points_roster_id_week_id_pk";--> statement-breakpoint
ALTER TABLE "roster_week_points" ADD CONSTRAINT "roster_week_points_week_id_roster_id_pk" PRIMARY KEY("week_id","roster_id");--> statement-breakpoint
ALTER TABLE "roster_week_points" SET (fillfactor = 70);--> statement-breakpoint
CREATE FUNCTION "roster_week_points_rosters_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "roster_week_points" p
  USING old_rosters o JOIN "weeks" w ON w."league_id" = o."league_id"
  WHERE p."week_id" = w."id" AND p."roster_id" = o."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "roster_week_points_weeks_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "roster_week_points" p USING old_weeks o WHERE p."week_id" = o."id";
  RETURN NULL;
END $$;--> statement-breakpoint
-- a roster's rows are found through its league's weeks (primary key probes); when a league is deleted, whichever
-- of its rosters and weeks goes first, the other trigger finds what is left
CREATE TRIGGER "roster_week_points_rosters_deleted" AFTER DELETE ON "rosters"
  REFERENCING OLD TABLE AS old_rosters FOR EACH STATEMENT EXECUTE FUNCTION "roster_week_points_rosters_deleted"();--> statement-breakpoint
CREATE TRIGGER "roster_week_points_weeks_deleted" AFTER DELETE ON "weeks"
  REFERENCING OLD TABLE AS old_weeks FOR EACH STATEMENT EXECUTE FUNCTION "roster_week_points_weeks_deleted"();--> statement-breakpoint
-- roster_points_ledger: one row per event, the rosters and their deltas in two arrays
ALTER TABLE "roster_points_ledger" RENAME TO "roster_points_ledger_v1";--> statement-breakpoint
ALTER TABLE "roster_points_ledger_v1" DROP CONSTRAINT "roster_points_ledger_roster_id_rosters_id_fk";--> statement-breakpoint
ALTER TABLE "roster_points_ledger_v1" DROP CONSTRAINT "roster_points_ledger_pkey";--> statement-breakpoint
DROP INDEX "roster_points_ledger_roster_idx";--> statement-breakpoint
CREATE TABLE "roster_points_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"league_id" uuid NOT NULL,
	"roster_ids" uuid[] NOT NULL,
	"deltas" numeric(12, 2)[] NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);--> statement-breakpoint
ALTER TABLE "roster_points_ledger" ADD CONSTRAINT "roster_points_ledger_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_points_ledger_league_idx" ON "roster_points_ledger" USING btree ("league_id","created_at");--> statement-breakpoint
INSERT INTO "roster_points_ledger" ("league_id", "roster_ids", "deltas", "reason", "created_at")
SELECT r."league_id", array_agg(l."roster_id" ORDER BY l."id"), array_agg(l."delta" ORDER BY l."id"), l."reason", l."created_at"
FROM "roster_points_ledger_v1" l JOIN "rosters" r ON r."id" = l."roster_id"
GROUP BY r."league_id", l."reason", l."created_at"
ORDER BY min(l."id");--> statement-breakpoint
DROP TABLE "roster_points_ledger_v1";

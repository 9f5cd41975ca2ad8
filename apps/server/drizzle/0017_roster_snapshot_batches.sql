-- The snapshot rows taken together (one phase activation) share a batch id, and a restore finds its batch by
-- it: the moment of a snapshot, read into JavaScript, keeps milliseconds while the database keeps
-- microseconds, so a batch looked up by its moment matched no row. The rows already taken are grouped as
-- they were written, by league, moment and type (compared here, in the database, at full precision).
ALTER TABLE "roster_snapshots" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
UPDATE "roster_snapshots" s SET "batch_id" = b."batch_id"
FROM (
  SELECT "league_id", "snapshot_date", "snapshot_type", gen_random_uuid() AS "batch_id"
  FROM "roster_snapshots"
  GROUP BY "league_id", "snapshot_date", "snapshot_type"
) b
WHERE s."league_id" = b."league_id" AND s."snapshot_date" = b."snapshot_date" AND s."snapshot_type" = b."snapshot_type";--> statement-breakpoint
ALTER TABLE "roster_snapshots" ALTER COLUMN "batch_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "roster_snapshots_batch_idx" ON "roster_snapshots" USING btree ("batch_id");

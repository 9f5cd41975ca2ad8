ALTER TABLE "leagues" ADD COLUMN "participant_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "admin_audit_log_admin_idx" ON "admin_audit_log" USING btree ("admin_user_id");--> statement-breakpoint
CREATE INDEX "roster_point_adjustments_admin_idx" ON "roster_point_adjustments" USING btree ("admin_user_id") WHERE "roster_point_adjustments"."admin_user_id" is not null;--> statement-breakpoint
CREATE INDEX "roster_snapshots_roster_idx" ON "roster_snapshots" USING btree ("roster_id");--> statement-breakpoint
CREATE INDEX "roster_snapshots_user_idx" ON "roster_snapshots" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "transactions_admin_user_idx" ON "transactions" USING btree ("admin_user_id") WHERE "transactions"."admin_user_id" is not null;--> statement-breakpoint
CREATE INDEX "weekly_burrocoin_rewards_roster_idx" ON "weekly_burrocoin_rewards" USING btree ("roster_id");--> statement-breakpoint
CREATE INDEX "weekly_burrocoin_rewards_user_idx" ON "weekly_burrocoin_rewards" USING btree ("user_id");--> statement-breakpoint
UPDATE "leagues" l SET "participant_count" = (SELECT count(*) FROM "rosters" r WHERE r."league_id" = l."id");--> statement-breakpoint
CREATE FUNCTION "rosters_participants_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "leagues" l SET "participant_count" = l."participant_count" + n.c
  FROM (SELECT "league_id", count(*) AS c FROM new_rosters GROUP BY "league_id") n
  WHERE l."id" = n."league_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "rosters_participants_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "leagues" l SET "participant_count" = l."participant_count" - o.c
  FROM (SELECT "league_id", count(*) AS c FROM old_rosters GROUP BY "league_id") o
  WHERE l."id" = o."league_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "rosters_participants_added" AFTER INSERT ON "rosters"
  REFERENCING NEW TABLE AS new_rosters FOR EACH STATEMENT EXECUTE FUNCTION "rosters_participants_added"();--> statement-breakpoint
CREATE TRIGGER "rosters_participants_removed" AFTER DELETE ON "rosters"
  REFERENCING OLD TABLE AS old_rosters FOR EACH STATEMENT EXECUTE FUNCTION "rosters_participants_removed"();

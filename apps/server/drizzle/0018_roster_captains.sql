-- The weekly captain (issue 29): a league option in the scoring rules (the captain's week points multiplied by
-- 1, 1.5 or 2; null is the default, 1: off) and whether a vice takes over when the captain does not play.
ALTER TABLE "scoring_rules" ADD COLUMN "captain_multiplier" numeric(2, 1);--> statement-breakpoint
ALTER TABLE "scoring_rules" ADD COLUMN "vice_captain_enabled" boolean;--> statement-breakpoint
ALTER TABLE "scoring_rules" ADD CONSTRAINT "scoring_rules_captain_multiplier" CHECK ("captain_multiplier" is null or "captain_multiplier" in (1, 1.5, 2));--> statement-breakpoint
-- A roster's choice for a week: the week it counts for (fixed by the server's clock when it is made: the first
-- week after every locked one) and the moment it was made. It stays in force for the weeks after, until a
-- choice for a later week; so a recalculation from scratch sees what was chosen for each week.
CREATE TABLE "roster_captains" (
  "roster_id" uuid NOT NULL REFERENCES "rosters"("id") ON DELETE CASCADE,
  "week_id" uuid NOT NULL REFERENCES "weeks"("id") ON DELETE CASCADE,
  "league_id" uuid NOT NULL REFERENCES "leagues"("id") ON DELETE CASCADE,
  "captain_player_id" uuid NOT NULL REFERENCES "players"("id") ON DELETE CASCADE,
  "vice_player_id" uuid REFERENCES "players"("id") ON DELETE SET NULL,
  "chosen_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "roster_captains_pkey" PRIMARY KEY ("roster_id", "week_id"),
  CONSTRAINT "roster_captains_two_players" CHECK ("vice_player_id" is null or "vice_player_id" <> "captain_player_id")
);--> statement-breakpoint
-- a match save finds the rosters whose captain or vice played it by these
CREATE INDEX "roster_captains_league_captain_idx" ON "roster_captains" USING btree ("league_id", "captain_player_id");--> statement-breakpoint
CREATE INDEX "roster_captains_league_vice_idx" ON "roster_captains" USING btree ("league_id", "vice_player_id") WHERE "vice_player_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "roster_captains_week_idx" ON "roster_captains" USING btree ("week_id");

-- Leghe Fanta, the season (issue 32). The captain option is the Lega Fanta's own (as the captain issue's:
-- 1 = off, 1.5, 2; the vice on or off), changeable until the season's first week locks. The season counts the
-- weeks whose first match starts after the auction first ended (`auction_ended_at`; a repair auction later
-- does not move it).
ALTER TABLE "fanta_leagues" ADD COLUMN "captain_multiplier" numeric(2, 1) DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "fanta_leagues" ADD COLUMN "vice_captain_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "fanta_leagues" ADD COLUMN "auction_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fanta_leagues" ADD CONSTRAINT "fanta_leagues_captain_multiplier" CHECK ("captain_multiplier" in (1, 1.5, 2));--> statement-breakpoint
-- leagues whose auction ended before this migration: their last change is the closest moment known
UPDATE "fanta_leagues" SET "auction_ended_at" = "updated_at" WHERE "status" = 'ended';--> statement-breakpoint
-- A manager's line-up for a week: the starters (one per role), the bench in order, captain and vice. A week
-- without one uses the manager's latest earlier line-up (or, with none, the dearest player of each role),
-- fitted to the squad he held when the week locked (read from fanta_history). Written only before the lock.
CREATE TABLE "fanta_lineups" (
  "fanta_league_id" uuid NOT NULL,
  "user_id" uuid NOT NULL,
  "week_id" uuid NOT NULL REFERENCES "weeks"("id") ON DELETE CASCADE,
  "starters" uuid[] NOT NULL,
  "bench" uuid[] NOT NULL,
  "captain_player_id" uuid,
  "vice_player_id" uuid,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "fanta_lineups_pkey" PRIMARY KEY ("fanta_league_id", "user_id", "week_id"),
  CONSTRAINT "fanta_lineups_member_fk" FOREIGN KEY ("fanta_league_id", "user_id") REFERENCES "fanta_league_members"("fanta_league_id", "user_id") ON DELETE CASCADE,
  CONSTRAINT "fanta_lineups_starters" CHECK (cardinality("starters") between 1 and 5),
  CONSTRAINT "fanta_lineups_two_players" CHECK ("vice_player_id" is null or "vice_player_id" <> "captain_player_id")
);--> statement-breakpoint
-- the squads at a week's lock are read from the history by player, newest event first
CREATE INDEX "fanta_history_player_idx" ON "fanta_history" USING btree ("fanta_league_id", "player_id", "at", "id");

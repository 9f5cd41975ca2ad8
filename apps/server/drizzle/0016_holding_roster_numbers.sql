-- A match save in a big league reads each player's and champion's holders at the match start as a list of roster
-- numbers (holder-deltas.ts, issue 16): every holding carries its roster's number, set as it is inserted, and
-- the (league, item, acquired_at) indexes carry the number and the release, so that read never visits the table.
ALTER TABLE "roster_players" ADD COLUMN "roster_seq" bigint;--> statement-breakpoint
ALTER TABLE "roster_champions" ADD COLUMN "roster_seq" bigint;--> statement-breakpoint
UPDATE "roster_players" h SET "roster_seq" = r."seq" FROM "rosters" r WHERE r."id" = h."roster_id";--> statement-breakpoint
UPDATE "roster_champions" h SET "roster_seq" = r."seq" FROM "rosters" r WHERE r."id" = h."roster_id";--> statement-breakpoint
ALTER TABLE "roster_players" ALTER COLUMN "roster_seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "roster_champions" ALTER COLUMN "roster_seq" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION "holding_roster_seq"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."roster_seq" IS NULL THEN
    SELECT r."seq" INTO NEW."roster_seq" FROM "rosters" r WHERE r."id" = NEW."roster_id";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "roster_players_roster_seq" BEFORE INSERT ON "roster_players"
  FOR EACH ROW EXECUTE FUNCTION "holding_roster_seq"();--> statement-breakpoint
CREATE TRIGGER "roster_champions_roster_seq" BEFORE INSERT ON "roster_champions"
  FOR EACH ROW EXECUTE FUNCTION "holding_roster_seq"();--> statement-breakpoint
DROP INDEX "roster_players_league_player_idx";--> statement-breakpoint
CREATE INDEX "roster_players_league_player_idx" ON "roster_players" USING btree ("league_id","player_id","acquired_at") INCLUDE ("released_at","roster_seq");--> statement-breakpoint
DROP INDEX "roster_champions_league_champion_idx";--> statement-breakpoint
CREATE INDEX "roster_champions_league_champion_idx" ON "roster_champions" USING btree ("league_id","champion_id","acquired_at") INCLUDE ("released_at","roster_seq");

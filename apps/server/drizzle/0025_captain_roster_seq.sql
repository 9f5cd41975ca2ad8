-- each choice carries its roster's number, so a match save reads a big league's choices without a join with its
-- rosters; set from the roster on insert, whatever the writer gives
ALTER TABLE "roster_captains" ADD COLUMN "roster_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "roster_captains" c SET "roster_seq" = r."seq" FROM "rosters" r WHERE r."id" = c."roster_id";--> statement-breakpoint
CREATE FUNCTION "roster_captains_seq"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT seq INTO NEW.roster_seq FROM rosters WHERE id = NEW.roster_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "roster_captains_seq" BEFORE INSERT OR UPDATE OF "roster_id" ON "roster_captains"
  FOR EACH ROW EXECUTE FUNCTION "roster_captains_seq"();

-- A big league's match save needs each roster's choice in force for the match's week (its latest choice up to
-- that week, issue 29). Reading it from roster_captains means a pass over every choice of the league up to the
-- week, the largest part of the captain's cost in a save of a million rosters; so each lineup carries its
-- roster's two latest choices, and the save reads them in the pass over the lineups it makes anyway. Two,
-- because a save of the week being played meets rosters that already chose for the next one. Triggers on the
-- choices (and on a week's number) keep them, in the choice's own transaction, whoever writes.
ALTER TABLE "roster_lineups" ADD COLUMN "captain_choices" bytea;--> statement-breakpoint
ALTER TABLE "roster_lineups" ADD COLUMN "captain_prior_week" integer;--> statement-breakpoint
-- a save of a week before a roster's two latest choices reads the choices themselves: these find such rosters
CREATE INDEX "roster_lineups_captain_prior_idx" ON "roster_lineups" USING btree ("league_id", "captain_prior_week")
  WHERE "captain_prior_week" IS NOT NULL;--> statement-breakpoint
-- each of `rosters`' two latest choices (by week number), 12 bytes: the latest's week, captain and vice numbers
-- (two bytes each, big-endian; 65535 for no vice), then the one before's (all zero when there is none); with the
-- week of the one before (null when none). When a number does not fit two bytes the bytes are null and the
-- week is 2147483647, so every save of the league reads the choices themselves.
CREATE FUNCTION "roster_captains_carried"(rosters uuid[])
RETURNS TABLE (roster_id uuid, choices bytea, prior_week integer) LANGUAGE sql STABLE AS $$
  SELECT t.roster_id,
         CASE WHEN bool_or(t.wide) THEN NULL
              ELSE string_agg(t.entry, ''::bytea ORDER BY t.rn)
                   || CASE WHEN count(*) = 1 THEN '\x000000000000'::bytea ELSE ''::bytea END END,
         CASE WHEN bool_or(t.wide) THEN 2147483647 ELSE max(t.week_number) FILTER (WHERE t.rn = 2) END
  FROM (
    SELECT c.roster_id, c.week_number, c.rn,
           c.week_number > 65535 OR c.captain > 65534 OR coalesce(c.vice, 0) > 65534 AS wide,
           substring(int4send(c.week_number) FROM 3 FOR 2) || substring(int4send(c.captain) FROM 3 FOR 2)
             || substring(int4send(coalesce(c.vice, 65535)) FROM 3 FOR 2) AS entry
    FROM (
      SELECT c.roster_id, w.week_number, cp.num AS captain, vp.num AS vice,
             row_number() OVER (PARTITION BY c.roster_id ORDER BY w.week_number DESC) AS rn
      FROM unnest(rosters) AS u(id)
      JOIN roster_captains c ON c.roster_id = u.id
      JOIN weeks w ON w.id = c.week_id
      JOIN players cp ON cp.id = c.captain_player_id
      LEFT JOIN players vp ON vp.id = c.vice_player_id
    ) c WHERE c.rn <= 2
  ) t GROUP BY t.roster_id
$$;--> statement-breakpoint
-- the carried choices of `rosters`' lineups read again, each behind its roster's number (int4; a number past it
-- counts as a number that does not fit); planned for the rosters given (hash joins for a league's million
-- choices written at once, an index for one roster's)
CREATE FUNCTION "roster_lineup_captains"(rosters uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$
    UPDATE roster_lineups l
    SET captain_choices = CASE WHEN l.roster_seq > 2147483647 THEN NULL
                               ELSE int4send(l.roster_seq::int4) || c.choices END,
        captain_prior_week = CASE WHEN c.roster_id IS NOT NULL AND l.roster_seq > 2147483647 THEN 2147483647
                                  ELSE c.prior_week END
    FROM unnest($1) AS u(id) LEFT JOIN roster_captains_carried($1) c ON c.roster_id = u.id
    WHERE l.roster_id = u.id
      AND (l.captain_choices, l.captain_prior_week) IS DISTINCT FROM
          (CASE WHEN l.roster_seq > 2147483647 THEN NULL ELSE int4send(l.roster_seq::int4) || c.choices END,
           CASE WHEN c.roster_id IS NOT NULL AND l.roster_seq > 2147483647 THEN 2147483647 ELSE c.prior_week END)
  $q$ USING rosters;
END $$;--> statement-breakpoint
-- choices written, changed or deleted (a participant's choice, a player or week going, a restore): their rosters'
-- carried choices read again
CREATE FUNCTION "roster_captains_carry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM roster_lineup_captains(array_agg(DISTINCT n.roster_id)) FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM roster_lineup_captains(array_agg(DISTINCT o.roster_id)) FROM old_rows o;
  ELSE
    PERFORM roster_lineup_captains(array_agg(DISTINCT x.roster_id))
    FROM (SELECT roster_id FROM old_rows UNION SELECT roster_id FROM new_rows) x;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "roster_captains_carry_insert" AFTER INSERT ON "roster_captains"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_captains_carry"();--> statement-breakpoint
CREATE TRIGGER "roster_captains_carry_update" AFTER UPDATE ON "roster_captains"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_captains_carry"();--> statement-breakpoint
CREATE TRIGGER "roster_captains_carry_delete" AFTER DELETE ON "roster_captains"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "roster_captains_carry"();--> statement-breakpoint
-- a lineup made after its roster chose (a roster's first holding, a restore in another order) starts with them
CREATE FUNCTION "roster_lineup_captains_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT FROM roster_captains c WHERE c.roster_id = NEW.roster_id) THEN
    SELECT CASE WHEN NEW.roster_seq > 2147483647 THEN NULL ELSE int4send(NEW.roster_seq::int4) || c.choices END,
           CASE WHEN NEW.roster_seq > 2147483647 THEN 2147483647 ELSE c.prior_week END
    INTO NEW.captain_choices, NEW.captain_prior_week
    FROM roster_captains_carried(ARRAY[NEW.roster_id]) c;
  ELSE
    NEW.captain_choices := NULL;
    NEW.captain_prior_week := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "roster_lineups_captains" BEFORE INSERT ON "roster_lineups"
  FOR EACH ROW EXECUTE FUNCTION "roster_lineup_captains_new"();--> statement-breakpoint
-- a week renumbered reorders the choices of the rosters that chose for it
CREATE FUNCTION "weeks_captains_renumbered"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM roster_lineup_captains(array_agg(DISTINCT c.roster_id)) FROM roster_captains c WHERE c.week_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "weeks_captains_renumbered" AFTER UPDATE OF "week_number" ON "weeks"
  FOR EACH ROW WHEN (OLD.week_number IS DISTINCT FROM NEW.week_number) EXECUTE FUNCTION "weeks_captains_renumbered"();--> statement-breakpoint
-- the choices there are
SELECT roster_lineup_captains(array_agg(DISTINCT roster_id)) FROM roster_captains;

-- Head-to-head private leagues (issue 30, docs/head-to-head.md): the format, the owner's result rule, and once
-- the calendar is generated the members' seats (roster ids, in the order the circle method turns them).
ALTER TABLE "private_leagues" ADD COLUMN "format" text DEFAULT 'classic' NOT NULL;--> statement-breakpoint
ALTER TABLE "private_leagues" ADD COLUMN "h2h_rule" text;--> statement-breakpoint
ALTER TABLE "private_leagues" ADD COLUMN "h2h_band_start" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "private_leagues" ADD COLUMN "h2h_band_step" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "private_leagues" ADD COLUMN "h2h_seats" uuid[];--> statement-breakpoint
ALTER TABLE "private_leagues" ADD CONSTRAINT "private_leagues_format" CHECK ("format" in ('classic', 'h2h'));--> statement-breakpoint
ALTER TABLE "private_leagues" ADD CONSTRAINT "private_leagues_h2h_rule" CHECK (("format" = 'classic' and "h2h_rule" is null) or ("format" = 'h2h' and "h2h_rule" in ('bands', 'points') and "h2h_band_start" between 1 and 10000 and "h2h_band_step" between 1 and 1000));--> statement-breakpoint
-- One round a week of the official league; the resting member of odd counts.
CREATE TABLE "h2h_rounds" (
  "private_league_id" uuid NOT NULL REFERENCES "private_leagues"("id") ON DELETE CASCADE,
  "round" integer NOT NULL,
  "week_id" uuid NOT NULL REFERENCES "weeks"("id") ON DELETE CASCADE,
  "resting_roster_id" uuid,
  "resting_user_id" uuid,
  CONSTRAINT "h2h_rounds_pkey" PRIMARY KEY ("private_league_id", "round")
);--> statement-breakpoint
-- A round's match-ups with their result: the week points of both rosters and the goals the league's rule
-- gives them, kept up to date from roster_week_points by the triggers below (no indexed column moves, and
-- each page keeps room: a result's rewrite stays on its page, HOT, no index writes). No foreign keys on the rosters
-- and users: a match-up played stays in the calendar even if its roster goes (it then scores nothing more).
CREATE TABLE "h2h_fixtures" (
  "private_league_id" uuid NOT NULL,
  "round" integer NOT NULL,
  "slot" smallint NOT NULL,
  "week_id" uuid NOT NULL,
  "home_roster_id" uuid NOT NULL,
  "away_roster_id" uuid NOT NULL,
  "home_user_id" uuid NOT NULL,
  "away_user_id" uuid NOT NULL,
  "home_points" numeric(12, 2) DEFAULT 0 NOT NULL,
  "away_points" numeric(12, 2) DEFAULT 0 NOT NULL,
  "home_goals" integer DEFAULT 0 NOT NULL,
  "away_goals" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "h2h_fixtures_pkey" PRIMARY KEY ("private_league_id", "round", "slot"),
  CONSTRAINT "h2h_fixtures_round_fk" FOREIGN KEY ("private_league_id", "round") REFERENCES "h2h_rounds"("private_league_id", "round") ON DELETE CASCADE
) WITH (fillfactor = 70);--> statement-breakpoint
-- a week's match-ups of every head-to-head league of its official league: what a week-points change updates
CREATE INDEX "h2h_fixtures_week_idx" ON "h2h_fixtures" USING btree ("week_id");--> statement-breakpoint
CREATE INDEX "h2h_rounds_week_idx" ON "h2h_rounds" USING btree ("week_id");--> statement-breakpoint
-- A side's goals (packages/core head-to-head.ts `matchGoals`, the same rule to the cent; a server test holds
-- them equal): bands, none below T then one more every S points; plain points, 1-0 to the side ahead by a
-- tenth or more, else 0-0.
CREATE FUNCTION "h2h_goals"(rule text, own numeric, other numeric, t numeric, s numeric) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select case
    when rule = 'bands' then case when own < t then 0 else floor((own - t) / s)::int + 1 end
    when own - other >= 0.1 then 1
    else 0 end
$$;--> statement-breakpoint
-- Every match-up of the weeks `weeks` (of one private league, or of all of them) set from the stored week
-- points: one statement; only the match-ups whose result moves are written.
CREATE FUNCTION "h2h_refresh"(weeks uuid[], only_league uuid DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  nestloop text := current_setting('enable_nestloop');
BEGIN
  -- every league of a week (a writer's trigger): its match-ups meet the week's rows by hashing both sides,
  -- not by two index probes a match-up (50,000 of them a week at 10,000 leagues); set back afterwards
  IF only_league IS NULL THEN PERFORM set_config('enable_nestloop', 'off', true); END IF;
  UPDATE h2h_fixtures f
  SET home_points = n.hp, away_points = n.ap,
      home_goals = h2h_goals(n.rule, n.hp, n.ap, n.t, n.s), away_goals = h2h_goals(n.rule, n.ap, n.hp, n.t, n.s)
  FROM (
    SELECT x.private_league_id, x.round, x.slot, coalesce(h.points, 0) AS hp, coalesce(a.points, 0) AS ap,
           pl.h2h_rule AS rule, pl.h2h_band_start AS t, pl.h2h_band_step AS s
    FROM h2h_fixtures x
    JOIN private_leagues pl ON pl.id = x.private_league_id
    LEFT JOIN roster_week_points h ON h.week_id = x.week_id AND h.roster_id = x.home_roster_id
    LEFT JOIN roster_week_points a ON a.week_id = x.week_id AND a.roster_id = x.away_roster_id
    WHERE x.week_id = ANY(weeks) AND (only_league IS NULL OR x.private_league_id = only_league)
  ) n
  WHERE f.week_id = ANY(weeks) AND (only_league IS NULL OR f.private_league_id = only_league)
    AND f.private_league_id = n.private_league_id AND f.round = n.round AND f.slot = n.slot
    AND (f.home_points, f.away_points, f.home_goals, f.away_goals) IS DISTINCT FROM
        (n.hp, n.ap, h2h_goals(n.rule, n.hp, n.ap, n.t, n.s), h2h_goals(n.rule, n.ap, n.hp, n.t, n.s));
  PERFORM set_config('enable_nestloop', nestloop, true);
END $$;--> statement-breakpoint
-- Whoever writes week points (a match save, the fold of a big one, a recalculation, a restore) moves the
-- match-ups of the weeks it wrote, in its own transaction: one refresh a statement, nothing when no
-- head-to-head calendar exists.
CREATE FUNCTION "h2h_week_points_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM h2h_fixtures) THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT week_id) INTO changed FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT week_id) INTO changed FROM new_rows;
  END IF;
  IF changed IS NOT NULL THEN PERFORM h2h_refresh(changed); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "h2h_week_points_inserted" AFTER INSERT ON "roster_week_points"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "h2h_week_points_changed"();--> statement-breakpoint
CREATE TRIGGER "h2h_week_points_updated" AFTER UPDATE ON "roster_week_points"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "h2h_week_points_changed"();--> statement-breakpoint
CREATE TRIGGER "h2h_week_points_deleted" AFTER DELETE ON "roster_week_points"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "h2h_week_points_changed"();

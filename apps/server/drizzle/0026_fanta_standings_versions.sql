-- The Lega Fanta standings (issue 32, docs/fanta-season.md) are kept per process and checked on every read
-- against a version of each input they are computed from, read in one statement with the membership check:
-- the official league's season version (its matches, weeks, statistics, series MVPs and scoring rules, and
-- the players' roles), the Lega Fanta's season version (its members, history, line-ups and the members'
-- names) and the Lega Fanta row's xmin (its settings). The versions live here, in the database, so every
-- server instance sees a change whoever made it. Statement-level triggers bump them: one row update a
-- statement whatever the number of rows it wrote, and none for a write that changes nothing the standings
-- read (a week closed, a team renamed, a member's credits). A league not yet bumped has no row (version 0).
CREATE TABLE "league_season_versions" (
  "league_id" uuid PRIMARY KEY NOT NULL REFERENCES "leagues"("id") ON DELETE CASCADE,
  "version" bigint DEFAULT 1 NOT NULL
);--> statement-breakpoint
CREATE TABLE "fanta_season_versions" (
  "fanta_league_id" uuid PRIMARY KEY NOT NULL REFERENCES "fanta_leagues"("id") ON DELETE CASCADE,
  "version" bigint DEFAULT 1 NOT NULL
);--> statement-breakpoint
INSERT INTO "league_season_versions" ("league_id") SELECT "id" FROM "leagues";--> statement-breakpoint
INSERT INTO "fanta_season_versions" ("fanta_league_id") SELECT "id" FROM "fanta_leagues";--> statement-breakpoint
-- Bumps the given leagues' versions, in id order (two writers of several leagues never wait on each other in
-- a circle); a league deleted by the same transaction (a cascade) is skipped.
CREATE FUNCTION "league_season_bump"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO league_season_versions AS v (league_id)
  SELECT l.id FROM leagues l WHERE l.id = ANY(ids) ORDER BY l.id
  ON CONFLICT (league_id) DO UPDATE SET version = v.version + 1
$$;--> statement-breakpoint
CREATE FUNCTION "fanta_season_bump"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO fanta_season_versions AS v (fanta_league_id)
  SELECT f.id FROM fanta_leagues f WHERE f.id = ANY(ids) ORDER BY f.id
  ON CONFLICT (fanta_league_id) DO UPDATE SET version = v.version + 1
$$;--> statement-breakpoint
-- player_stats: a row's match, player or points (its league is its match's)
CREATE FUNCTION "season_player_stats_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT m.league_id) INTO changed FROM matches m WHERE m.id IN (SELECT match_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT m.league_id) INTO changed FROM matches m WHERE m.id IN (SELECT match_id FROM old_rows);
  ELSE
    SELECT array_agg(DISTINCT m.league_id) INTO changed FROM matches m WHERE m.id IN (
      SELECT x.id FROM new_rows n JOIN old_rows o ON o.id = n.id, LATERAL (VALUES (n.match_id), (o.match_id)) x(id)
      WHERE (n.match_id, n.player_id, n.points) IS DISTINCT FROM (o.match_id, o.player_id, o.points));
  END IF;
  IF changed IS NOT NULL THEN PERFORM league_season_bump(changed); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "season_player_stats_inserted" AFTER INSERT ON "player_stats"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "season_player_stats_changed"();--> statement-breakpoint
CREATE TRIGGER "season_player_stats_updated" AFTER UPDATE ON "player_stats"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "season_player_stats_changed"();--> statement-breakpoint
CREATE TRIGGER "season_player_stats_deleted" AFTER DELETE ON "player_stats"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "season_player_stats_changed"();--> statement-breakpoint
-- series_mvp: a row's match, player or league
CREATE FUNCTION "season_series_mvp_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT league_id) INTO changed FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT league_id) INTO changed FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT x.id) INTO changed
    FROM new_rows n JOIN old_rows o ON o.id = n.id, LATERAL (VALUES (n.league_id), (o.league_id)) x(id)
    WHERE (n.match_id, n.player_id, n.league_id) IS DISTINCT FROM (o.match_id, o.player_id, o.league_id);
  END IF;
  IF changed IS NOT NULL THEN PERFORM league_season_bump(changed); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "season_series_mvp_inserted" AFTER INSERT ON "series_mvp"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "season_series_mvp_changed"();--> statement-breakpoint
CREATE TRIGGER "season_series_mvp_updated" AFTER UPDATE ON "series_mvp"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "season_series_mvp_changed"();--> statement-breakpoint
CREATE TRIGGER "season_series_mvp_deleted" AFTER DELETE ON "series_mvp"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "season_series_mvp_changed"();--> statement-breakpoint
-- matches: a match's league, week, start (the weeks' locks) or completion
CREATE FUNCTION "season_matches_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT league_id) INTO changed FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT league_id) INTO changed FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT x.id) INTO changed
    FROM new_rows n JOIN old_rows o ON o.id = n.id, LATERAL (VALUES (n.league_id), (o.league_id)) x(id)
    WHERE (n.league_id, n.week_id, n.date, n.completed) IS DISTINCT FROM (o.league_id, o.week_id, o.date, o.completed);
  END IF;
  IF changed IS NOT NULL THEN PERFORM league_season_bump(changed); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "season_matches_inserted" AFTER INSERT ON "matches"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "season_matches_changed"();--> statement-breakpoint
CREATE TRIGGER "season_matches_updated" AFTER UPDATE ON "matches"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "season_matches_changed"();--> statement-breakpoint
CREATE TRIGGER "season_matches_deleted" AFTER DELETE ON "matches"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "season_matches_changed"();--> statement-breakpoint
-- weeks: a week's league, number or name (a week without matches is still a head-to-head round)
CREATE FUNCTION "season_weeks_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT league_id) INTO changed FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT league_id) INTO changed FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT x.id) INTO changed
    FROM new_rows n JOIN old_rows o ON o.id = n.id, LATERAL (VALUES (n.league_id), (o.league_id)) x(id)
    WHERE (n.league_id, n.week_number, n.name) IS DISTINCT FROM (o.league_id, o.week_number, o.name);
  END IF;
  IF changed IS NOT NULL THEN PERFORM league_season_bump(changed); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "season_weeks_inserted" AFTER INSERT ON "weeks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "season_weeks_changed"();--> statement-breakpoint
CREATE TRIGGER "season_weeks_updated" AFTER UPDATE ON "weeks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "season_weeks_changed"();--> statement-breakpoint
CREATE TRIGGER "season_weeks_deleted" AFTER DELETE ON "weeks"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "season_weeks_changed"();--> statement-breakpoint
-- scoring_rules: a league's own row (its series MVP points), or the global row: every league
CREATE FUNCTION "season_scoring_rules_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows_league uuid[];
  global boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT league_id), bool_or(league_id IS NULL) INTO rows_league, global FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT league_id), bool_or(league_id IS NULL) INTO rows_league, global FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT x.id), bool_or(x.id IS NULL) INTO rows_league, global
    FROM new_rows n JOIN old_rows o ON o.id = n.id, LATERAL (VALUES (n.league_id), (o.league_id)) x(id)
    WHERE (n.league_id, n.series_mvp_points) IS DISTINCT FROM (o.league_id, o.series_mvp_points);
  END IF;
  IF global THEN
    PERFORM league_season_bump(ARRAY(SELECT id FROM leagues));
  ELSIF rows_league IS NOT NULL THEN
    PERFORM league_season_bump(rows_league);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "season_scoring_rules_inserted" AFTER INSERT ON "scoring_rules"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "season_scoring_rules_changed"();--> statement-breakpoint
CREATE TRIGGER "season_scoring_rules_updated" AFTER UPDATE ON "scoring_rules"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "season_scoring_rules_changed"();--> statement-breakpoint
CREATE TRIGGER "season_scoring_rules_deleted" AFTER DELETE ON "scoring_rules"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "season_scoring_rules_changed"();--> statement-breakpoint
-- players: a role read with the history (players belong to no league: every league, a rare admin edit)
CREATE FUNCTION "season_players_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.role IS DISTINCT FROM o.role) THEN
    PERFORM league_season_bump(ARRAY(SELECT id FROM leagues));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "season_players_updated" AFTER UPDATE ON "players"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "season_players_changed"();--> statement-breakpoint
-- the Lega Fanta's members (inserted and deleted, never re-keyed), history and line-ups
CREATE FUNCTION "fanta_season_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT fanta_league_id) INTO changed FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT fanta_league_id) INTO changed FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT x.id) INTO changed
    FROM (SELECT fanta_league_id FROM new_rows UNION SELECT fanta_league_id FROM old_rows) x(id);
  END IF;
  IF changed IS NOT NULL THEN PERFORM fanta_season_bump(changed); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "fanta_season_members_inserted" AFTER INSERT ON "fanta_league_members"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "fanta_season_rows_changed"();--> statement-breakpoint
CREATE TRIGGER "fanta_season_members_deleted" AFTER DELETE ON "fanta_league_members"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "fanta_season_rows_changed"();--> statement-breakpoint
CREATE TRIGGER "fanta_season_history_inserted" AFTER INSERT ON "fanta_history"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "fanta_season_rows_changed"();--> statement-breakpoint
CREATE TRIGGER "fanta_season_history_updated" AFTER UPDATE ON "fanta_history"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "fanta_season_rows_changed"();--> statement-breakpoint
CREATE TRIGGER "fanta_season_history_deleted" AFTER DELETE ON "fanta_history"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "fanta_season_rows_changed"();--> statement-breakpoint
CREATE TRIGGER "fanta_season_lineups_inserted" AFTER INSERT ON "fanta_lineups"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "fanta_season_rows_changed"();--> statement-breakpoint
CREATE TRIGGER "fanta_season_lineups_updated" AFTER UPDATE ON "fanta_lineups"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "fanta_season_rows_changed"();--> statement-breakpoint
CREATE TRIGGER "fanta_season_lineups_deleted" AFTER DELETE ON "fanta_lineups"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "fanta_season_rows_changed"();--> statement-breakpoint
-- users: a member's name (the table lists and orders by it) moves every Lega Fanta he is in
CREATE FUNCTION "fanta_season_users_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  SELECT array_agg(DISTINCT m.fanta_league_id) INTO changed FROM fanta_league_members m
  WHERE m.user_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.username IS DISTINCT FROM o.username);
  IF changed IS NOT NULL THEN PERFORM fanta_season_bump(changed); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "fanta_season_users_updated" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "fanta_season_users_changed"();

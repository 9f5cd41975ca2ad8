-- The Lega Fanta standings (docs/fanta-season.md) keep, per process, the official league's week data (each
-- week's lock, completeness and players' points) once for every Lega Fanta on it, each week under its own
-- version: a match save (its statistics, series MVP and match row, all of one week) moves that week's version
-- only, so the other weeks' data stays. The league's version (0026) still covers what spans weeks: the weeks
-- themselves (league, number, name), the scoring rules and the players' roles.
CREATE TABLE "week_season_versions" (
  "week_id" uuid PRIMARY KEY NOT NULL REFERENCES "weeks"("id") ON DELETE CASCADE,
  "version" bigint DEFAULT 1 NOT NULL
);--> statement-breakpoint
-- 0026's league bump with a step: 1 bumps (its callers, unchanged), 0 takes the leagues' version rows without
-- moving them (a league without one gets one at 0, as its absence reads). Every writer of a league's season
-- inputs takes that row first (a week's bump too), so a match save and a recalculation (which takes it before
-- the points log, lib/season-version.ts) never wait on each other's week rows in a circle.
DROP FUNCTION "league_season_bump"(uuid[]);--> statement-breakpoint
CREATE FUNCTION "league_season_bump"(ids uuid[], step int DEFAULT 1) RETURNS void LANGUAGE sql AS $$
  INSERT INTO league_season_versions AS v (league_id, version)
  SELECT l.id, step FROM leagues l WHERE l.id = ANY(ids) ORDER BY l.id
  ON CONFLICT (league_id) DO UPDATE SET version = v.version + step
$$;--> statement-breakpoint
-- Bumps the given weeks' versions, in id order, after their leagues' rows; a week deleted by the same
-- transaction (a cascade) is skipped.
CREATE FUNCTION "week_season_bump"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  SELECT league_season_bump(ARRAY(SELECT DISTINCT w.league_id FROM weeks w WHERE w.id = ANY(ids)), 0);
  INSERT INTO week_season_versions AS v (week_id)
  SELECT w.id FROM weeks w WHERE w.id = ANY(ids) ORDER BY w.id
  ON CONFLICT (week_id) DO UPDATE SET version = v.version + 1
$$;--> statement-breakpoint
-- One trigger function for the official league's tables (it replaces 0026's four of one shape). TG_ARGV[0]:
-- the column that names what a row belongs to: 'match_id' (its match's week), 'week_id' (the week) or
-- 'league_id' (the whole league); TG_ARGV[1]: the columns the standings read, compared on an update (an
-- update that changes none of them bumps nothing).
CREATE FUNCTION "season_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key text := TG_ARGV[0];
  cols text := TG_ARGV[1];
  keys text;
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    keys := format('SELECT %I AS k FROM new_rows', key);
  ELSIF TG_OP = 'DELETE' THEN
    keys := format('SELECT %I AS k FROM old_rows', key);
  ELSE
    keys := format('SELECT x.k FROM new_rows n JOIN old_rows o ON o.id = n.id, LATERAL (VALUES (n.%1$I), (o.%1$I)) x(k) '
      'WHERE (%2$s) IS DISTINCT FROM (%3$s)', key,
      regexp_replace(cols, '(\w+)', 'n.\1', 'g'), regexp_replace(cols, '(\w+)', 'o.\1', 'g'));
  END IF;
  IF key = 'match_id' THEN
    EXECUTE format('SELECT array_agg(DISTINCT m.week_id) FROM matches m WHERE m.id IN (%s)', keys) INTO ids;
  ELSE
    EXECUTE format('SELECT array_agg(DISTINCT r.k) FROM (%s) r', keys) INTO ids;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  ELSIF key = 'league_id' THEN
    PERFORM league_season_bump(ids);
  ELSE
    PERFORM week_season_bump(ids);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP FUNCTION "season_player_stats_changed"() CASCADE;--> statement-breakpoint
DROP FUNCTION "season_series_mvp_changed"() CASCADE;--> statement-breakpoint
DROP FUNCTION "season_matches_changed"() CASCADE;--> statement-breakpoint
DROP FUNCTION "season_weeks_changed"() CASCADE;--> statement-breakpoint
-- the same triggers as 0026's (insert, update, delete of each table), on the one function:
-- player_stats (a row's match, player or points) and series_mvp (its match or player) move their match's week;
-- matches (league, week, start: the week's lock, completion) move their old and new week;
-- weeks (league, number, name) move the whole league
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('player_stats', 'match_id', 'match_id, player_id, points'),
    ('series_mvp', 'match_id', 'match_id, player_id'),
    ('matches', 'week_id', 'league_id, week_id, date, completed'),
    ('weeks', 'league_id', 'league_id, week_number, name')) v(tab, key, cols)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION season_rows_changed(%L, %L)', 'season_' || t.tab || '_inserted', t.tab, t.key, t.cols);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION season_rows_changed(%L, %L)', 'season_' || t.tab || '_updated', t.tab, t.key, t.cols);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION season_rows_changed(%L, %L)', 'season_' || t.tab || '_deleted', t.tab, t.key, t.cols);
  END LOOP;
END $$;

-- A roster holds an item once at a time, so a holding that comes in adds its number only where the lineup lacks
-- it: when several holdings of a roster without a lineup are written in one statement, the first one's trigger
-- reads the lineup from all of them, and the others' must not add theirs a second time. (One expression, no
-- FROM, so PostgreSQL still inlines it into the trigger's update.)
CREATE OR REPLACE FUNCTION "lineup_moved"(list integer[], added integer, removed integer) RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN removed IS NULL THEN list ELSE array_remove(list, removed) END
    || CASE WHEN added IS NULL OR (added = ANY(list) AND added IS DISTINCT FROM removed) THEN '{}'::integer[]
       ELSE ARRAY[added] END
$$;

import { suggestBands } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** T and S suggested from the official league's latest week with points (a closed one first). */
export async function suggestedBands(db: DbOrTx, leagueId: string) {
  const { rows } = await db.execute<{
    p25: number | null;
    median: number | null;
    p75: number | null;
    name: string | null;
  }>(sql`
    with week as (
      select w.id, w.name from weeks w
      where w.league_id = ${leagueId} and exists (select 1 from roster_week_points x where x.week_id = w.id)
      order by w.is_closed desc, w.week_number desc limit 1)
    select percentile_cont(0.25) within group (order by p.points) as p25,
           percentile_cont(0.5) within group (order by p.points) as median,
           percentile_cont(0.75) within group (order by p.points) as p75,
           (select name from week) as name
    from roster_week_points p where p.week_id = (select id from week)`);
  const q = rows[0];
  const known = q && q.median !== null;
  return {
    ...suggestBands(known ? { p25: Number(q.p25), median: Number(q.median), p75: Number(q.p75) } : null),
    /** the week the figures come from (null: no week has points yet, the defaults) */
    weekName: known ? q.name : null,
  };
}

import { randomUUID } from 'node:crypto';
import type { LeagueType } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/client.ts';
import { adminAuditLog } from '../db/schema.ts';
import { openRoster } from '../modules/rosters/index.ts';
import { createUser, type LeagueFactoryInput } from '../seed/factories.ts';
import { marketWorld, userAgent } from './fixtures.ts';
import type { Agent } from './http.ts';
import { DAY, day } from './league-world.ts';

/** An admin and a participant with live sessions. */
export async function adminAndParticipant(app: FastifyInstance, db: Database) {
  const admin = await userAgent(app, db, { isAdmin: true });
  const participant = await userAgent(app, db);
  return { admin, participant };
}

/** Row counts of every table of the public schema, to prove a request changed nothing. */
export async function tableCounts(db: Database): Promise<Record<string, number>> {
  const tables = await db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const r = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)}`,
    );
    counts[table_name] = Number(r.rows[0]?.n ?? 0);
  }
  return counts;
}

/** A market world (see `marketWorld`) with `rosterCount` participants who joined it. */
export async function leagueWithRosters(
  db: Database,
  rosterCount: number,
  league: Partial<LeagueFactoryInput> = {},
) {
  const world = await marketWorld(db, league);
  const members = [];
  for (let i = 0; i < rosterCount; i++) {
    const username = `m_${randomUUID().slice(0, 10)}`;
    const user = await createUser(db, { email: `${username}@example.com`, username });
    const roster = await db.transaction((tx) =>
      openRoster(tx, {
        userId: user.id,
        leagueId: world.league.id,
        leagueType: world.league.type as LeagueType,
      }),
    );
    members.push({ user, roster: roster! });
  }
  return { ...world, members };
}

/** The audit rows of a record, oldest first. */
export async function auditRows(db: Database, recordId: string) {
  const rows = await db.select().from(adminAuditLog).where(sql`${adminAuditLog.recordId} = ${recordId}`);
  return rows.sort((a, b) => a.id - b.id);
}

/** A week the admin creates through the API, answered with a 201: the answer's week. */
export async function createWeek(
  admin: Agent,
  week: { leagueId: string; weekNumber: number; name: string; startDate: string; endDate: string },
) {
  const res = await admin.request({ method: 'POST', url: '/api/admin/weeks', payload: week });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().week as { id: string; weekNumber: number };
}

/**
 * Weeks 1 and 2 of a league through the API: the one of `now` (from the day before) and the next one, each
 * seven days long, so a match from tomorrow on falls in week 1.
 */
export async function thisAndNextWeek(admin: Agent, leagueId: string, now: number) {
  const week1 = await createWeek(admin, {
    leagueId,
    weekNumber: 1,
    name: 'Settimana 1',
    startDate: day(now - DAY),
    endDate: day(now + 6 * DAY),
  });
  const week2 = await createWeek(admin, {
    leagueId,
    weekNumber: 2,
    name: 'Settimana 2',
    startDate: day(now + 7 * DAY),
    endDate: day(now + 13 * DAY),
  });
  return [week1, week2] as const;
}

/** A match the admin adds to a week through the API, answered with a 201: the match's id. */
export async function createMatch(
  admin: Agent,
  weekId: string,
  match: { team1: string; team2: string; date: string; matchFormat: number; matchDay?: number },
) {
  const res = await admin.request({
    method: 'POST',
    url: `/api/admin/weeks/${weekId}/matches`,
    payload: match,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().match.id as string;
}

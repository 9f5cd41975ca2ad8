import { randomBytes } from 'node:crypto';
import { BUILT_IN_TEAMS, championCost, DEFAULT_SCORING_RULES, type Role } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  champions,
  leagueRulesAcceptance,
  matches,
  players,
  rosterCaptains,
  rosters,
  weeks,
} from '../db/schema.ts';
import { buyItem } from '../modules/market/index.ts';
import { saveRules } from '../modules/points/index.ts';
import {
  createPrivateLeague,
  generateCalendar,
  joinPrivateLeague,
} from '../modules/private-leagues/index.ts';
import { saveMatchStats } from '../modules/season/index.ts';
import { createLeague, createUser, findUserByEmail } from './factories.ts';
import { SEED_CHAMPIONS } from './seed-data/champions.ts';
import { SEED_PLAYERS } from './seed-data/players.ts';

export const DEMO_PASSWORD = 'FantaRift!2026';
export const DEMO_ADMIN_EMAIL = 'admin@fantarift.local';

const DEMO_PARTICIPANTS = [
  { email: 'giocatore1@fantarift.local', username: 'PandaMaster' },
  { email: 'giocatore2@fantarift.local', username: 'BurroKing' },
  { email: 'giocatore3@fantarift.local', username: 'RiftWalker' },
  { email: 'giocatore4@fantarift.local', username: 'BaronHunter' },
  { email: 'giocatore5@fantarift.local', username: 'DragonSoul' },
  { email: 'giocatore6@fantarift.local', username: 'NashorFan' },
];

const LCK_RULES = `<p><strong>Regolamento LCK Cup 2026</strong></p>
<p>Partecipando accetti queste regole:</p>
<ol>
<li>Un roster contiene al massimo 5 giocatori e 8 campioni.</li>
<li>Il mercato giocatori può essere chiuso dagli amministratori durante le partite.</li>
<li>I premi settimanali in Burro Coin dipendono dalla posizione in classifica.</li>
</ol>
<p><em>Comportamenti scorretti comportano l'esclusione dalla lega.</em></p>`;

type Log = { info(msg: string): void };

/** Loads the catalogue (every champion, the players of LCK, LEC and LTA North); safe to run again. */
export async function seedCatalogue(db: Database): Promise<void> {
  await db
    .insert(champions)
    .values(
      SEED_CHAMPIONS.map((c) => ({
        name: c.name,
        tier: c.tier,
        cost: championCost(c.tier),
        roles: [...c.roles],
      })),
    )
    .onConflictDoNothing();
  const existing = await db.select({ name: players.name, team: players.team }).from(players);
  const known = new Set(existing.map((p) => `${p.name}|${p.team}`));
  const missing = SEED_PLAYERS.filter((p) => !known.has(`${p.name}|${p.team}`));
  if (missing.length > 0) await db.insert(players).values(missing.map((p) => ({ ...p })));
}

/** Picks one player per role within the budget, varying with `offset` so rosters differ. */
function pickTeam(pool: { id: string; role: string; cost: number }[], offset: number, budget: number) {
  const roles: Role[] = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'];
  const picked: string[] = [];
  let left = budget;
  roles.forEach((role, i) => {
    const candidates = pool.filter((p) => p.role === role);
    const reserve = roles.length - i - 1; // keep at least 1 coin for each remaining role
    for (let k = 0; k < candidates.length; k++) {
      const c = candidates[(offset * 3 + i + k) % candidates.length]!;
      if (c.cost <= left - reserve) {
        picked.push(c.id);
        left -= c.cost;
        break;
      }
    }
  });
  return picked;
}

export const DEMO_EMAILS = [DEMO_ADMIN_EMAIL, ...DEMO_PARTICIPANTS.map((p) => p.email)];

/** One random password per demo account, for a server others can reach (never the README's). */
export function randomDemoPasswords(): Map<string, string> {
  return new Map(DEMO_EMAILS.map((email) => [email, randomBytes(12).toString('base64url')]));
}

/**
 * The demo world: leagues of every status, an admin, participants with rosters and ledgers. The accounts
 * get the README's password unless `passwords` gives each its own.
 */
export async function seedDemoData(db: Database, passwords?: Map<string, string>): Promise<boolean> {
  if (await findUserByEmail(db, DEMO_ADMIN_EMAIL)) return false;
  await seedCatalogue(db);
  const passwordOf = (email: string) => passwords?.get(email) ?? DEMO_PASSWORD;

  const admin = await createUser(db, {
    email: DEMO_ADMIN_EMAIL,
    username: 'admin',
    password: passwordOf(DEMO_ADMIN_EMAIL),
    isAdmin: true,
  });
  const participants = [];
  for (const p of DEMO_PARTICIPANTS)
    participants.push(await createUser(db, { ...p, password: passwordOf(p.email) }));

  const lec = await createLeague(db, {
    name: 'LEC Versus 2026',
    type: 'LEC',
    status: 'Active',
    startDate: '2026-01-10',
    endDate: '2026-12-20',
    teams: [...BUILT_IN_TEAMS.LEC],
    marketOpen: true,
    marketBlockTimezone: 'Europe/Rome',
  });
  const lck = await createLeague(db, {
    name: 'LCK Cup 2026',
    type: 'LCK',
    status: 'Active',
    startDate: '2026-01-15',
    endDate: '2026-12-15',
    teams: [...BUILT_IN_TEAMS.LCK],
    marketOpen: true,
    rulesRequired: true,
    rulesText: LCK_RULES,
    marketBlockTimezone: 'Asia/Seoul',
  });
  await createLeague(db, {
    name: 'LTA North 2027 Split 1',
    type: 'LTA North',
    status: 'Upcoming',
    startDate: '2027-01-20',
    endDate: '2027-04-30',
    teams: [...BUILT_IN_TEAMS['LTA North']],
    marketOpen: false,
  });
  await createLeague(db, {
    name: 'MSI 2026',
    type: 'MSI',
    status: 'Completed',
    startDate: '2026-06-27',
    endDate: '2026-07-12',
    teams: ['Gen.G', 'T1', 'G2 Esports', 'Movistar KOI', 'FlyQuest', 'Cloud9'],
    marketOpen: false,
  });
  await createLeague(db, {
    name: 'Worlds 2026',
    type: 'World Championship',
    status: 'Upcoming',
    startDate: '2026-12-01',
    endDate: '2026-12-31',
    teams: [
      'Gen.G',
      'T1',
      'Hanwha Life Esports',
      'KT Rolster',
      'G2 Esports',
      'Movistar KOI',
      'Fnatic',
      'FlyQuest',
      'Cloud9',
      'Team Liquid',
    ],
    marketOpen: false,
  });

  const catalogue = await db
    .select({ id: players.id, role: players.role, cost: players.cost, team: players.team })
    .from(players);
  const championRows = await db
    .select({ id: champions.id, cost: champions.cost })
    .from(champions)
    .orderBy(champions.name);
  const now = new Date();

  for (const [i, user] of participants.entries()) {
    // LEC: everybody; a full, valid roster for most, a partial one for the last two
    const lecPool = catalogue.filter((p) => lec.teams.includes(p.team));
    const lecPicks = pickTeam(lecPool, i, 15).slice(0, i < 4 ? 5 : 3);
    for (const itemId of lecPicks)
      await buyItem(db, 'player', { userId: user.id, leagueId: lec.id, itemId, now });
    const cheap = championRows.filter((c) => c.cost <= 2);
    for (let k = 0; k < 2 + (i % 3); k++) {
      const champion = cheap[(i * 7 + k * 11) % cheap.length]!;
      await buyItem(db, 'champion', { userId: user.id, leagueId: lec.id, itemId: champion.id, now });
    }
    // LCK requires its rules: the first three accepted them and built a roster
    if (i < 3) {
      await db
        .insert(leagueRulesAcceptance)
        .values({ userId: user.id, leagueId: lck.id, rulesVersion: 'v1' });
      const lckPool = catalogue.filter((p) => lck.teams.includes(p.team));
      for (const itemId of pickTeam(lckPool, i + 1, 15)) {
        await buyItem(db, 'player', { userId: user.id, leagueId: lck.id, itemId, now });
      }
    }
  }
  // the LEC league plays with the weekly captain (issue 29): ×2, with a vice
  await db.transaction((tx) =>
    saveRules(tx, lec.id, { ...DEFAULT_SCORING_RULES, captainMultiplier: 2, viceCaptainEnabled: true }),
  );
  await seedDemoSeason(db, lec.id, admin.id, participants.slice(0, 3));
  // the LEC participants' head-to-head league (issue 30), its calendar drawn from week 2
  const friends = await createPrivateLeague(db, {
    userId: participants[0]!.id,
    leagueId: lec.id,
    name: 'Scontri tra amici',
    format: 'h2h',
  });
  for (const member of participants.slice(1))
    await joinPrivateLeague(db, friends.inviteCode!, { userId: member.id, ip: 'demo', maxMembers: 20 });
  await generateCalendar(db, { userId: participants[0]!.id, id: friends.id });
  return true;
}

/** A small deterministic generator, so the demo season is the same on every machine. */
function generator(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % (max + 1);
  };
}

/** Week 1 of the LEC league already played (two series with full statistics), week 2 scheduled. */
async function seedDemoSeason(
  db: Database,
  leagueId: string,
  adminUserId: string,
  withCaptains: { id: string }[],
) {
  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const [week1] = await db
    .insert(weeks)
    .values({ leagueId, weekNumber: 1, name: 'Settimana 1', startDate: day(-6), endDate: day(1) })
    .returning();
  const [week2] = await db
    .insert(weeks)
    .values({ leagueId, weekNumber: 2, name: 'Settimana 2', startDate: day(2), endDate: day(9) })
    .returning();
  // the first participants chose a captain and a vice (their first two players) before week 1 began
  const chosenAt = new Date(today.getTime() - 60_000);
  for (const user of withCaptains) {
    const [roster] = await db
      .select({ id: rosters.id })
      .from(rosters)
      .where(sql`${rosters.leagueId} = ${leagueId} and ${rosters.userId} = ${user.id}`);
    const held = await db.execute<{ player_id: string }>(sql`
      select player_id from roster_players where roster_id = ${roster!.id} and released_at is null
      order by acquired_at, player_id limit 2`);
    const [captain, vice] = held.rows.map((r) => r.player_id);
    if (!captain) continue;
    await db.insert(rosterCaptains).values({
      rosterId: roster!.id,
      weekId: week1!.id,
      leagueId,
      captainPlayerId: captain,
      vicePlayerId: vice ?? null,
      chosenAt,
    });
  }
  const champs = await db.select({ id: champions.id }).from(champions).orderBy(champions.name);
  const random = generator(2026);
  const series: [string, string, 1 | 3, string[]][] = [
    ['G2 Esports', 'Fnatic', 3, ['G2 Esports', 'Fnatic', 'G2 Esports']],
    ['Karmine Corp', 'Movistar KOI', 1, ['Movistar KOI']],
    ['Team Vitality', 'Team Heretics', 3, ['Team Vitality', 'Team Vitality']],
  ];
  const actor = { adminUserId, userAgent: 'demo data' };
  for (const [team1, team2, format, gameWinners] of series) {
    const [match] = await db
      .insert(matches)
      .values({
        leagueId,
        weekId: week1!.id,
        team1,
        team2,
        date: new Date(),
        matchDay: 1,
        matchFormat: format,
      })
      .returning();
    const roster = await db
      .select({ id: players.id, team: players.team })
      .from(players)
      .where(sql`${players.team} in (${team1}, ${team2})`);
    const winnerCounts = new Map<string, number>();
    for (const w of gameWinners) winnerCounts.set(w, (winnerCounts.get(w) ?? 0) + 1);
    const winner = [...winnerCounts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    const games = gameWinners.map((gameWinner, g) => ({
      gameNumber: g + 1,
      winner: gameWinner,
      players: roster.map((p, i) => {
        const won = p.team === gameWinner;
        return {
          playerId: p.id,
          championId: champs[(i * 17 + g * 29 + random(40)) % champs.length]!.id,
          kills: random(won ? 8 : 4),
          deaths: random(won ? 3 : 6),
          assists: random(won ? 12 : 6),
          cs: 120 + random(200),
          doubleKills: random(won ? 2 : 1),
          tripleKills: 0,
          quadraKills: 0,
          pentaKills: 0,
          jungleSteals: random(1),
          mvp: won && i % 5 === g % 5 && p.team === gameWinner,
        };
      }),
      objectives: [team1, team2].map((teamName) => {
        const won = teamName === gameWinner;
        return {
          teamName,
          dragons: won ? 2 + random(2) : random(1),
          barons: won ? 1 : 0,
          elders: 0,
          heralds: won ? 1 : 0,
          towers: won ? 7 + random(3) : random(4),
          larvas: random(3),
          firstBlood: won,
          firstDrake: won,
          firstBaron: won,
          firstHerald: won,
          firstElder: false,
          firstTower: won,
          athakan: !won && random(1) === 1,
        };
      }),
    }));
    const mvp = roster.find((p) => p.team === winner)!;
    await saveMatchStats(db, actor, match!.id, {
      gamesPlayed: gameWinners.length,
      winner,
      games,
      seriesMvpPlayerId: mvp.id,
    });
  }
  await db.insert(matches).values([
    {
      leagueId,
      weekId: week2!.id,
      team1: 'GIANTX',
      team2: 'SK Gaming',
      date: new Date(`${day(3)}T17:00:00Z`),
      matchDay: 2,
      matchFormat: 1,
    },
    {
      leagueId,
      weekId: week2!.id,
      team1: 'Team BDS',
      team2: 'Natus Vincere',
      date: new Date(`${day(3)}T19:00:00Z`),
      matchDay: 2,
      matchFormat: 3,
    },
  ]);
}

/** Loads the demo world on the very first start (an empty database). */
export async function ensureDemoData(
  db: Database,
  log: Log,
  passwords?: Map<string, string>,
): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(
    sql`select not exists (select 1 from users) and not exists (select 1 from leagues) as empty`,
  );
  if (!result.rows[0]?.empty) return false;
  log.info('empty database: loading demo data');
  return seedDemoData(db, passwords);
}

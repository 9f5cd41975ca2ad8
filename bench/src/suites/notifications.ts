import type {} from '@fantarift/server/src/app.ts';
import type { Database } from '@fantarift/server/src/db/client.ts';
import { createLeague } from '@fantarift/server/src/seed/factories.ts';
import { sql } from 'drizzle-orm';
import { peakRssMiB, resetPeakRss, rssMiB } from '../lib/process.ts';
import type { ServerHandle } from '../lib/server.ts';
import { round, sleep, timed } from '../lib/stats.ts';
import type { Metric, Suite, SuiteContext } from './types.ts';

/** issue 33: every reminder due at one minute handed to the mailer within this, by one instance */
const TARGET_S = 60;
const TARGET_RSS_MIB = 1024;

/** The servers' scheduler tick here: the first look at the database after the reminder becomes due. */
const TICK_MS = 1000;

/** "HH:MM" in Rome at `at` (the league's market block window is written in its zone). */
function romeTime(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Rome',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/**
 * `users` players in a league without a market block yet, every one with the 2-hour reminder's e-mail on.
 * The block is set later (`makeDue`): from that moment every player's reminder is due at once.
 */
async function world(db: Database, tag: string, users: number) {
  const league = await createLeague(db, { name: `Notifiche ${tag}`, type: 'LEC' });
  await db.execute(sql`
    insert into users (email, username, password_hash, email_confirmed_at)
    select 'nt' || ${tag} || '_' || g || '@bench.invalid', 'nt' || ${tag} || '_' || g, 'bench-no-login', now()
    from generate_series(1, ${users}) g`);
  const mine = `nt${tag}\\_%@bench.invalid`;
  await db.execute(sql`
    insert into rosters (user_id, league_id, username, panda_coin, burro_coin)
    select u.id, ${league.id}, u.username, 15, 0 from users u where u.email like ${mine}`);
  await db.execute(sql`
    insert into notification_preferences (user_id, kind, email, push)
    select u.id, 'market_block_2h', true, false from users u where u.email like ${mine}`);
  await db.execute('vacuum analyze users, rosters, notification_preferences');
  return league.id;
}

/** The league's market blocks 1 h 59 min from now (Rome): its 2-hour reminder is due at once. */
async function makeDue(db: Database, leagueId: string) {
  const start = new Date(Date.now() + 119 * 60_000);
  await db.execute(sql`
    update leagues set market_block_timezone = 'Europe/Rome', market_block_start_time = ${romeTime(start)},
      market_block_end_time = ${romeTime(new Date(start.getTime() + 3_600_000))}
    where id = ${leagueId}`);
}

/** The event's messages (over the base tables, not the view): how many, sent, mails, players twice. */
async function handedOver(db: Database, leagueId: string) {
  const { rows } = await db.execute<{
    messages: number;
    sent: number;
    mails: number;
    twice: number;
    outbox: number;
  }>(sql`
    with ev as materialized (
      select n.id, n.user_id, notification_mail_id(n.id) as mail_id from notification_messages n
      where n.kind = 'market_block_2h' and n.target like ${`${leagueId}:%`}
    )
    select count(*)::int as messages, count(*) filter (where o.status = 'sent')::int as sent,
      count(distinct ev.mail_id) filter (where o.status = 'sent')::int as mails,
      (select count(*)::int from (select user_id from ev group by user_id having count(*) > 1) d) as twice,
      (select count(*)::int from mail_outbox m join ev on ev.mail_id = m.id) as outbox
    from ev left join notification_outcomes o on o.message_id = ev.id`);
  return rows[0]!;
}

/**
 * Cheap enough to ask every 500 ms while the servers work: whether the event is planned to its last chunk
 * and no e-mail is left in the queue (the bench database has no other), and the outcomes written so far
 * (PostgreSQL's statistics counter: a progress figure only, it trails by up to a second).
 */
async function progressNow(db: Database, leagueId: string) {
  const { rows } = await db.execute<{ done: boolean; outcomes: number }>(sql`
    select coalesce((select bool_and(done) from notification_events
        where kind = 'market_block_2h' and target like ${`${leagueId}:%`}), false)
      and not exists (select 1 from notification_queue where channel = 'email') as done,
      (select n_tup_ins::int from pg_stat_user_tables where relname = 'notification_outcomes') as outcomes`);
  return rows[0]!;
}

/**
 * `instances` real server processes (server.ts, their scheduler ticking every second) on the bench database;
 * the reminder of `users` players becomes due while they run, and the clock stops when the database says
 * every message was handed to the mailer (the event planned to its end, its queue empty).
 */
async function measure(ctx: SuiteContext, users: number, instances: number) {
  const tag = `${users}x${instances}`;
  ctx.log(`notifications ${tag}: ${users.toLocaleString('en')} players, generating (set-based)`);
  const gen = await timed(() => world(ctx.db, tag, users));
  ctx.log(`notifications ${tag}: generated in ${round(gen.ms / 1000, 1)} s`);
  const leagueId = gen.value;
  const servers: ServerHandle[] = [];
  try {
    for (let i = 0; i < instances; i++)
      servers.push(await ctx.startServer({ env: { NOTIFICATIONS_TICK_MS: String(TICK_MS) } }));
    for (const s of servers) resetPeakRss(s.pid);
    const before = servers.map((s) => rssMiB(s.pid));
    const limitMs = Math.max(120_000, users * 0.3);
    const started = performance.now();
    await makeDue(ctx.db, leagueId);
    const outcomesBefore = (await progressNow(ctx.db, leagueId)).outcomes;
    let seconds = Number.NaN;
    const progress: string[] = [];
    while (performance.now() - started < limitMs) {
      await sleep(500);
      const now = await progressNow(ctx.db, leagueId);
      const at = (performance.now() - started) / 1000;
      progress.push(`${round(at, 1)} s: ${now.outcomes - outcomesBefore}`);
      if (now.done) {
        seconds = at;
        break;
      }
    }
    const peaks = servers.map((s) => peakRssMiB(s.pid));
    const counts = await handedOver(ctx.db, leagueId);
    ctx.log(
      `notifications ${tag}: ${counts.sent.toLocaleString('en')} of ${counts.messages.toLocaleString('en')} handed to the mailer in ${round(seconds, 1)} s by ${instances} server process(es) (${counts.mails.toLocaleString('en')} outbox rows, ${counts.twice} players twice); server RSS ${before.map((b) => round(b)).join(' / ')} → peak ${peaks.map((p) => round(p)).join(' / ')} MiB`,
    );
    ctx.log(`  progress: ${progress.filter((_, i) => i % 4 === 3).join(', ')}`);
    return { users, instances, seconds, ...counts, rssBefore: before, rssPeak: Math.max(...peaks), progress };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await ctx.db.execute(sql`delete from leagues where id = ${leagueId}`);
  }
}

export const notificationsSuite: Suite = {
  name: 'notifications',
  issue: '#33',
  description:
    'the 2-hour market reminder due at one minute for every player of a league: planned and handed to the mailer (outbox) by one server process, then by two at once',
  async run(ctx) {
    // BENCH_NOTIFICATIONS_USERS: another size (developing the suite)
    const users = Number(process.env.BENCH_NOTIFICATIONS_USERS) || (ctx.quick ? 10_000 : 1_000_000);
    const one = await measure(ctx, users, 1);
    const two = await measure(ctx, users, 2);
    const label = users >= 1_000_000 ? `${users / 1_000_000}M` : `${users / 1000}k`;
    const target = users >= 1_000_000;
    const metrics: Metric[] = [
      {
        key: `notifications_one_instance_${label}_s`,
        label: `${label} reminders due at one minute: planned and handed to the mailer, one instance`,
        value: round(one.seconds, 1),
        unit: 's',
        ...(target ? { target: `< ${TARGET_S} s`, pass: one.seconds < TARGET_S && one.sent === users } : {}),
      },
      {
        key: `notifications_two_instances_${label}_s`,
        label: `same with two instances at once`,
        value: round(two.seconds, 1),
        unit: 's',
      },
      {
        key: `notifications_two_instances_twice_${label}`,
        label: `players handed the reminder twice, two instances (${label})`,
        value: two.twice + (two.outbox - two.sent),
        unit: '',
        target: '0',
        pass: two.twice === 0 && two.outbox === two.sent && two.mails === two.sent && two.sent === users,
      },
      {
        key: `notifications_rss_peak_${label}_mib`,
        label: `the server process's peak RSS while it plans and sends alone (${label})`,
        value: round(one.rssPeak),
        unit: 'MiB',
        ...(target ? { target: `< ${TARGET_RSS_MIB} MiB`, pass: one.rssPeak < TARGET_RSS_MIB } : {}),
      },
    ];
    return {
      metrics,
      notes: [
        `real server processes (server.ts, NODE_ENV=production, default pool), their scheduler ticking every ${TICK_MS} ms; the clock starts when the league's market block is set 1 h 59 min ahead (every reminder due at once) and stops when the event is planned to its last chunk and the due queue is empty (polled every 500 ms); then every message is checked sent`,
        '"handed to the mailer" = the outbox row written and the message marked sent (no SMTP here: SMTP delivery is the mailer\'s own pace)',
        `one instance: ${one.sent} sent, ${one.outbox} outbox rows; two: ${two.sent} sent, ${two.outbox} outbox rows, ${two.twice} players with two messages; server RSS peaks ${JSON.stringify(two.rssPeak)} MiB with two`,
      ],
      details: { one, two },
    };
  },
};

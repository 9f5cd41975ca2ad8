import type {} from '@fantarift/server/src/app.ts';
import { loadConfig } from '@fantarift/server/src/config/env.ts';
import type { Database } from '@fantarift/server/src/db/client.ts';
import { Mailer } from '@fantarift/server/src/modules/mail/index.ts';
import { NotificationScheduler, PushSender } from '@fantarift/server/src/modules/notifications/index.ts';
import { createLeague } from '@fantarift/server/src/seed/factories.ts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openBenchDatabase } from '../lib/pg.ts';
import { peakRssMiB, resetPeakRss, rssMiB } from '../lib/process.ts';
import { round, timed } from '../lib/stats.ts';
import type { Metric, Suite, SuiteContext } from './types.ts';

/** issue 33: every reminder due at one minute handed to the mailer within this, by one instance */
const TARGET_S = 60;
const TARGET_RSS_MIB = 1024;

const quiet = {
  level: 'silent',
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return quiet;
  },
} as unknown as FastifyBaseLogger;

/** An instance of the scheduler with a pool of its own, as a server process has. */
function instance(url: string) {
  const handle = openBenchDatabase(url, 9);
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: url });
  const deps = {
    db: handle.db,
    config,
    mailer: new Mailer(config, handle.db, quiet),
    push: new PushSender(config),
    log: quiet,
  };
  return { scheduler: new NotificationScheduler(deps, 60_000), close: () => handle.close() };
}

/**
 * `users` players in a league whose market blocks at 17:00 (Rome), every one with the 2-hour reminder's
 * e-mail on: the moment is 15:00, when all of them are due at once.
 */
async function world(db: Database, tag: string, users: number) {
  const league = await createLeague(db, {
    name: `Notifiche ${tag}`,
    type: 'LEC',
    marketBlockTimezone: 'Europe/Rome',
    marketBlockStartTime: '17:00',
    marketBlockEndTime: '23:00',
  });
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

async function handedOver(db: Database, leagueId: string) {
  const { rows } = await db.execute<{ messages: number; sent: number; mails: number; twice: number }>(sql`
    select count(*)::int as messages, count(*) filter (where n.status = 'sent')::int as sent,
      count(distinct n.mail_id)::int as mails,
      (select count(*)::int from (select user_id from notifications where kind = 'market_block_2h'
        and target like ${`${leagueId}:%`} group by user_id having count(*) > 1) d) as twice
    from notifications n where n.kind = 'market_block_2h' and n.target like ${`${leagueId}:%`}`);
  return rows[0]!;
}

async function measure(ctx: SuiteContext, users: number, instances: number) {
  const tag = `${users}x${instances}`;
  ctx.log(`notifications ${tag}: ${users.toLocaleString('en')} players, generating (set-based)`);
  const gen = await timed(() => world(ctx.db, tag, users));
  ctx.log(`notifications ${tag}: generated in ${round(gen.ms / 1000, 1)} s`);
  const leagueId = gen.value;
  const all = Array.from({ length: instances }, () => instance(ctx.benchUrl));
  // 15:00 in Rome on a winter day: 2 hours before the 17:00 block
  const now = new Date('2027-01-13T14:00:00Z');
  resetPeakRss(process.pid);
  const before = rssMiB(process.pid);
  try {
    const t = await timed(() => Promise.all(all.map((i) => i.scheduler.tick(now))));
    const seconds = t.ms / 1000;
    const counts = await handedOver(ctx.db, leagueId);
    const peak = peakRssMiB(process.pid);
    ctx.log(
      `notifications ${tag}: ${counts.sent.toLocaleString('en')} of ${counts.messages.toLocaleString('en')} handed to the mailer in ${round(seconds, 1)} s (${counts.mails.toLocaleString('en')} outbox rows, ${counts.twice} players twice); RSS ${round(before)} → peak ${round(peak)} MiB`,
    );
    return { users, instances, seconds, ...counts, rssBefore: before, rssPeak: peak, perInstance: t.value };
  } finally {
    await Promise.all(all.map((i) => i.close()));
    await ctx.db.execute(sql`delete from leagues where id = ${leagueId}`);
  }
}

export const notificationsSuite: Suite = {
  name: 'notifications',
  issue: '#33',
  description:
    'the 2-hour market reminder due at one minute for every player of a league: planned and handed to the mailer (outbox) by one instance, then by two at once',
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
        value: two.twice + (two.mails - two.sent),
        unit: '',
        target: '0',
        pass: two.twice === 0 && two.mails === two.sent && two.sent === users,
      },
      {
        key: `notifications_rss_peak_${label}_mib`,
        label: `the process's peak RSS while one instance sends (${label})`,
        value: round(one.rssPeak),
        unit: 'MiB',
        ...(target ? { target: `< ${TARGET_RSS_MIB} MiB`, pass: one.rssPeak < TARGET_RSS_MIB } : {}),
      },
    ];
    return {
      metrics,
      notes: [
        'in-process: the scheduler as the server runs it (planning + e-mail batches of 2,000 claimed with FOR UPDATE SKIP LOCKED), each instance with its own pool of 9 connections; the RSS is the bench process, which holds both instances in the two-instance run',
        '"handed to the mailer" = the outbox row written and the message marked sent (no SMTP here: SMTP delivery is the mailer\'s own pace)',
        `one instance: ${one.sent} sent, ${one.mails} outbox rows; two: ${two.sent} sent, ${two.mails} outbox rows, split ${JSON.stringify(two.perInstance.map((p) => p.email))}`,
      ],
      details: { one, two },
    };
  },
};

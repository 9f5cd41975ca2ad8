import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Points are kept as numeric so that sums of 0.1-rounded values never drift; drizzle maps them to numbers.
const points = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

const inList = (column: string, values: readonly (string | number)[]) =>
  sql.raw(
    `${column} in (${values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`)).join(', ')})`,
  );

export const LEAGUE_TYPE_VALUES = [
  'LCK',
  'LPL',
  'LEC',
  'LTA North',
  'World Championship',
  'MSI',
  'First Stand',
  'International',
] as const;
export const LEAGUE_STATUS_VALUES = ['Upcoming', 'Active', 'Completed'] as const;
export const ROLE_VALUES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const;
export const CURRENCY_VALUES = ['PandaCoin', 'BurroCoin'] as const;
export const TRANSACTION_TYPES = [
  'StartingBalance',
  'BuyPlayer',
  'SellPlayer',
  'BuyChampion',
  'SellChampion',
  'WeeklyReward',
  'WeeklyRewardEdit',
  'ThresholdBonus',
  'AdminDistribution',
  'AdminAdjustment',
  'Restore',
] as const;
export const REWARD_TIER_VALUES = ['Top 3', 'Top 10', 'Top Half', 'Bottom Half'] as const;

// ---------------------------------------------------------------- accounts

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // e-mails are stored canonical (lib/email.ts) and compared by equality, never through lower()
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    check('users_username_length', sql`char_length(${t.username}) between 3 and 30`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // sha256 of the cookie token: a stolen database never yields a usable cookie
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_tokens_user_idx').on(t.userId),
    check('auth_tokens_kind', sql`${t.kind} in ('confirm_email', 'reset_password')`),
  ],
);

// Fixed-window counters shared by every server instance (no rate-limit state in process memory).
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    // login throttling (modules/auth/throttle.ts)
    inFlight: integer('in_flight').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    nextAt: timestamp('next_at', { withTimezone: true }),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);

// Browsers that logged in to an account before (cookie fr_device, stored hashed) skip its backoff.
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] }), index('trusted_devices_user_idx').on(t.userId)],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  // extra headers (the notifications' List-Unsubscribe, RFC 8058: migration 0021)
  headers: jsonb('headers').$type<Record<string, string>>(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- leagues

export const leagues = pgTable(
  'leagues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull().default('Upcoming'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    teams: text('teams').array().notNull().default(sql`'{}'::text[]`),
    marketOpen: boolean('market_open').notNull().default(false),
    rulesRequired: boolean('rules_required').notNull().default(false),
    rulesText: text('rules_text'),
    marketBlockTimezone: text('market_block_timezone').notNull().default('UTC'),
    marketBlockStartTime: text('market_block_start_time'),
    marketBlockEndTime: text('market_block_end_time'),
    // kept by statement-level triggers on rosters (migration 0001), so the leaderboard never counts rows
    participantCount: integer('participant_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('leagues_type', inList('type', LEAGUE_TYPE_VALUES)),
    check('leagues_status', inList('status', LEAGUE_STATUS_VALUES)),
    check('leagues_dates', sql`${t.startDate} <= ${t.endDate}`),
    check(
      'leagues_market_block_both_or_neither',
      sql`(${t.marketBlockStartTime} is null) = (${t.marketBlockEndTime} is null)`,
    ),
    check(
      'leagues_market_block_format',
      sql`(${t.marketBlockStartTime} is null or ${t.marketBlockStartTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$') and (${t.marketBlockEndTime} is null or ${t.marketBlockEndTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')`,
    ),
    check('leagues_rules_text_length', sql`char_length(coalesce(${t.rulesText}, '')) <= 10000`),
    index('leagues_name_idx').on(t.name),
  ],
);

export const leaguePhases = pgTable(
  'league_phases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    phaseName: text('phase_name').notNull(),
    phaseOrder: integer('phase_order').notNull(),
    teamCount: integer('team_count').notNull(),
    startDate: date('start_date'),
    endDate: date('end_date'),
    participatingTeams: text('participating_teams').array().notNull().default(sql`'{}'::text[]`),
    isCurrent: boolean('is_current').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('league_phases_name_key').on(t.leagueId, t.phaseName),
    uniqueIndex('league_phases_one_current').on(t.leagueId).where(sql`${t.isCurrent}`),
    index('league_phases_league_order_idx').on(t.leagueId, t.phaseOrder),
    check('league_phases_team_count', sql`${t.teamCount} >= 2`),
    check(
      'league_phases_teams_within_count',
      sql`coalesce(array_length(${t.participatingTeams}, 1), 0) <= ${t.teamCount}`,
    ),
  ],
);

export const leagueRulesAcceptance = pgTable(
  'league_rules_acceptance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    rulesVersion: text('rules_version').notNull().default('v1'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('league_rules_acceptance_key').on(t.userId, t.leagueId, t.rulesVersion)],
);

// ---------------------------------------------------------------- catalogue

export const players = pgTable(
  'players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    team: text('team').notNull().default('Free Agent'),
    role: text('role').notNull(),
    tier: integer('tier').notNull(),
    cost: integer('cost').notNull(),
    region: text('region'),
    imageUrl: text('image_url'),
    performanceUrl: text('performance_url'),
    // Oracle's Elixir `playerid` (oe:player:<hash>): stays when the file renames the player or his team
    oePlayerId: text('oe_player_id'),
    // a small number for the packed roster lineups (roster_lineups, migration 0016)
    num: integer('num').notNull().generatedByDefaultAsIdentity(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('players_num_key').on(t.num),
    check('players_role', inList('role', ROLE_VALUES)),
    check('players_tier', sql`${t.tier} between 1 and 5`),
    check('players_cost', sql`${t.cost} between 1 and 5`),
    index('players_team_idx').on(t.team),
    index('players_tier_name_idx').on(t.tier, t.name),
    uniqueIndex('players_oe_player_id_key').on(t.oePlayerId).where(sql`${t.oePlayerId} is not null`),
  ],
);

// A file's team name (Oracle's Elixir) that an admin mapped to one of the league's teams, remembered for
// the next import; `alias_key` is the name without case, spaces or punctuation.
export const teamAliases = pgTable(
  'team_aliases',
  {
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    aliasKey: text('alias_key').notNull(),
    alias: text('alias').notNull(),
    teamName: text('team_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'team_aliases_pk', columns: [t.leagueId, t.aliasKey] }),
    check('team_aliases_alias_length', sql`char_length(${t.alias}) between 1 and 200`),
  ],
);

export const champions = pgTable(
  'champions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    tier: integer('tier').notNull(),
    cost: integer('cost').notNull(),
    roles: text('roles').array().notNull(),
    imageUrl: text('image_url'),
    // a small number for the packed roster lineups (roster_lineups, migration 0016)
    num: integer('num').notNull().generatedByDefaultAsIdentity(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('champions_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('champions_num_key').on(t.num),
    check('champions_tier', sql`${t.tier} between 1 and 6`),
    // the cost is never typed by hand: tier for 1-5, 15 for Premium (tier 6)
    check('champions_cost', sql`${t.cost} = case when ${t.tier} = 6 then 15 else ${t.tier} end`),
    check('champions_roles_not_empty', sql`cardinality(${t.roles}) >= 1`),
    check('champions_roles_valid', sql`${t.roles} <@ array['Top','Jungle','Mid','ADC','Support']::text[]`),
  ],
);

export const championLeaguePerformances = pgTable(
  'champion_league_performances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    championId: uuid('champion_id')
      .notNull()
      .references(() => champions.id, { onDelete: 'cascade' }),
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    performanceUrl: text('performance_url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('champion_league_performances_key').on(t.championId, t.leagueId)],
);

// ---------------------------------------------------------------- rosters and the ledger

export const rosters = pgTable(
  'rosters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    // copied from the user (usernames never change): the leaderboard's tie order, without a join
    username: text('username').notNull(),
    pandaCoin: integer('panda_coin').notNull(),
    burroCoin: integer('burro_coin').notNull(),
    // Counters kept by the same guarded UPDATE that moves the coins, so limits hold under any concurrency.
    playerCount: integer('player_count').notNull().default(0),
    championCount: integer('champion_count').notNull().default(0),
    // total_points = sum(roster_week_points) + points_adjustment (DECISIONS 15). Deliberately in no
    // index, and the table has room on each page (fillfactor 50, migration 0003): a match save moves
    // the totals of most of a league's rosters, and so each is updated in place (HOT) with no index
    // write. The leaderboard orders them in memory instead (modules/leaderboard).
    totalPoints: points('total_points').notNull().default(0),
    pointsAdjustment: points('points_adjustment').notNull().default(0),
    // a number of its own, given at insert: the standings' packed changes name rosters by it (points-log.ts)
    seq: bigint('seq', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rosters_user_league_key').on(t.userId, t.leagueId),
    // a league's rosters, newest last: the leaderboard's version of the league's membership (leaderboard/points-version.ts)
    index('rosters_league_idx').on(t.leagueId, t.createdAt),
    // a range of a league's roster numbers: the fold's parts of a match change (points-fold.ts, migration 0015)
    index('rosters_league_seq_idx').on(t.leagueId, t.seq),
    check('rosters_panda_coin_non_negative', sql`${t.pandaCoin} >= 0`),
    check('rosters_burro_coin_non_negative', sql`${t.burroCoin} >= 0`),
    check('rosters_player_count', sql`${t.playerCount} between 0 and 5`),
    check('rosters_champion_count', sql`${t.championCount} between 0 and 8`),
  ],
);

export const rosterPlayers = pgTable(
  'roster_players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rosterId: uuid('roster_id')
      .notNull()
      .references(() => rosters.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    // copied from the roster (a roster never changes league): lets points queries stay within a league
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    pricePaid: integer('price_paid').notNull(),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('roster_players_held_once').on(t.rosterId, t.playerId).where(sql`${t.releasedAt} is null`),
    index('roster_players_league_player_idx').on(t.leagueId, t.playerId, t.acquiredAt),
    index('roster_players_roster_idx').on(t.rosterId, t.playerId),
    // how many rosters of a league hold a player now (ownership %): an index-only count (migration 0009)
    index('roster_players_league_player_held_idx')
      .on(t.leagueId, t.playerId)
      .where(sql`${t.releasedAt} is null`),
    check('roster_players_price', sql`${t.pricePaid} >= 0`),
    check('roster_players_period', sql`${t.releasedAt} is null or ${t.releasedAt} >= ${t.acquiredAt}`),
  ],
);

export const rosterChampions = pgTable(
  'roster_champions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rosterId: uuid('roster_id')
      .notNull()
      .references(() => rosters.id, { onDelete: 'cascade' }),
    championId: uuid('champion_id')
      .notNull()
      .references(() => champions.id, { onDelete: 'cascade' }),
    // copied from the roster (a roster never changes league): lets points queries stay within a league
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    pricePaid: integer('price_paid').notNull(),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('roster_champions_held_once')
      .on(t.rosterId, t.championId)
      .where(sql`${t.releasedAt} is null`),
    index('roster_champions_league_champion_idx').on(t.leagueId, t.championId, t.acquiredAt),
    index('roster_champions_roster_idx').on(t.rosterId, t.championId),
    check('roster_champions_price', sql`${t.pricePaid} >= 0`),
    check('roster_champions_period', sql`${t.releasedAt} is null or ${t.releasedAt} >= ${t.acquiredAt}`),
  ],
);

/**
 * What each roster holds now, in one row (migration 0016, written only by triggers on the holdings): its
 * players' and champions' numbers (`players.num`, `champions.num`), and the three packed together
 * (`roster_lineup_packed`); `changed_at` is the latest moment any of its holdings changed at. A match save in a big league reads these
 * rows instead of every holding of the match's players and champions (lineup-deltas.ts).
 */
export const rosterLineups = pgTable(
  'roster_lineups',
  {
    rosterId: uuid('roster_id')
      .primaryKey()
      .references(() => rosters.id, { onDelete: 'cascade' }),
    leagueId: uuid('league_id').notNull(),
    rosterSeq: bigint('roster_seq', { mode: 'number' }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    players: integer('players').array().notNull(),
    champions: integer('champions').array().notNull(),
    // generated: roster_lineup_packed(roster_seq, players, champions)
    packed: bytea('packed'),
    // the roster's two latest captain choices, kept by triggers (migration 0031): read by a big league's save
    captainChoices: bytea('captain_choices'),
    captainPriorWeek: integer('captain_prior_week'),
  },
  (t) => [
    index('roster_lineups_league_idx').on(t.leagueId),
    index('roster_lineups_captain_prior_idx')
      .on(t.leagueId, t.captainPriorWeek)
      .where(sql`${t.captainPriorWeek} is not null`),
  ],
);

// Append-only coin ledger: a roster's balance in a currency always equals the sum of `amount`.
export const transactions = pgTable(
  'transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rosterId: uuid('roster_id')
      .notNull()
      .references(() => rosters.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    itemId: uuid('item_id'),
    itemName: text('item_name'),
    // signed change of the balance: negative for a purchase, positive for a refund or a credit
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    adminUserId: uuid('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_roster_idx').on(t.rosterId, t.createdAt),
    index('transactions_user_idx').on(t.userId, t.createdAt),
    index('transactions_league_time_idx').on(t.leagueId, t.createdAt),
    // foreign keys are indexed so deleting a user or a roster never scans the whole table per row
    index('transactions_admin_user_idx').on(t.adminUserId).where(sql`${t.adminUserId} is not null`),
    check('transactions_type', inList('type', TRANSACTION_TYPES)),
    check('transactions_currency', inList('currency', CURRENCY_VALUES)),
  ],
);

// ---------------------------------------------------------------- season: weeks, matches, statistics

export const weeks = pgTable(
  'weeks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    weekNumber: integer('week_number').notNull(),
    name: text('name').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isClosed: boolean('is_closed').notNull().default(false),
    rewardsDistributed: boolean('rewards_distributed').notNull().default(false),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('weeks_league_number_key').on(t.leagueId, t.weekNumber),
    check('weeks_number', sql`${t.weekNumber} >= 1`),
    check('weeks_dates', sql`${t.startDate} < ${t.endDate}`),
  ],
);

export const matches = pgTable(
  'matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    weekId: uuid('week_id')
      .notNull()
      .references(() => weeks.id, { onDelete: 'cascade' }),
    team1: text('team1').notNull(),
    team2: text('team2').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    matchDay: integer('match_day').notNull().default(1),
    matchFormat: integer('match_format').notNull().default(1),
    completed: boolean('completed').notNull().default(false),
    gamesPlayed: integer('games_played'),
    winner: text('winner'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('matches_week_date_idx').on(t.weekId, t.date),
    index('matches_league_date_idx').on(t.leagueId, t.date),
    check('matches_format', sql`${t.matchFormat} in (1, 3, 5)`),
    check('matches_match_day', sql`${t.matchDay} between 1 and 100`),
    check('matches_teams_differ', sql`${t.team1} <> ${t.team2}`),
    check(
      'matches_games_played',
      sql`${t.gamesPlayed} is null or ${t.gamesPlayed} between 1 and ${t.matchFormat}`,
    ),
    check('matches_winner', sql`${t.winner} is null or ${t.winner} in (${t.team1}, ${t.team2})`),
  ],
);

export const matchGames = pgTable(
  'match_games',
  {
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    gameNumber: integer('game_number').notNull(),
    winner: text('winner'),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.gameNumber] }),
    check('match_games_number', sql`${t.gameNumber} between 1 and 5`),
  ],
);

export const playerStats = pgTable(
  'player_stats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    gameNumber: integer('game_number').notNull(),
    // the team the player played for in this match (players can move team later)
    teamName: text('team_name').notNull(),
    championId: uuid('champion_id').references(() => champions.id, { onDelete: 'set null' }),
    kills: integer('kills').notNull().default(0),
    deaths: integer('deaths').notNull().default(0),
    assists: integer('assists').notNull().default(0),
    cs: integer('cs').notNull().default(0),
    doubleKills: integer('double_kills').notNull().default(0),
    tripleKills: integer('triple_kills').notNull().default(0),
    quadraKills: integer('quadra_kills').notNull().default(0),
    pentaKills: integer('penta_kills').notNull().default(0),
    jungleSteals: integer('jungle_steals').notNull().default(0),
    mvp: boolean('mvp').notNull().default(false),
    points: points('points'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('player_stats_key').on(t.matchId, t.playerId, t.gameNumber),
    index('player_stats_player_idx').on(t.playerId),
    check('player_stats_game_number', sql`${t.gameNumber} between 1 and 5`),
    check(
      'player_stats_non_negative',
      sql`${t.kills} >= 0 and ${t.deaths} >= 0 and ${t.assists} >= 0 and ${t.cs} >= 0 and ${t.doubleKills} >= 0 and ${t.tripleKills} >= 0 and ${t.quadraKills} >= 0 and ${t.pentaKills} >= 0 and ${t.jungleSteals} >= 0`,
    ),
  ],
);

export const teamObjectives = pgTable(
  'team_objectives',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    gameNumber: integer('game_number').notNull(),
    teamName: text('team_name').notNull(),
    dragons: integer('dragons').notNull().default(0),
    barons: integer('barons').notNull().default(0),
    elders: integer('elders').notNull().default(0),
    heralds: integer('heralds').notNull().default(0),
    towers: integer('towers').notNull().default(0),
    larvas: integer('larvas').notNull().default(0),
    firstBlood: boolean('first_blood').notNull().default(false),
    firstDrake: boolean('first_drake').notNull().default(false),
    firstBaron: boolean('first_baron').notNull().default(false),
    firstHerald: boolean('first_herald').notNull().default(false),
    firstElder: boolean('first_elder').notNull().default(false),
    firstTower: boolean('first_tower').notNull().default(false),
    athakan: boolean('athakan').notNull().default(false),
  },
  (t) => [
    uniqueIndex('team_objectives_key').on(t.matchId, t.gameNumber, t.teamName),
    check('team_objectives_dragons', sql`${t.dragons} between 0 and 4`),
    check('team_objectives_heralds', sql`${t.heralds} between 0 and 1`),
    check(
      'team_objectives_non_negative',
      sql`${t.barons} >= 0 and ${t.elders} >= 0 and ${t.towers} >= 0 and ${t.larvas} >= 0`,
    ),
  ],
);

export const seriesMvp = pgTable('series_mvp', {
  id: uuid('id').primaryKey().defaultRandom(),
  matchId: uuid('match_id')
    .notNull()
    .unique('series_mvp_match_key')
    .references(() => matches.id, { onDelete: 'cascade' }),
  playerId: uuid('player_id')
    .notNull()
    .references(() => players.id, { onDelete: 'cascade' }),
  leagueId: uuid('league_id')
    .notNull()
    .references(() => leagues.id, { onDelete: 'cascade' }),
  weekId: uuid('week_id')
    .notNull()
    .references(() => weeks.id, { onDelete: 'cascade' }),
  matchDay: integer('match_day'),
  createdAt: createdAt(),
});

export const scoringRules = pgTable(
  'scoring_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // null = the global rules; a league row overrides them for that league (DECISIONS 16)
    leagueId: uuid('league_id').references(() => leagues.id, { onDelete: 'cascade' }),
    killPoints: points('kill_points'),
    assistPoints: points('assist_points'),
    deathPoints: points('death_points'),
    csPointsPer10: points('cs_points_per_10'),
    mvpPoints: points('mvp_points'),
    gameMvpPoints: points('game_mvp_points'),
    dragonPoints: points('dragon_points'),
    baronPoints: points('baron_points'),
    elderPoints: points('elder_points'),
    heraldPoints: points('herald_points'),
    towerPoints: points('tower_points'),
    firstBloodPoints: points('first_blood_points'),
    firstObjectivePoints: points('first_objective_points'),
    firstTowerPoints: points('first_tower_points'),
    athakanPoints: points('athakan_points'),
    larvaPoints: points('larva_points'),
    doubleKillPoints: points('double_kill_points'),
    tripleKillPoints: points('triple_kill_points'),
    quadraKillPoints: points('quadra_kill_points'),
    pentaKillPoints: points('penta_kill_points'),
    seriesMvpPoints: points('series_mvp_points'),
    junglerStealBonus: points('jungler_steal_bonus'),
    burroRewardThreshold: points('burro_reward_threshold'),
    burroRewardAmount: integer('burro_reward_amount'),
    zeroDeathsBonus: points('zero_deaths_bonus'),
    championWinBonusEnabled: boolean('champion_win_bonus_enabled'),
    perfectSeriesBonus: points('perfect_series_bonus'),
    championMatchBonus: points('champion_match_bonus'),
    captainMultiplier: numeric('captain_multiplier', { precision: 2, scale: 1, mode: 'number' }).$type<
      1 | 1.5 | 2
    >(),
    viceCaptainEnabled: boolean('vice_captain_enabled'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('scoring_rules_league_key').on(t.leagueId).where(sql`${t.leagueId} is not null`),
    check(
      'scoring_rules_captain_multiplier',
      sql`${t.captainMultiplier} is null or ${t.captainMultiplier} in (1, 1.5, 2)`,
    ),
    uniqueIndex('scoring_rules_global_key')
      .on(sql`(${t.leagueId} is null)`)
      .where(sql`${t.leagueId} is null`),
  ],
);

// A roster's captain and vice for a week (issue 29, migration 0018): the week it counts for, fixed by the
// server's clock when it is made, and in force for the weeks after until a choice for a later week.
export const rosterCaptains = pgTable(
  'roster_captains',
  {
    rosterId: uuid('roster_id')
      .notNull()
      .references(() => rosters.id, { onDelete: 'cascade' }),
    weekId: uuid('week_id')
      .notNull()
      .references(() => weeks.id, { onDelete: 'cascade' }),
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    captainPlayerId: uuid('captain_player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    vicePlayerId: uuid('vice_player_id').references(() => players.id, { onDelete: 'set null' }),
    chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
    // the roster's number (rosters.seq), set by a trigger on insert (migration 0025): a match save reads a big
    // league's choices by number without a join with its rosters
    rosterSeq: bigint('roster_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'roster_captains_pkey', columns: [t.rosterId, t.weekId] }),
    index('roster_captains_league_captain_idx').on(t.leagueId, t.captainPlayerId),
    index('roster_captains_league_vice_idx')
      .on(t.leagueId, t.vicePlayerId)
      .where(sql`${t.vicePlayerId} is not null`),
    index('roster_captains_week_idx').on(t.weekId),
    check(
      'roster_captains_two_players',
      sql`${t.vicePlayerId} is null or ${t.vicePlayerId} <> ${t.captainPlayerId}`,
    ),
  ],
);

// Points of each roster for each week (DECISIONS 15): totals are their sum plus the admin adjustment.
// Keyed week first: a match changes one week's rows, which sit together (and, with the table's
// fillfactor, are updated in place: HOT, no index writes). No per-row foreign keys: their two checks a row
// would be most of the cost of a full recalculation (docs/leaderboard-at-scale.md); the deletes of a roster
// or week cascade through statement-level triggers (migration 0002), and rows are only written by the
// scoring engine from existing rosters and weeks.
export const rosterWeekPoints = pgTable(
  'roster_week_points',
  {
    rosterId: uuid('roster_id').notNull(),
    weekId: uuid('week_id').notNull(),
    points: points('points').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.weekId, t.rosterId] })],
);

// History of admin changes to a roster's total (manual edits, restores), so past leaderboards can be rebuilt.
export const rosterPointAdjustments = pgTable(
  'roster_point_adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rosterId: uuid('roster_id')
      .notNull()
      .references(() => rosters.id, { onDelete: 'cascade' }),
    // the roster's league, so the leaderboard finds a league's new adjustments by a range (standings.ts)
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    delta: points('delta').notNull(),
    reason: text('reason').notNull(),
    adminUserId: uuid('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('roster_point_adjustments_roster_idx').on(t.rosterId, t.createdAt),
    index('roster_point_adjustments_league_idx').on(t.leagueId, t.id),
    index('roster_point_adjustments_admin_idx').on(t.adminUserId).where(sql`${t.adminUserId} is not null`),
  ],
);

// Append-only log of every change of the rosters' totals caused by points (matches, recalculations), so the
// leaderboard at any past moment can be rebuilt; admin adjustments are in roster_point_adjustments. One row
// per event (a match saved, a recalculation) with the changed rosters and their deltas side by side in two
// arrays: a match that moves 67,000 rosters appends one row, not 67,000.
export const rosterPointsLedger = pgTable(
  'roster_points_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    rosterIds: uuid('roster_ids').array().notNull(),
    deltas: points('deltas').array().notNull(),
    // the same changes for the leaderboard's standings (standings.ts): per roster, the first 8 bytes of its
    // id and the delta in cents as int4, 12 bytes each; null when a delta does not fit, then readers rebuild
    packed: bytea('packed'),
    reason: text('reason').notNull(),
    // a match change too big to rewrite in its own transaction commits as a pending event: its week (the
    // rows it adds to) and `pending` until the fold has written its week rows and totals (points-fold.ts)
    weekId: uuid('week_id'),
    pending: boolean('pending').notNull().default(false),
    // the fold writes a pending event's week rows at once, then its totals a part of the rosters at a time:
    // the highest roster number written so far
    weeksFolded: boolean('weeks_folded').notNull().default(false),
    foldedThrough: bigint('folded_through', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index('roster_points_ledger_league_idx').on(t.leagueId, t.createdAt),
    index('roster_points_ledger_pending_idx').on(t.leagueId, t.id).where(sql`${t.pending}`),
  ],
);

export const weeklyBurrocoinRewards = pgTable(
  'weekly_burrocoin_rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    weekNumber: integer('week_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rosterId: uuid('roster_id')
      .notNull()
      .references(() => rosters.id, { onDelete: 'cascade' }),
    userPosition: integer('user_position').notNull(),
    rewardTier: text('reward_tier').notNull(),
    totalPoints: points('total_points').notNull(),
    rewardAmount: integer('reward_amount').notNull(),
    // the threshold bonus paid with the tier reward (DECISIONS 19), 0 when the week's points missed it
    bonusAmount: integer('bonus_amount').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('weekly_burrocoin_rewards_key').on(t.leagueId, t.weekNumber, t.userId),
    index('weekly_burrocoin_rewards_league_week_idx').on(t.leagueId, t.weekNumber, t.userPosition),
    index('weekly_burrocoin_rewards_roster_idx').on(t.rosterId),
    index('weekly_burrocoin_rewards_user_idx').on(t.userId),
    check('weekly_burrocoin_rewards_tier', inList('reward_tier', REWARD_TIER_VALUES)),
    check('weekly_burrocoin_rewards_amount', sql`${t.rewardAmount} >= 0`),
    check('weekly_burrocoin_rewards_bonus', sql`${t.bonusAmount} >= 0`),
    check('weekly_burrocoin_rewards_position', sql`${t.userPosition} >= 1`),
    check('weekly_burrocoin_rewards_week', sql`${t.weekNumber} >= 1`),
  ],
);

export const rosterSnapshots = pgTable(
  'roster_snapshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rosterId: uuid('roster_id').references(() => rosters.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    phaseId: uuid('phase_id').references(() => leaguePhases.id, { onDelete: 'set null' }),
    phaseName: text('phase_name'),
    snapshotDate: timestamp('snapshot_date', { withTimezone: true }).notNull().defaultNow(),
    snapshotType: text('snapshot_type').notNull(),
    rosterData: jsonb('roster_data').notNull(),
    // the rows taken together (one phase activation): a restore finds its batch by this id, as the moment
    // read into JavaScript keeps milliseconds and the database's microseconds would not match it (migration
    // 0017). No default: a default would give each row of one insert its own batch.
    batchId: uuid('batch_id').notNull(),
  },
  (t) => [
    index('roster_snapshots_league_date_idx').on(t.leagueId, t.snapshotDate),
    index('roster_snapshots_batch_idx').on(t.batchId),
    index('roster_snapshots_roster_idx').on(t.rosterId),
    index('roster_snapshots_user_idx').on(t.userId),
  ],
);

export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminUserId: uuid('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    tableName: text('table_name').notNull(),
    recordId: text('record_id'),
    oldValues: jsonb('old_values'),
    newValues: jsonb('new_values'),
    severity: text('severity'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_log_time_idx').on(t.createdAt),
    index('admin_audit_log_admin_idx').on(t.adminUserId),
    check(
      'admin_audit_log_severity',
      sql`${t.severity} is null or ${t.severity} in ('LOW', 'MEDIUM', 'HIGH', 'CRITICAL')`,
    ),
  ],
);

// ---------------------------------------------------------------- long admin work (issue 16)

/**
 * One row per recalculation or import: its phase and counters while it runs, its result after. At most
 * one running job per (league, kind): the partial unique index makes a second start fail atomically.
 */
export const adminJobs = pgTable(
  'admin_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedByName: text('started_by_name').notNull(),
    status: text('status').notNull().default('running'),
    phase: text('phase').notNull().default(''),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    message: text('message'),
    result: jsonb('result'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('admin_jobs_kind', sql`${t.kind} in ('recalculation', 'import')`),
    check('admin_jobs_status', sql`${t.status} in ('running', 'done', 'failed')`),
    check('admin_jobs_progress', sql`${t.done} >= 0 and ${t.done} <= ${t.total}`),
    check('admin_jobs_finished', sql`(${t.status} = 'running') = (${t.finishedAt} is null)`),
    uniqueIndex('admin_jobs_one_running').on(t.leagueId, t.kind).where(sql`${t.status} = 'running'`),
    index('admin_jobs_league_kind_idx').on(t.leagueId, t.kind, t.startedAt),
  ],
);

// ---------------------------------------------------------------- private leagues (issue 15)

// A ranking among friends inside an official league: same rosters, same points. Deleting the official
// league, the owner or the owner's roster deletes it (foreign keys cascade).
export const privateLeagues = pgTable(
  'private_leagues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerRosterId: uuid('owner_roster_id')
      .notNull()
      .references(() => rosters.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    inviteCode: text('invite_code').notNull(),
    // joins raise it with a guarded UPDATE (the member limit holds under any concurrency); removals lower
    // it through a statement-level trigger (migration 0011), cascades included
    memberCount: integer('member_count').notNull().default(0),
    // bumped by every change of the members: the private ranking's cache key (private-leagues/ranking.ts)
    membersVersion: bigint('members_version', { mode: 'number' }).notNull().default(0),
    // issue 30 (migration 0019): 'classic' ranks by total points; 'h2h' plays a calendar of match-ups
    format: text('format').notNull().default('classic'),
    h2hRule: text('h2h_rule'),
    h2hBandStart: numeric('h2h_band_start', { precision: 8, scale: 2, mode: 'number' }),
    h2hBandStep: numeric('h2h_band_step', { precision: 8, scale: 2, mode: 'number' }),
    // the members' roster ids in the order the circle method seats them; set when the calendar is
    // generated, after which the members are frozen
    h2hSeats: uuid('h2h_seats').array(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('private_leagues_invite_code_key').on(t.inviteCode),
    index('private_leagues_league_idx').on(t.leagueId, t.createdAt),
    index('private_leagues_owner_idx').on(t.ownerUserId),
    index('private_leagues_owner_roster_idx').on(t.ownerRosterId),
    check('private_leagues_name_length', sql`char_length(${t.name}) between 3 and 50`),
    check('private_leagues_member_count', sql`${t.memberCount} >= 0`),
  ],
);

// Members are rosters of the official league: a roster that leaves it leaves its private leagues.
export const privateLeagueMembers = pgTable(
  'private_league_members',
  {
    privateLeagueId: uuid('private_league_id')
      .notNull()
      .references(() => privateLeagues.id, { onDelete: 'cascade' }),
    rosterId: uuid('roster_id')
      .notNull()
      .references(() => rosters.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.privateLeagueId, t.rosterId] }),
    index('private_league_members_user_idx').on(t.userId),
    index('private_league_members_roster_idx').on(t.rosterId),
  ],
);

// ---------------------------------------------------------------- Leghe Fanta (issue 31, migration 0020)

// A league among friends drafted by a live auction; the row also holds the auction's live state (the lot).
export const fantaLeagues = pgTable(
  'fanta_leagues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    inviteCode: text('invite_code').notNull(),
    budget: integer('budget').notNull().default(500),
    squad: jsonb('squad').$type<Record<'Top' | 'Jungle' | 'Mid' | 'ADC' | 'Support', number>>().notNull(),
    bidSeconds: integer('bid_seconds').notNull().default(15),
    nominationOrder: text('nomination_order').notNull().default('random'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    status: text('status').notNull().default('setup'),
    round: text('round').notNull().default('main'),
    memberCount: integer('member_count').notNull().default(0),
    turnUserId: uuid('turn_user_id').references(() => users.id, { onDelete: 'set null' }),
    lotNo: integer('lot_no').notNull().default(0),
    lotPlayerId: uuid('lot_player_id').references(() => players.id, { onDelete: 'set null' }),
    lotBid: integer('lot_bid'),
    lotBidderUserId: uuid('lot_bidder_user_id').references(() => users.id, { onDelete: 'set null' }),
    lotEndsAt: timestamp('lot_ends_at', { withTimezone: true }),
    lotPausedMs: integer('lot_paused_ms'),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    // the season (issue 32, migration 0022): the captain option and the moment the auction first ended
    captainMultiplier: numeric('captain_multiplier', { precision: 2, scale: 1, mode: 'number' })
      .notNull()
      .default(1),
    viceCaptainEnabled: boolean('vice_captain_enabled').notNull().default(true),
    auctionEndedAt: timestamp('auction_ended_at', { withTimezone: true }),
    // "Classica" or "Scontri diretti" (issue 32, migration 0023), with the result rule as private_leagues'
    format: text('format').notNull().default('classic'),
    h2hRule: text('h2h_rule'),
    h2hBandStart: numeric('h2h_band_start', { precision: 8, scale: 2, mode: 'number' }),
    h2hBandStep: numeric('h2h_band_step', { precision: 8, scale: 2, mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('fanta_leagues_captain_multiplier', sql`${t.captainMultiplier} in (1, 1.5, 2)`),
    check('fanta_leagues_format', sql`${t.format} in ('classic', 'h2h')`),
    uniqueIndex('fanta_leagues_invite_code_key').on(t.inviteCode),
    index('fanta_leagues_league_idx').on(t.leagueId),
    index('fanta_leagues_owner_idx').on(t.ownerUserId),
    index('fanta_leagues_lot_ends_idx')
      .on(t.lotEndsAt)
      .where(sql`${t.status} = 'running' and ${t.lotPlayerId} is not null`),
  ],
);

export const fantaLeagueMembers = pgTable(
  'fanta_league_members',
  {
    fantaLeagueId: uuid('fanta_league_id')
      .notNull()
      .references(() => fantaLeagues.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credits: integer('credits').notNull().default(0),
    turnPos: integer('turn_pos').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.fantaLeagueId, t.userId] }),
    index('fanta_league_members_user_idx').on(t.userId),
    check('fanta_league_members_credits', sql`${t.credits} >= 0`),
  ],
);

export const fantaOwnership = pgTable(
  'fanta_ownership',
  {
    fantaLeagueId: uuid('fanta_league_id').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    role: text('role').notNull(),
    price: integer('price').notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fantaLeagueId, t.playerId] })],
);

export const fantaHistory = pgTable('fanta_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  fantaLeagueId: uuid('fanta_league_id')
    .notNull()
    .references(() => fantaLeagues.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  playerId: uuid('player_id').notNull(),
  userId: uuid('user_id').notNull(),
  price: integer('price').notNull(),
  creditsChange: integer('credits_change').notNull(),
  byUserId: uuid('by_user_id'),
  offline: boolean('offline').notNull().default(false),
  round: text('round').notNull().default('main'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
// ---------------------------------------------------------------- head-to-head calendars (issue 30)

// One round a week of the official league, with the member who rests (odd counts).
export const h2hRounds = pgTable(
  'h2h_rounds',
  {
    privateLeagueId: uuid('private_league_id')
      .notNull()
      .references(() => privateLeagues.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    weekId: uuid('week_id')
      .notNull()
      .references(() => weeks.id, { onDelete: 'cascade' }),
    restingRosterId: uuid('resting_roster_id'),
    restingUserId: uuid('resting_user_id'),
  },
  (t) => [primaryKey({ columns: [t.privateLeagueId, t.round] }), index('h2h_rounds_week_idx').on(t.weekId)],
);

// A round's match-ups and their results, kept from roster_week_points by triggers (migration 0019).
export const h2hFixtures = pgTable(
  'h2h_fixtures',
  {
    privateLeagueId: uuid('private_league_id').notNull(),
    round: integer('round').notNull(),
    slot: smallint('slot').notNull(),
    weekId: uuid('week_id').notNull(),
    homeRosterId: uuid('home_roster_id').notNull(),
    awayRosterId: uuid('away_roster_id').notNull(),
    homeUserId: uuid('home_user_id').notNull(),
    awayUserId: uuid('away_user_id').notNull(),
    homePoints: points('home_points').notNull().default(0),
    awayPoints: points('away_points').notNull().default(0),
    homeGoals: integer('home_goals').notNull().default(0),
    awayGoals: integer('away_goals').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.privateLeagueId, t.round, t.slot] }),
    index('h2h_fixtures_week_idx').on(t.weekId),
  ],
);

// ---------------------------------------------------------------- notifications (issue 33, migrations 0021, 0027)

// Secrets made on the first start (VAPID keys, the unsubscribe links' key), shared by every instance.
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

// A player's choice per kind and channel; no row: the kind's default (packages/core notifications.ts).
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
    push: boolean('push').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'notification_preferences_pkey', columns: [t.userId, t.kind] }),
    index('notification_preferences_kind_idx').on(t.kind, t.userId).where(sql`${t.email} or ${t.push}`),
  ],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    check('push_subscriptions_endpoint_length', sql`char_length(${t.endpoint}) <= 2048`),
  ],
);

// Each reminder event fanned out once (modules/notifications/planner.ts), in chunks of players by user id
// (migration 0027): the last one planned, and whether all are.
export const notificationEvents = pgTable(
  'notification_events',
  {
    kind: text('kind').notNull(),
    target: text('target').notNull(),
    plannedAt: timestamp('planned_at', { withTimezone: true }).notNull().defaultNow(),
    plannedThrough: uuid('planned_through'),
    done: boolean('done').notNull().default(true),
  },
  (t) => [primaryKey({ name: 'notification_events_pkey', columns: [t.kind, t.target] })],
);

// One message for one player on one channel, written once and never updated (migration 0027; no foreign
// key to users: a trigger on users deletes a deleted player's messages). Unique per (event, player,
// channel): the event is `notification_event_key(kind, target)`, 64 bits of SHA-256. An e-mail's outbox row
// is `notification_mail_id(id)`.
export const notificationMessages = pgTable(
  'notification_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    target: text('target').notNull(),
    channel: text('channel').notNull(),
    payload: jsonb('payload').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    eventKey: bigint('event_key', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_messages_once_key').on(t.eventKey, t.userId, t.channel),
    check('notification_messages_channel', sql`${t.channel} in ('email', 'push')`),
  ],
);

// A message waiting to go out (modules/notifications/sender.ts): deleted when it is handed over or given up.
export const notificationQueue = pgTable(
  'notification_queue',
  {
    messageId: bigint('message_id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('notification_queue_due_idx').on(t.channel, t.dueAt)],
);

// What became of a message that left the queue.
export const notificationOutcomes = pgTable(
  'notification_outcomes',
  {
    messageId: bigint('message_id', { mode: 'number' }).primaryKey(),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [check('notification_outcomes_status', sql`${t.status} in ('sent', 'failed', 'dropped')`)],
);

// The three above as one row per message (a view: status pending while queued, else the outcome's).
export const notifications = pgView('notifications', {
  id: bigint('id', { mode: 'number' }).notNull(),
  userId: uuid('user_id').notNull(),
  kind: text('kind').notNull(),
  target: text('target').notNull(),
  channel: text('channel').notNull(),
  payload: jsonb('payload').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  status: text('status').notNull(),
  attempts: integer('attempts').notNull(),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  mailId: uuid('mail_id'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}).existing();

// A manager's line-up for a week (issue 32, migration 0022): written only before the week's lock.
export const fantaLineups = pgTable(
  'fanta_lineups',
  {
    fantaLeagueId: uuid('fanta_league_id').notNull(),
    userId: uuid('user_id').notNull(),
    weekId: uuid('week_id')
      .notNull()
      .references(() => weeks.id, { onDelete: 'cascade' }),
    starters: uuid('starters').array().notNull(),
    bench: uuid('bench').array().notNull(),
    captainPlayerId: uuid('captain_player_id'),
    vicePlayerId: uuid('vice_player_id'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.fantaLeagueId, t.userId, t.weekId] })],
);

// ---------------------------------------------------------------- Lega Fanta standings versions (migration 0026)

// Bumped by statement triggers whenever an official league's weeks or scoring rules change (or any player's
// role): the cached Lega Fanta standings on it are stale from then on. Its matches, statistics and series MVPs
// bump their week's version instead (below, migration 0029).
export const leagueSeasonVersions = pgTable('league_season_versions', {
  leagueId: uuid('league_id')
    .primaryKey()
    .references(() => leagues.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

// Bumped by statement triggers (migration 0029) whenever a week's matches, statistics or series MVPs change: the
// week's data kept for the Lega Fanta standings is stale from then on, the other weeks' is not.
export const weekSeasonVersions = pgTable('week_season_versions', {
  weekId: uuid('week_id')
    .primaryKey()
    .references(() => weeks.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

// Bumped by statement triggers whenever a Lega Fanta's members, history or line-ups change, or a member's name.
export const fantaSeasonVersions = pgTable('fanta_season_versions', {
  fantaLeagueId: uuid('fanta_league_id')
    .primaryKey()
    .references(() => fantaLeagues.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

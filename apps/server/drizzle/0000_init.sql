CREATE TABLE "admin_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_user_id" uuid,
	"action" text NOT NULL,
	"table_name" text NOT NULL,
	"record_id" text,
	"old_values" jsonb,
	"new_values" jsonb,
	"severity" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_audit_log_severity" CHECK ("admin_audit_log"."severity" is null or "admin_audit_log"."severity" in ('LOW', 'MEDIUM', 'HIGH', 'CRITICAL'))
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "auth_tokens_kind" CHECK ("auth_tokens"."kind" in ('confirm_email', 'reset_password'))
);
--> statement-breakpoint
CREATE TABLE "champion_league_performances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"champion_id" uuid NOT NULL,
	"league_id" uuid NOT NULL,
	"performance_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "champions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tier" integer NOT NULL,
	"cost" integer NOT NULL,
	"roles" text[] NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "champions_tier" CHECK ("champions"."tier" between 1 and 6),
	CONSTRAINT "champions_cost" CHECK ("champions"."cost" = case when "champions"."tier" = 6 then 15 else "champions"."tier" end),
	CONSTRAINT "champions_roles_not_empty" CHECK (cardinality("champions"."roles") >= 1),
	CONSTRAINT "champions_roles_valid" CHECK ("champions"."roles" <@ array['Top','Jungle','Mid','ADC','Support']::text[])
);
--> statement-breakpoint
CREATE TABLE "league_phases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"league_id" uuid NOT NULL,
	"phase_name" text NOT NULL,
	"phase_order" integer NOT NULL,
	"team_count" integer NOT NULL,
	"start_date" date,
	"end_date" date,
	"participating_teams" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "league_phases_team_count" CHECK ("league_phases"."team_count" >= 2),
	CONSTRAINT "league_phases_teams_within_count" CHECK (coalesce(array_length("league_phases"."participating_teams", 1), 0) <= "league_phases"."team_count")
);
--> statement-breakpoint
CREATE TABLE "league_rules_acceptance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"league_id" uuid NOT NULL,
	"rules_version" text DEFAULT 'v1' NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leagues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'Upcoming' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"teams" text[] DEFAULT '{}'::text[] NOT NULL,
	"market_open" boolean DEFAULT false NOT NULL,
	"rules_required" boolean DEFAULT false NOT NULL,
	"rules_text" text,
	"market_block_timezone" text DEFAULT 'UTC' NOT NULL,
	"market_block_start_time" text,
	"market_block_end_time" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leagues_type" CHECK (type in ('LCK', 'LPL', 'LEC', 'LTA North', 'World Championship', 'MSI', 'First Stand', 'International')),
	CONSTRAINT "leagues_status" CHECK (status in ('Upcoming', 'Active', 'Completed')),
	CONSTRAINT "leagues_dates" CHECK ("leagues"."start_date" <= "leagues"."end_date"),
	CONSTRAINT "leagues_market_block_both_or_neither" CHECK (("leagues"."market_block_start_time" is null) = ("leagues"."market_block_end_time" is null)),
	CONSTRAINT "leagues_market_block_format" CHECK (("leagues"."market_block_start_time" is null or "leagues"."market_block_start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$') and ("leagues"."market_block_end_time" is null or "leagues"."market_block_end_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')),
	CONSTRAINT "leagues_rules_text_length" CHECK (char_length(coalesce("leagues"."rules_text", '')) <= 10000)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_games" (
	"match_id" uuid NOT NULL,
	"game_number" integer NOT NULL,
	"winner" text,
	CONSTRAINT "match_games_match_id_game_number_pk" PRIMARY KEY("match_id","game_number"),
	CONSTRAINT "match_games_number" CHECK ("match_games"."game_number" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"league_id" uuid NOT NULL,
	"week_id" uuid NOT NULL,
	"team1" text NOT NULL,
	"team2" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"match_day" integer DEFAULT 1 NOT NULL,
	"match_format" integer DEFAULT 1 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"games_played" integer,
	"winner" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_format" CHECK ("matches"."match_format" in (1, 3, 5)),
	CONSTRAINT "matches_match_day" CHECK ("matches"."match_day" between 1 and 100),
	CONSTRAINT "matches_teams_differ" CHECK ("matches"."team1" <> "matches"."team2"),
	CONSTRAINT "matches_games_played" CHECK ("matches"."games_played" is null or "matches"."games_played" between 1 and "matches"."match_format"),
	CONSTRAINT "matches_winner" CHECK ("matches"."winner" is null or "matches"."winner" in ("matches"."team1", "matches"."team2"))
);
--> statement-breakpoint
CREATE TABLE "player_stats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"game_number" integer NOT NULL,
	"team_name" text NOT NULL,
	"champion_id" uuid,
	"kills" integer DEFAULT 0 NOT NULL,
	"deaths" integer DEFAULT 0 NOT NULL,
	"assists" integer DEFAULT 0 NOT NULL,
	"cs" integer DEFAULT 0 NOT NULL,
	"double_kills" integer DEFAULT 0 NOT NULL,
	"triple_kills" integer DEFAULT 0 NOT NULL,
	"quadra_kills" integer DEFAULT 0 NOT NULL,
	"penta_kills" integer DEFAULT 0 NOT NULL,
	"jungle_steals" integer DEFAULT 0 NOT NULL,
	"mvp" boolean DEFAULT false NOT NULL,
	"points" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_stats_game_number" CHECK ("player_stats"."game_number" between 1 and 5),
	CONSTRAINT "player_stats_non_negative" CHECK ("player_stats"."kills" >= 0 and "player_stats"."deaths" >= 0 and "player_stats"."assists" >= 0 and "player_stats"."cs" >= 0 and "player_stats"."double_kills" >= 0 and "player_stats"."triple_kills" >= 0 and "player_stats"."quadra_kills" >= 0 and "player_stats"."penta_kills" >= 0 and "player_stats"."jungle_steals" >= 0)
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"team" text DEFAULT 'Free Agent' NOT NULL,
	"role" text NOT NULL,
	"tier" integer NOT NULL,
	"cost" integer NOT NULL,
	"region" text,
	"image_url" text,
	"performance_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_role" CHECK (role in ('Top', 'Jungle', 'Mid', 'ADC', 'Support')),
	CONSTRAINT "players_tier" CHECK ("players"."tier" between 1 and 5),
	CONSTRAINT "players_cost" CHECK ("players"."cost" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_champions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"roster_id" uuid NOT NULL,
	"champion_id" uuid NOT NULL,
	"league_id" uuid NOT NULL,
	"price_paid" integer NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "roster_champions_price" CHECK ("roster_champions"."price_paid" >= 0),
	CONSTRAINT "roster_champions_period" CHECK ("roster_champions"."released_at" is null or "roster_champions"."released_at" >= "roster_champions"."acquired_at")
);
--> statement-breakpoint
CREATE TABLE "roster_players" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"roster_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"league_id" uuid NOT NULL,
	"price_paid" integer NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "roster_players_price" CHECK ("roster_players"."price_paid" >= 0),
	CONSTRAINT "roster_players_period" CHECK ("roster_players"."released_at" is null or "roster_players"."released_at" >= "roster_players"."acquired_at")
);
--> statement-breakpoint
CREATE TABLE "roster_point_adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"roster_id" uuid NOT NULL,
	"delta" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"admin_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_points_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"roster_id" uuid NOT NULL,
	"delta" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"league_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"roster_id" uuid,
	"username" text NOT NULL,
	"phase_id" uuid,
	"phase_name" text,
	"snapshot_date" timestamp with time zone DEFAULT now() NOT NULL,
	"snapshot_type" text NOT NULL,
	"roster_data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_week_points" (
	"roster_id" uuid NOT NULL,
	"week_id" uuid NOT NULL,
	"points" numeric(12, 2) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_week_points_roster_id_week_id_pk" PRIMARY KEY("roster_id","week_id")
);
--> statement-breakpoint
CREATE TABLE "rosters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"league_id" uuid NOT NULL,
	"username" text NOT NULL,
	"panda_coin" integer NOT NULL,
	"burro_coin" integer NOT NULL,
	"player_count" integer DEFAULT 0 NOT NULL,
	"champion_count" integer DEFAULT 0 NOT NULL,
	"total_points" numeric(12, 2) DEFAULT 0 NOT NULL,
	"points_adjustment" numeric(12, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rosters_panda_coin_non_negative" CHECK ("rosters"."panda_coin" >= 0),
	CONSTRAINT "rosters_burro_coin_non_negative" CHECK ("rosters"."burro_coin" >= 0),
	CONSTRAINT "rosters_player_count" CHECK ("rosters"."player_count" between 0 and 5),
	CONSTRAINT "rosters_champion_count" CHECK ("rosters"."champion_count" between 0 and 8)
);
--> statement-breakpoint
CREATE TABLE "scoring_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"league_id" uuid,
	"kill_points" numeric(12, 2),
	"assist_points" numeric(12, 2),
	"death_points" numeric(12, 2),
	"cs_points_per_10" numeric(12, 2),
	"mvp_points" numeric(12, 2),
	"game_mvp_points" numeric(12, 2),
	"dragon_points" numeric(12, 2),
	"baron_points" numeric(12, 2),
	"elder_points" numeric(12, 2),
	"herald_points" numeric(12, 2),
	"tower_points" numeric(12, 2),
	"first_blood_points" numeric(12, 2),
	"first_objective_points" numeric(12, 2),
	"first_tower_points" numeric(12, 2),
	"athakan_points" numeric(12, 2),
	"larva_points" numeric(12, 2),
	"double_kill_points" numeric(12, 2),
	"triple_kill_points" numeric(12, 2),
	"quadra_kill_points" numeric(12, 2),
	"penta_kill_points" numeric(12, 2),
	"series_mvp_points" numeric(12, 2),
	"jungler_steal_bonus" numeric(12, 2),
	"burro_reward_threshold" numeric(12, 2),
	"burro_reward_amount" integer,
	"zero_deaths_bonus" numeric(12, 2),
	"champion_win_bonus_enabled" boolean,
	"perfect_series_bonus" numeric(12, 2),
	"champion_match_bonus" numeric(12, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_mvp" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"league_id" uuid NOT NULL,
	"week_id" uuid NOT NULL,
	"match_day" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_mvp_match_key" UNIQUE("match_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_objectives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL,
	"game_number" integer NOT NULL,
	"team_name" text NOT NULL,
	"dragons" integer DEFAULT 0 NOT NULL,
	"barons" integer DEFAULT 0 NOT NULL,
	"elders" integer DEFAULT 0 NOT NULL,
	"heralds" integer DEFAULT 0 NOT NULL,
	"towers" integer DEFAULT 0 NOT NULL,
	"larvas" integer DEFAULT 0 NOT NULL,
	"first_blood" boolean DEFAULT false NOT NULL,
	"first_drake" boolean DEFAULT false NOT NULL,
	"first_baron" boolean DEFAULT false NOT NULL,
	"first_herald" boolean DEFAULT false NOT NULL,
	"first_elder" boolean DEFAULT false NOT NULL,
	"first_tower" boolean DEFAULT false NOT NULL,
	"athakan" boolean DEFAULT false NOT NULL,
	CONSTRAINT "team_objectives_dragons" CHECK ("team_objectives"."dragons" between 0 and 4),
	CONSTRAINT "team_objectives_heralds" CHECK ("team_objectives"."heralds" between 0 and 1),
	CONSTRAINT "team_objectives_non_negative" CHECK ("team_objectives"."barons" >= 0 and "team_objectives"."elders" >= 0 and "team_objectives"."towers" >= 0 and "team_objectives"."larvas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"roster_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"league_id" uuid NOT NULL,
	"type" text NOT NULL,
	"item_id" uuid,
	"item_name" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"admin_user_id" uuid,
	"note" text,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_type" CHECK (type in ('StartingBalance', 'BuyPlayer', 'SellPlayer', 'BuyChampion', 'SellChampion', 'WeeklyReward', 'WeeklyRewardEdit', 'ThresholdBonus', 'AdminDistribution', 'AdminAdjustment', 'Restore')),
	CONSTRAINT "transactions_currency" CHECK (currency in ('PandaCoin', 'BurroCoin'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"email_confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_length" CHECK (char_length("users"."username") between 3 and 30)
);
--> statement-breakpoint
CREATE TABLE "weekly_burrocoin_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"league_id" uuid NOT NULL,
	"week_number" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"roster_id" uuid NOT NULL,
	"user_position" integer NOT NULL,
	"reward_tier" text NOT NULL,
	"total_points" numeric(12, 2) NOT NULL,
	"reward_amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_burrocoin_rewards_tier" CHECK (reward_tier in ('Top 3', 'Top 10', 'Top Half', 'Bottom Half')),
	CONSTRAINT "weekly_burrocoin_rewards_amount" CHECK ("weekly_burrocoin_rewards"."reward_amount" >= 0),
	CONSTRAINT "weekly_burrocoin_rewards_position" CHECK ("weekly_burrocoin_rewards"."user_position" >= 1),
	CONSTRAINT "weekly_burrocoin_rewards_week" CHECK ("weekly_burrocoin_rewards"."week_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "weeks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"league_id" uuid NOT NULL,
	"week_number" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	"rewards_distributed" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weeks_number" CHECK ("weeks"."week_number" >= 1),
	CONSTRAINT "weeks_dates" CHECK ("weeks"."start_date" < "weeks"."end_date")
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "champion_league_performances" ADD CONSTRAINT "champion_league_performances_champion_id_champions_id_fk" FOREIGN KEY ("champion_id") REFERENCES "public"."champions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "champion_league_performances" ADD CONSTRAINT "champion_league_performances_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_phases" ADD CONSTRAINT "league_phases_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_rules_acceptance" ADD CONSTRAINT "league_rules_acceptance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_rules_acceptance" ADD CONSTRAINT "league_rules_acceptance_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_games" ADD CONSTRAINT "match_games_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_week_id_weeks_id_fk" FOREIGN KEY ("week_id") REFERENCES "public"."weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_stats" ADD CONSTRAINT "player_stats_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_stats" ADD CONSTRAINT "player_stats_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_stats" ADD CONSTRAINT "player_stats_champion_id_champions_id_fk" FOREIGN KEY ("champion_id") REFERENCES "public"."champions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_champions" ADD CONSTRAINT "roster_champions_roster_id_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."rosters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_champions" ADD CONSTRAINT "roster_champions_champion_id_champions_id_fk" FOREIGN KEY ("champion_id") REFERENCES "public"."champions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_champions" ADD CONSTRAINT "roster_champions_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_players" ADD CONSTRAINT "roster_players_roster_id_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."rosters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_players" ADD CONSTRAINT "roster_players_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_players" ADD CONSTRAINT "roster_players_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_point_adjustments" ADD CONSTRAINT "roster_point_adjustments_roster_id_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."rosters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_point_adjustments" ADD CONSTRAINT "roster_point_adjustments_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_points_ledger" ADD CONSTRAINT "roster_points_ledger_roster_id_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."rosters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_snapshots" ADD CONSTRAINT "roster_snapshots_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_snapshots" ADD CONSTRAINT "roster_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_snapshots" ADD CONSTRAINT "roster_snapshots_roster_id_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."rosters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_snapshots" ADD CONSTRAINT "roster_snapshots_phase_id_league_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."league_phases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_week_points" ADD CONSTRAINT "roster_week_points_roster_id_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."rosters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_week_points" ADD CONSTRAINT "roster_week_points_week_id_weeks_id_fk" FOREIGN KEY ("week_id") REFERENCES "public"."weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rosters" ADD CONSTRAINT "rosters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rosters" ADD CONSTRAINT "rosters_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_rules" ADD CONSTRAINT "scoring_rules_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_mvp" ADD CONSTRAINT "series_mvp_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_mvp" ADD CONSTRAINT "series_mvp_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_mvp" ADD CONSTRAINT "series_mvp_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_mvp" ADD CONSTRAINT "series_mvp_week_id_weeks_id_fk" FOREIGN KEY ("week_id") REFERENCES "public"."weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_objectives" ADD CONSTRAINT "team_objectives_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_roster_id_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."rosters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_burrocoin_rewards" ADD CONSTRAINT "weekly_burrocoin_rewards_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_burrocoin_rewards" ADD CONSTRAINT "weekly_burrocoin_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_burrocoin_rewards" ADD CONSTRAINT "weekly_burrocoin_rewards_roster_id_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."rosters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weeks" ADD CONSTRAINT "weeks_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_time_idx" ON "admin_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "champion_league_performances_key" ON "champion_league_performances" USING btree ("champion_id","league_id");--> statement-breakpoint
CREATE UNIQUE INDEX "champions_name_key" ON "champions" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "league_phases_name_key" ON "league_phases" USING btree ("league_id","phase_name");--> statement-breakpoint
CREATE UNIQUE INDEX "league_phases_one_current" ON "league_phases" USING btree ("league_id") WHERE "league_phases"."is_current";--> statement-breakpoint
CREATE INDEX "league_phases_league_order_idx" ON "league_phases" USING btree ("league_id","phase_order");--> statement-breakpoint
CREATE UNIQUE INDEX "league_rules_acceptance_key" ON "league_rules_acceptance" USING btree ("user_id","league_id","rules_version");--> statement-breakpoint
CREATE INDEX "leagues_name_idx" ON "leagues" USING btree ("name");--> statement-breakpoint
CREATE INDEX "matches_week_date_idx" ON "matches" USING btree ("week_id","date");--> statement-breakpoint
CREATE INDEX "matches_league_date_idx" ON "matches" USING btree ("league_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "player_stats_key" ON "player_stats" USING btree ("match_id","player_id","game_number");--> statement-breakpoint
CREATE INDEX "player_stats_player_idx" ON "player_stats" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "players_team_idx" ON "players" USING btree ("team");--> statement-breakpoint
CREATE INDEX "players_tier_name_idx" ON "players" USING btree ("tier","name");--> statement-breakpoint
CREATE UNIQUE INDEX "roster_champions_held_once" ON "roster_champions" USING btree ("roster_id","champion_id") WHERE "roster_champions"."released_at" is null;--> statement-breakpoint
CREATE INDEX "roster_champions_league_champion_idx" ON "roster_champions" USING btree ("league_id","champion_id","acquired_at");--> statement-breakpoint
CREATE INDEX "roster_champions_roster_idx" ON "roster_champions" USING btree ("roster_id","champion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roster_players_held_once" ON "roster_players" USING btree ("roster_id","player_id") WHERE "roster_players"."released_at" is null;--> statement-breakpoint
CREATE INDEX "roster_players_league_player_idx" ON "roster_players" USING btree ("league_id","player_id","acquired_at");--> statement-breakpoint
CREATE INDEX "roster_players_roster_idx" ON "roster_players" USING btree ("roster_id","player_id");--> statement-breakpoint
CREATE INDEX "roster_point_adjustments_roster_idx" ON "roster_point_adjustments" USING btree ("roster_id","created_at");--> statement-breakpoint
CREATE INDEX "roster_points_ledger_roster_idx" ON "roster_points_ledger" USING btree ("roster_id","created_at");--> statement-breakpoint
CREATE INDEX "roster_snapshots_league_date_idx" ON "roster_snapshots" USING btree ("league_id","snapshot_date");--> statement-breakpoint
CREATE INDEX "roster_week_points_week_idx" ON "roster_week_points" USING btree ("week_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rosters_user_league_key" ON "rosters" USING btree ("user_id","league_id");--> statement-breakpoint
CREATE INDEX "rosters_leaderboard_idx" ON "rosters" USING btree ("league_id","total_points" DESC NULLS LAST,"username","id");--> statement-breakpoint
CREATE UNIQUE INDEX "scoring_rules_league_key" ON "scoring_rules" USING btree ("league_id") WHERE "scoring_rules"."league_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "scoring_rules_global_key" ON "scoring_rules" USING btree (("league_id" is null)) WHERE "scoring_rules"."league_id" is null;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_objectives_key" ON "team_objectives" USING btree ("match_id","game_number","team_name");--> statement-breakpoint
CREATE INDEX "transactions_roster_idx" ON "transactions" USING btree ("roster_id","timestamp");--> statement-breakpoint
CREATE INDEX "transactions_user_idx" ON "transactions" USING btree ("user_id","timestamp");--> statement-breakpoint
CREATE INDEX "transactions_league_time_idx" ON "transactions" USING btree ("league_id","timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_burrocoin_rewards_key" ON "weekly_burrocoin_rewards" USING btree ("league_id","week_number","user_id");--> statement-breakpoint
CREATE INDEX "weekly_burrocoin_rewards_league_week_idx" ON "weekly_burrocoin_rewards" USING btree ("league_id","week_number","user_position");--> statement-breakpoint
CREATE UNIQUE INDEX "weeks_league_number_key" ON "weeks" USING btree ("league_id","week_number");
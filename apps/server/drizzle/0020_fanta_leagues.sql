-- Leghe Fanta (issue 31): a league among friends whose squads are drafted by a live auction, each pro player
-- owned by at most one manager of the league. The league's row also holds the auction's live state (the lot
-- on the block, its bid, bidder and the server's end time): every bid is one conditional UPDATE of this row,
-- so two instances can never both accept a bid the other makes stale, nor both close a lot.
CREATE TABLE "fanta_leagues" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "league_id" uuid NOT NULL REFERENCES "leagues"("id") ON DELETE CASCADE,
  "owner_user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "invite_code" text NOT NULL,
  "budget" integer DEFAULT 500 NOT NULL,
  -- per role the players of a squad: {"Top":2,"Jungle":2,"Mid":2,"ADC":2,"Support":2}
  "squad" jsonb NOT NULL,
  "bid_seconds" integer DEFAULT 15 NOT NULL,
  "nomination_order" text DEFAULT 'random' NOT NULL,
  "starts_at" timestamp with time zone,
  "status" text DEFAULT 'setup' NOT NULL,
  "round" text DEFAULT 'main' NOT NULL,
  "member_count" integer DEFAULT 0 NOT NULL,
  "turn_user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "lot_no" integer DEFAULT 0 NOT NULL,
  "lot_player_id" uuid REFERENCES "players"("id") ON DELETE SET NULL,
  "lot_bid" integer,
  "lot_bidder_user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "lot_ends_at" timestamp with time zone,
  -- while paused: what was left of the lot's clock, given back on resume
  "lot_paused_ms" integer,
  -- bumped by every change of the auction: a client keeps the newest state it heard of
  "version" bigint DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "fanta_leagues_status" CHECK ("status" in ('setup', 'running', 'paused', 'ended')),
  CONSTRAINT "fanta_leagues_round" CHECK ("round" in ('main', 'repair')),
  CONSTRAINT "fanta_leagues_order" CHECK ("nomination_order" in ('random', 'manual')),
  CONSTRAINT "fanta_leagues_budget" CHECK ("budget" between 10 and 10000),
  CONSTRAINT "fanta_leagues_bid_seconds" CHECK ("bid_seconds" between 5 and 60),
  CONSTRAINT "fanta_leagues_name_length" CHECK (char_length("name") between 3 and 50),
  CONSTRAINT "fanta_leagues_member_count" CHECK ("member_count" between 0 and 16),
  -- a lot has a bid; its bidder can be gone (a deleted account): such a lot closes without an assignment
  CONSTRAINT "fanta_leagues_lot_whole" CHECK (("lot_player_id" is null) = ("lot_bid" is null) and ("lot_bidder_user_id" is null or "lot_player_id" is not null)),
  CONSTRAINT "fanta_leagues_lot_bid" CHECK ("lot_bid" is null or "lot_bid" >= 1)
);--> statement-breakpoint
CREATE UNIQUE INDEX "fanta_leagues_invite_code_key" ON "fanta_leagues" USING btree ("invite_code");--> statement-breakpoint
CREATE INDEX "fanta_leagues_league_idx" ON "fanta_leagues" USING btree ("league_id");--> statement-breakpoint
CREATE INDEX "fanta_leagues_owner_idx" ON "fanta_leagues" USING btree ("owner_user_id");--> statement-breakpoint
-- each instance's timer looks for lots whose clock ran out
CREATE INDEX "fanta_leagues_lot_ends_idx" ON "fanta_leagues" USING btree ("lot_ends_at") WHERE "status" = 'running' AND "lot_player_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "fanta_league_members" (
  "fanta_league_id" uuid NOT NULL REFERENCES "fanta_leagues"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "credits" integer DEFAULT 0 NOT NULL,
  "turn_pos" integer NOT NULL,
  "joined_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "fanta_league_members_pkey" PRIMARY KEY ("fanta_league_id", "user_id"),
  -- the last line of defence: an assignment that would overdraw a manager fails whole
  CONSTRAINT "fanta_league_members_credits" CHECK ("credits" >= 0)
);--> statement-breakpoint
CREATE INDEX "fanta_league_members_user_idx" ON "fanta_league_members" USING btree ("user_id");--> statement-breakpoint
-- who owns which player in a league: the primary key makes a player owned at most once a league
CREATE TABLE "fanta_ownership" (
  "fanta_league_id" uuid NOT NULL,
  "player_id" uuid NOT NULL REFERENCES "players"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL,
  "role" text NOT NULL,
  "price" integer NOT NULL,
  -- the order of assignments: an undo takes back the newest one
  "seq" bigserial NOT NULL,
  "acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "fanta_ownership_pkey" PRIMARY KEY ("fanta_league_id", "player_id"),
  CONSTRAINT "fanta_ownership_member_fk" FOREIGN KEY ("fanta_league_id", "user_id") REFERENCES "fanta_league_members"("fanta_league_id", "user_id") ON DELETE CASCADE,
  CONSTRAINT "fanta_ownership_price" CHECK ("price" >= 1)
);--> statement-breakpoint
CREATE INDEX "fanta_ownership_member_idx" ON "fanta_ownership" USING btree ("fanta_league_id", "user_id");--> statement-breakpoint
CREATE INDEX "fanta_ownership_seq_idx" ON "fanta_ownership" USING btree ("fanta_league_id", "seq");--> statement-breakpoint
-- the accepted bids of each lot (the room shows the current lot's)
CREATE TABLE "fanta_bids" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "fanta_league_id" uuid NOT NULL REFERENCES "fanta_leagues"("id") ON DELETE CASCADE,
  "lot_no" integer NOT NULL,
  "player_id" uuid NOT NULL REFERENCES "players"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "amount" integer NOT NULL,
  "at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);--> statement-breakpoint
CREATE INDEX "fanta_bids_lot_idx" ON "fanta_bids" USING btree ("fanta_league_id", "lot_no", "amount");--> statement-breakpoint
-- every assignment, undo and release, visible to the league's members
CREATE TABLE "fanta_history" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "fanta_league_id" uuid NOT NULL REFERENCES "fanta_leagues"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "player_id" uuid NOT NULL REFERENCES "players"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "price" integer NOT NULL,
  -- what the manager's credits changed by: −price, +price (undo) or +half (release)
  "credits_change" integer NOT NULL,
  "by_user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "offline" boolean DEFAULT false NOT NULL,
  "round" text DEFAULT 'main' NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "fanta_history_kind" CHECK ("kind" in ('assign', 'undo', 'release'))
);--> statement-breakpoint
CREATE INDEX "fanta_history_league_idx" ON "fanta_history" USING btree ("fanta_league_id", "id");

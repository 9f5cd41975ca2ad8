CREATE TABLE "private_leagues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"league_id" uuid NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"owner_roster_id" uuid NOT NULL,
	"name" text NOT NULL,
	"invite_code" text NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"members_version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_leagues_name_length" CHECK (char_length("private_leagues"."name") between 3 and 50),
	CONSTRAINT "private_leagues_member_count" CHECK ("private_leagues"."member_count" >= 0)
);--> statement-breakpoint
CREATE TABLE "private_league_members" (
	"private_league_id" uuid NOT NULL,
	"roster_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_league_members_pkey" PRIMARY KEY("private_league_id","roster_id")
);--> statement-breakpoint
ALTER TABLE "private_leagues" ADD CONSTRAINT "private_leagues_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_leagues" ADD CONSTRAINT "private_leagues_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_leagues" ADD CONSTRAINT "private_leagues_owner_roster_id_rosters_id_fk" FOREIGN KEY ("owner_roster_id") REFERENCES "public"."rosters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_league_members" ADD CONSTRAINT "private_league_members_private_league_id_private_leagues_id_fk" FOREIGN KEY ("private_league_id") REFERENCES "public"."private_leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_league_members" ADD CONSTRAINT "private_league_members_roster_id_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."rosters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_league_members" ADD CONSTRAINT "private_league_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "private_leagues_invite_code_key" ON "private_leagues" USING btree ("invite_code");--> statement-breakpoint
CREATE INDEX "private_leagues_league_idx" ON "private_leagues" USING btree ("league_id","created_at");--> statement-breakpoint
CREATE INDEX "private_leagues_owner_idx" ON "private_leagues" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "private_leagues_owner_roster_idx" ON "private_leagues" USING btree ("owner_roster_id");--> statement-breakpoint
CREATE INDEX "private_league_members_user_idx" ON "private_league_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "private_league_members_roster_idx" ON "private_league_members" USING btree ("roster_id");--> statement-breakpoint
CREATE FUNCTION "private_league_members_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "private_leagues" p SET "member_count" = p."member_count" - o.c, "members_version" = p."members_version" + 1
  FROM (SELECT "private_league_id", count(*) AS c FROM old_members GROUP BY "private_league_id") o
  WHERE p."id" = o."private_league_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "private_league_members_removed" AFTER DELETE ON "private_league_members"
  REFERENCING OLD TABLE AS old_members FOR EACH STATEMENT EXECUTE FUNCTION "private_league_members_removed"();

-- Oracle's Elixir import (issue 13): the file's player id remembered on the player, and the file's team
-- names a league admin mapped to one of the league's teams.
ALTER TABLE "players" ADD COLUMN "oe_player_id" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "players_oe_player_id_key" ON "players" USING btree ("oe_player_id") WHERE "oe_player_id" is not null;
--> statement-breakpoint
CREATE TABLE "team_aliases" (
	"league_id" uuid NOT NULL,
	"alias_key" text NOT NULL,
	"alias" text NOT NULL,
	"team_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_aliases_pk" PRIMARY KEY("league_id","alias_key"),
	CONSTRAINT "team_aliases_alias_length" CHECK (char_length("alias") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "team_aliases" ADD CONSTRAINT "team_aliases_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;

CREATE TABLE "roster_points_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"roster_id" uuid NOT NULL,
	"delta" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roster_points_ledger" ADD CONSTRAINT "roster_points_ledger_roster_id_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."rosters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_points_ledger_roster_idx" ON "roster_points_ledger" USING btree ("roster_id","created_at");
CREATE TABLE "admin_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"league_id" uuid NOT NULL,
	"started_by" uuid,
	"started_by_name" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"phase" text DEFAULT '' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"message" text,
	"result" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "admin_jobs_kind" CHECK ("admin_jobs"."kind" in ('recalculation', 'import')),
	CONSTRAINT "admin_jobs_status" CHECK ("admin_jobs"."status" in ('running', 'done', 'failed')),
	CONSTRAINT "admin_jobs_progress" CHECK ("admin_jobs"."done" >= 0 and "admin_jobs"."done" <= "admin_jobs"."total"),
	CONSTRAINT "admin_jobs_finished" CHECK (("admin_jobs"."status" = 'running') = ("admin_jobs"."finished_at" is null))
);--> statement-breakpoint
ALTER TABLE "admin_jobs" ADD CONSTRAINT "admin_jobs_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_jobs" ADD CONSTRAINT "admin_jobs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_jobs_one_running" ON "admin_jobs" USING btree ("league_id","kind") WHERE "admin_jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "admin_jobs_league_kind_idx" ON "admin_jobs" USING btree ("league_id","kind","started_at");
